// The deterministic simulation (test/simulation/, `npm run sim`) in short: two seeds of a few days of fans, pies,
// refunds, disputes, claims, give-backs and payouts under every fault (DynamoDB throttling, ledger transactions run
// twice, lost replies, jobs killed between writes, Stripe errors and lost replies, webhooks duplicated and late),
// every day ending with the reconciliation checks, the ledger audit, the money identity and the auditor; the same seed
// run twice prints the same lines (its command log's hash and fault counts among them) and the same last line; and the
// planted bugs caught: a test-only switch stripping the ledger write's idempotency condition, within days when ledger
// transactions are replayed often, and one stripping the guard that keeps an office's payable at or above zero, on
// the first day of a world a month old whose office gives back while asking to be paid out (the payout a request
// into the give-back). test/simulation/README.md gives the seeds and commands that reproduce both.
import { afterAll, describe, expect, inject, it } from 'vitest';
import { defaultFaults } from '../simulation/faults';
import { runSimulation } from '../simulation/run';
import { stopEngine } from '../simulation/world';

const dynamoEndpoint = inject('dynamodbEndpoint');

afterAll(async () => {
  await stopEngine();
});

const short = { months: 1, days: 4, faults: true, dynamoEndpoint, shrinkBudgetMs: 0 } as const;

describe('the deterministic simulation', () => {
  it('keeps every day clean under faults, and prints the same lines on every run of a seed', async () => {
    const first = await runSimulation({ ...short, seed: 1 });
    expect(first.failure, first.lines.join('\n')).toBeNull();
    expect(first.lastLine).toMatch(/^PASS seed=1 /);
    expect(first.checksRun).toBeGreaterThan(0);
    expect(first.faultsInjected).toBeGreaterThan(0);

    // Another seed between the two, so the second run of seed 1 meets a warm process (modules loaded, connections
    // open, caches filled) where the first met a cold one: neither may change what the seed does.
    const other = await runSimulation({ ...short, seed: 2 });
    expect(other.failure, other.lines.join('\n')).toBeNull();
    expect(other.lastLine).toMatch(/^PASS seed=2 /);

    const again = await runSimulation({ ...short, seed: 1 });
    expect(again.log).toEqual(first.log);
    expect(again.lines).toEqual(first.lines);
    expect(again.lastLine).toBe(first.lastLine);
    expect(again.faults).toEqual(first.faults);
  }, 240_000);

  it('catches a ledger write stripped of its idempotency condition', async () => {
    const report = await runSimulation({
      ...short,
      // The seed whose first days pay a pie (a ledger transaction to replay) with today's commands
      seed: 17,
      days: 3,
      faults: { ...defaultFaults, transactionReplay: 0.5 },
      plant: ['ledger-idempotency'],
    });
    expect(report.ok).toBe(false);
    expect(report.lastLine).toMatch(/^FAIL seed=17 day=\d+: /);
  }, 240_000);

  it('catches a payable lowered without its balance guard, and passes with the guard', async () => {
    // The seed whose first day after the month (day 32) races a give-back with a payout on the funded office
    const run = { ...short, seed: 8, days: 32, start: 'funded-office' } as const;
    const planted = await runSimulation({ ...run, plant: ['balance-guard'] });
    expect(planted.ok).toBe(false);
    expect(planted.lastLine).toMatch(
      /^FAIL seed=8 day=32: reconciliation ledger: office-payable:\S+ is owed to someone and may never be negative\.$/,
    );
    const guarded = await runSimulation(run);
    expect(guarded.failure, guarded.lines.join('\n')).toBeNull();
  }, 240_000);
});
