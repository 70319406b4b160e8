// Runs the deterministic simulation (`npm run sim`, the simulation test, `npm run bench`): one seeded world, in the
// spirit of TigerBeetle's VOPR, as a fast-check model-based property. fast-check draws the command sequence from the
// seed, one list for every six days; the world's other chance (ids, faults, the webhook path) is named by the seed and
// the step the world is in (`list 3 command 5`, `day 40 pie-renewals`), and the product clock moves only as the
// world moves it (each command a few minutes after the last, each day's jobs at their hours), so the seed reproduces
// the run and a failure shrinks to its shortest command sequence. What is printed holds no wall-clock time and no
// Stripe id, so the same seed prints the same lines, the last one byte for byte.
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { upsertCatalogueArtists } from '../../functions/data/catalogue/artists';
import { getClock } from '../../functions/runtime/clock';
import { loadApiHandlers } from './command-support';
import { ProductFault, simulationCommands } from './commands';
import type { FaultName, FaultRates, PlantedBug } from './faults';
import { createWebhookFaults, defaultFaults, noFaults } from './faults';
import type { CatalogueArtist, SimModel } from './model';
import { emptyModel } from './model';
import type { Start } from './prelude';
import { runStart, startDays } from './prelude';
import { streamOf } from './random';
import { closeTrace, openTrace, trace } from './trace';
import { SimReal, SimulationBreak } from './real';
import type { Engine } from './world';
import { openWorld, seedIds, startEngine, tick } from './world';

export interface SimulationOptions {
  seed: number;
  months: number;
  /** Days to simulate instead of whole months (short runs: tests), the start's days included. */
  days?: number;
  /** Where the run starts instead of an empty world (test/simulation/prelude.ts): the drawn commands come after it. */
  start?: Start;
  /** Fault rates; `true` for the default rates, `false` for none. */
  faults?: boolean | FaultRates;
  plant?: readonly PlantedBug[];
  /** The most commands fast-check draws (the rest of the months pass after them). */
  maxCommands?: number;
  /** How long a failure may shrink, in ms of wall time (0: report the first failure as it is). */
  shrinkBudgetMs?: number;
  /** fast-check's replay path of a shrunk failure. */
  path?: string;
  /** DynamoDB Local to use (the integration tests' own); started by the engine otherwise. */
  dynamoEndpoint?: string;
  /** Each line of the report as it is written. */
  out?: (line: string) => void;
}

export interface SimulationReport {
  ok: boolean;
  seed: number;
  months: number;
  days: number;
  fanDays: number;
  commands: number;
  checksRun: number;
  jobRuns: number;
  faultsInjected: number;
  faults: Record<FaultName, number>;
  /** The failure: its day, its problems, the shortest command sequence found and its replay path. */
  failure: { day: number; problems: string[]; commands: string; log: string[]; path: string | null } | null;
  lines: string[];
  /** The command log of the run shown (every command and day, in words). */
  log: string[];
  lastLine: string;
  elapsedMs: number;
}

const stripeIds =
  /\b(?:cus|ch|in|re|dp|du|tr|trr|po|acct|sub|evt|txn|pi|cs|py|pm|ii|il|prod|price|ba)_[A-Za-z0-9]+/g;
const instants = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z/g;

/** A line safe to compare byte for byte: Stripe's random ids and instants left out. */
export function stable(line: string): string {
  return line.replace(stripeIds, '<stripe-id>').replace(instants, '<instant>');
}

/** The catalogue's artists: the long tail every run draws its listening from (ids from the seed). */
function catalogueOf(seed: number): CatalogueArtist[] {
  const random = streamOf(seed, 'catalogue');
  const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  return Array.from({ length: 8 }, (_, index) => ({
    id: Array.from({ length: 22 }, () => alphabet[Math.floor(random() * alphabet.length)]).join(''),
    name: `Sim Artist ${index + 1}`,
  }));
}

/** Product time between one person's action and the next. */
const minutesBetweenCommands = 7;

type Command = fc.AsyncCommand<SimModel, SimReal>;

/**
 * The list's commands, each run as a step of its own (`list 3 command 5`: what it decides is named after it) a few
 * minutes of product time after the one before. fast-check's own commands are called through, so it still knows which
 * ran (for shrinking).
 */
