// The deterministic simulation (test/simulation/, `npm run sim`) in short: two seeds of a few days of fans, pies,
// refunds, disputes, claims, give-backs and payouts under every fault (DynamoDB throttling, ledger transactions run
// twice, lost replies, jobs killed between writes, Stripe errors and lost replies, webhooks duplicated and late),
// every day ending with the reconciliation checks, the ledger audit, the money identity and the auditor; and a planted
// bug (a test-only switch stripping the ledger write's idempotency condition) caught. The balance-guard plant shows
// only after months, so `npm run sim -- --seed 1 --months 2 --plant balance-guard` proves it, not this file.
import { afterAll, describe, expect, inject, it } from 'vitest';
import { runSimulation } from '../simulation/run';
import { stopEngine } from '../simulation/world';

const dynamoEndpoint = inject('dynamodbEndpoint');

afterAll(async () => {
  await stopEngine();
});

describe('the deterministic simulation', () => {
  it('keeps every day clean under faults, for two seeds', async () => {
    for (const seed of [1, 2]) {
      const report = await runSimulation({
        seed,
        months: 1,
        days: 6,
        faults: true,
        dynamoEndpoint,
        shrinkBudgetMs: 0,
      });
      expect(report.failure, report.lines.join('\n')).toBeNull();
      expect(report.lastLine).toMatch(new RegExp(`^PASS seed=${seed} `));
      expect(report.checksRun).toBeGreaterThan(0);
    }
  }, 240_000);

  it('catches a ledger write stripped of its idempotency condition', async () => {
    const report = await runSimulation({
      seed: 1,
      months: 1,
      days: 12,
      faults: true,
      plant: ['ledger-idempotency'],
      dynamoEndpoint,
      shrinkBudgetMs: 0,
    });
    expect(report.ok).toBe(false);
    expect(report.lastLine).toMatch(/^FAIL seed=1 day=\d+: /);
  }, 240_000);
});
