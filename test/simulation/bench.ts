// The simulation as `npm run bench` reports it: a long seeded run under faults, as simulated fan-months a second,
// faults injected, invariant checks run and breaks (0 when every day was clean).
import { runSimulation } from './run';
import { stopEngine } from './world';

export interface SimulationBenchFigures {
  fanMonthsPerSecond: number;
  faultsInjected: number;
  checksRun: number;
  breaks: number;
  lastLine: string;
}

export async function benchSimulation(
  options: { seed?: number; months?: number; days?: number } = {},
): Promise<SimulationBenchFigures> {
  try {
    const report = await runSimulation({
      seed: options.seed ?? 1,
      months: options.months ?? 3,
      ...(options.days === undefined ? {} : { days: options.days }),
      faults: true,
      shrinkBudgetMs: 0,
    });
    return {
      fanMonthsPerSecond: report.fanDays / 30 / (report.elapsedMs / 1000),
      faultsInjected: report.faultsInjected,
      checksRun: report.checksRun,
      breaks: report.ok ? 0 : 1,
      lastLine: report.lastLine,
    };
  } finally {
    await stopEngine();
  }
}