function asSteps(engine: Engine, list: number, commands: Iterable<Command>): Iterable<Command> {
  return {
    *[Symbol.iterator]() {
      let index = 0;
      for (const command of commands) {
        const step = `list ${list} command ${index}`;
        index += 1;
        yield {
          check: (model: Readonly<SimModel>) => command.check(model),
          run: async (model: SimModel, real: SimReal) => {
            await real.world.quiet();
            engine.faults.enter(step);
            trace(`command ${command.toString()}`);
            tick(minutesBetweenCommands * 60_000);
            await command.run(model, real);
          },
          toString: () => command.toString(),
        };
      }
    },
  };
}

interface RunOutcome {
  model: SimModel;
  real: SimReal;
  error: unknown;
  faults: Record<FaultName, number> | null;
}

export async function runSimulation(options: SimulationOptions): Promise<SimulationReport> {
  const started = Date.now();
  const lines: string[] = [];
  const say = (line: string) => {
    const safe = stable(line);
    lines.push(safe);
    options.out?.(safe);
  };
  const rates: FaultRates =
    options.faults === false
      ? noFaults
      : options.faults === true || options.faults === undefined
        ? defaultFaults
        : options.faults;
  const plant = options.plant ?? [];
  const totalDays = options.days ?? options.months * 30;
  const firstDay = options.start ? startDays[options.start] : 0;
  const periods = Math.max(1, Math.ceil((totalDays - firstDay) / 6));
  const engine: Engine = await startEngine(
    options.dynamoEndpoint ? { endpoint: options.dynamoEndpoint } : {},
  );
  openTrace();
  await loadApiHandlers();
  await (await import('../support/payments-harness')).loadHandlers();
  say(
    `simulation seed=${options.seed} ${options.days === undefined ? `months=${options.months}` : `days=${options.days}`}${options.start ? ` start=${options.start}` : ''} faults=${rates === noFaults ? 'off' : 'on'} planted=${plant.join(',') || 'none'}`,
  );

  // The first failing run, the last failing one (the counterexample fast-check reports: it ends on the smallest it
  // found) and the last run of all.
  const runsSeen: { first: RunOutcome | null; failing: RunOutcome | null; last: RunOutcome | null } = {
    first: null,
    failing: null,
    last: null,
  };
  let runs = 0;
  const shrinkBudget = options.shrinkBudgetMs ?? 120_000;
  let failedAt: number | null = null;
  /** The list the seed's own run failed in: a shrunk candidate that gets past it without failing does not reproduce. */
  let failedList: number | null = null;
  let list = 0;
  const overBudget = () => failedAt !== null && Date.now() - failedAt > shrinkBudget;

  const property = fc.asyncProperty(
    // A list of commands for every six days: people act, then the days run out (a failure shrinks list by list)
    fc.array(simulationCommands({ maxCommands: options.maxCommands ?? 40 }), {
      minLength: periods,
      maxLength: periods,
    }),
    async (lists) => {
      // Shrinking has a budget of wall time: past it, every candidate passes and the shortest failure so far stands.
      if (overBudget()) return true;
      runs += 1;
      engine.faults.configure({ seed: options.seed, rates, plant });
      seedIds(options.seed, engine.faults);
      engine.faults.enter('open');
      const webhooks = createWebhookFaults(engine.faults, () => getClock().now().getTime());
      const world = await openWorld(engine, { deliver: webhooks.deliver });
      webhooks.useSecret(world.sandbox.webhookSecret);
      const model = emptyModel(catalogueOf(options.seed));
      const real = new SimReal(world, webhooks);
      const outcome: RunOutcome = { model, real, error: null, faults: null };
      runsSeen.last = outcome;
      try {
        await upsertCatalogueArtists(world.table, model.artists, getClock().now());
        if (options.start) await runStart(options.start, engine, model, real, minutesBetweenCommands);
        for (const [index, commands] of lists.entries()) {
          list = index;
          if (failedList !== null && (list > failedList || overBudget())) return true;
          // The list's days: its commands may let some pass (AdvanceDays), the rest pass after them.
          model.periodEnd = Math.min(firstDay + (list + 1) * 6, totalDays);
          await fc.asyncModelRun(() => ({ model, real }), asSteps(engine, list, commands));
          while (model.days < model.periodEnd) {
            model.days += 1;
            model.log.push(`day ${model.days} passes`);
            await real.passDay(model);
          }
          if (runsSeen.first === null && (model.days % 30 === 0 || model.days === totalDays)) {
            say(
              `${model.days % 30 === 0 ? `month ${model.days / 30}` : `day ${model.days}`}: ${model.fans.length} fans, ${model.expect.paidCheckouts.length} checkouts paid, ${model.expect.refunds.length} refunds, ${model.offices.length} offices, ${model.expect.payouts.length} payouts; ${real.counters.checksRun} checks clean`,
            );
          }
        }
        await real.finish(model);
        outcome.faults = engine.faults.counts();
        return true;
      } catch (error) {
        outcome.error = error;
        outcome.faults = engine.faults.counts();
        runsSeen.first ??= outcome;
        runsSeen.failing = outcome;
        failedAt ??= Date.now();
        failedList ??= list;
        throw error;
      } finally {
        await world.close();
      }
    },
  );

  const details = await fc.check(property, {
    seed: options.seed,
    numRuns: 1,
    ...(options.path ? { path: options.path } : {}),
    endOnFailure: shrinkBudget === 0,
  });

  const shown: RunOutcome | null = details.failed ? (runsSeen.failing ?? runsSeen.first) : runsSeen.last;
  const counters = (shown ?? runsSeen.last)?.real.counters;
  const faults = shown?.faults ?? engine.faults.counts();
  const faultsInjected = Object.values(faults).reduce((sum, n) => sum + n, 0);
  let failure: SimulationReport['failure'] = null;
  let lastLine: string;
  if (details.failed) {
    const error = shown?.error ?? details.errorInstance;
    const problems = error instanceof SimulationBreak ? error.problems : [describe(error)];
    const day = error instanceof SimulationBreak ? error.day : (shown?.model.days ?? 0);
    const commands = details.counterexample
      ? details.counterexample[0]
          .map((period, index) => `days ${index * 6 + 1}-${index * 6 + 6}: [${String(period)}]`)
          .join(' ')
      : '?';
    failure = {
      day,
      problems,
      commands,
      log: shown?.model.log.slice(-25) ?? [],
      path: details.counterexamplePath,
    };
    say(`FAILED after ${runs} runs (shrunk ${details.numShrinks} times)`);
    say(`shortest command sequence: ${commands}`);
    for (const line of failure.log) say(`  ${line}`);
    for (const problem of problems.slice(0, 10)) say(`  problem: ${problem}`);
    say(
      `replay: npm run sim -- --seed ${options.seed} ${options.days === undefined ? `--months ${options.months}` : `--days ${options.days}`}${options.start ? ` --start ${options.start}` : ''}${plant.length ? ` --plant ${plant.join(',')}` : ''}${rates === noFaults ? ' --no-faults' : ''}${details.counterexamplePath ? ` --path ${details.counterexamplePath}` : ''}`,
    );
    say(`faults injected: ${formatFaults(faults)}`);
    // The last line names the seed's own failure (the first run's), which every run of the seed meets the same way;
    // how far shrinking got within its wall-time budget shows only in the lines above.
    const first = runsSeen.first?.error ?? error;
    const firstDay = first instanceof SimulationBreak ? first.day : (runsSeen.first?.model.days ?? day);
    const firstProblem = first instanceof SimulationBreak ? first.problems[0] : describe(first);
    lastLine = stable(`FAIL seed=${options.seed} day=${firstDay}: ${firstProblem ?? 'failed'}`);
  } else {
    // What happened, in one line to compare between runs of the seed: every command and day of the log, hashed.
    const log = shown?.model.log ?? [];
    say(
      `${log.length} steps logged, log ${createHash('sha256').update(log.join('\n')).digest('hex').slice(0, 16)}`,
    );
    say(`faults injected: ${formatFaults(faults)}`);
    lastLine = `PASS seed=${options.seed} months=${options.months} days=${counters?.days ?? 0} fans=${counters?.fans ?? 0}`;
  }
  say(lastLine);
  for (const line of shown?.model.log ?? []) trace(`log ${line}`);
  closeTrace();
  return {
    ok: !details.failed,
    seed: options.seed,
    months: options.months,
    days: counters?.days ?? 0,
    fanDays: counters?.fanDays ?? 0,
    commands: shown?.model.log.length ?? 0,
    checksRun: counters?.checksRun ?? 0,
    jobRuns: counters?.jobRuns ?? 0,
    faultsInjected,
    faults,
    failure,
    lines,
    log: (shown?.model.log ?? []).map(stable),
    lastLine: stable(lastLine),
    elapsedMs: Date.now() - started,
  };
}

function describe(error: unknown): string {
  if (error instanceof ProductFault) return `product: ${error.message}`;
  if (error instanceof Error) return `${error.name}: ${error.message.split('\n')[0] ?? ''}`;
  return String(error);
}

function formatFaults(faults: Record<FaultName, number>): string {
  return (
    Object.entries(faults)
      .filter(([, count]) => count > 0)
      .map(([name, count]) => `${name} ${count}`)
      .join(', ') || 'none'
  );
}
