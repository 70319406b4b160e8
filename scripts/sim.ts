// `npm run sim -- --seed N --months M [--days D] [--start funded-office] [--no-faults]
// [--plant ledger-idempotency|balance-guard] [--path P] [--shrink-seconds S]`: the deterministic simulation of test/simulation/ (one seeded world of fans, pies, refunds,
// disputes, claims and payouts on DynamoDB Local and the Stripe sandbox, under faults), checked after every simulated
// day. Prints its progress and, on a failure, the seed, the day and the shortest command sequence; the last line is
// the same for the same seed, byte for byte. Exits 1 when the simulation breaks.
import '../test/support/env-setup';
import { parseArgs } from 'node:util';
import type { PlantedBug } from '../test/simulation/faults';
import { plantedBugs } from '../test/simulation/faults';
import type { Start } from '../test/simulation/prelude';
import { starts } from '../test/simulation/prelude';
import { runSimulation } from '../test/simulation/run';
import { stopEngine } from '../test/simulation/world';

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: '1' },
    months: { type: 'string', default: '1' },
    days: { type: 'string' },
    start: { type: 'string' },
    'no-faults': { type: 'boolean', default: false },
    plant: { type: 'string' },
    path: { type: 'string' },
    'max-commands': { type: 'string' },
    'shrink-seconds': { type: 'string', default: '120' },
  },
});

function whole(name: string, value: string | undefined): number {
  const number = Number(value);
  if (!Number.isSafeInteger(number) || number < 0) {
    console.error(`--${name} takes a whole number, not ${String(value)}`);
    process.exit(2);
  }
  return number;
}

const plant = (values.plant ? values.plant.split(',') : []).map((bug) => {
  if (!(plantedBugs as readonly string[]).includes(bug)) {
    console.error(`--plant takes ${plantedBugs.join(' or ')}, not ${bug}`);
    process.exit(2);
  }
  return bug as PlantedBug;
});

if (values.start !== undefined && !(starts as readonly string[]).includes(values.start)) {
  console.error(`--start takes ${starts.join(' or ')}, not ${values.start}`);
  process.exit(2);
}
const start = values.start as Start | undefined;

const started = Date.now();
let code: number;
try {
  const report = await runSimulation({
    seed: whole('seed', values.seed),
    months: Math.max(1, whole('months', values.months)),
    ...(values.days ? { days: Math.max(1, whole('days', values.days)) } : {}),
    ...(start ? { start } : {}),
    faults: !values['no-faults'],
    plant,
    ...(values.path ? { path: values.path } : {}),
    ...(values['max-commands'] ? { maxCommands: whole('max-commands', values['max-commands']) } : {}),
    shrinkBudgetMs: whole('shrink-seconds', values['shrink-seconds']) * 1000,
    out: (line) => console.log(line),
  });
  // Wall time goes to stderr, so stdout stays the same for the same seed.
  console.error(
    `(${((Date.now() - started) / 1000).toFixed(1)} s; ${report.fanDays} fan-days, ${report.checksRun} checks, ${report.faultsInjected} faults)`,
  );
  code = report.ok ? 0 : 1;
} finally {
  await stopEngine();
}
process.exit(code);
