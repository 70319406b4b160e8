// The payout reconciliation check (docs/decisions/038-reconciliation.md) on DynamoDB Local and the Stripe sandbox
// through the real SDK: an office paid out once to the bank and once still in flight is clean; a payout whose status
// is written back to `in_progress` straight into the table (its net no longer in flight) is found, and only by the
// payout check of the money this file moved (the office's earnings are posted directly, as payouts-harness does, so
// the escrow and wallet checks have no artist lots or fans to compare here and are not asserted).
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payoutKey } from '../../functions/data/keys';
import type { ReconciliationDependencies } from '../../functions/services/admin/reconciliation';
import { runReconciliationChecks } from '../../functions/services/admin/reconciliation';
import type { PayoutHarness } from '../support/payouts-harness';
import {
  day,
  fundOffice,
  fundPlatform,
  givenOffice,
  log,
  onboardOffice,
  startPayoutHarness,
} from '../support/payouts-harness';

let harness: PayoutHarness;
let deps: ReconciliationDependencies;
const paid = { officeId: '', payoutId: '', openPayoutId: '' };

beforeAll(async () => {
  harness = await startPayoutHarness();
  deps = harness.deps;
  const { officeId, admin } = await givenOffice(harness.deps);
  await onboardOffice(harness, officeId, admin);
  await fundPlatform(harness, 40_000);
  await fundOffice(harness.deps, officeId, 10_000);
  const { createPayout } = await import('../../functions/services/connect/payouts');
  const first = await createPayout(harness.deps, admin, { officeId }, log);
  await harness.sandbox.settle();
  await harness.advance(3 * day);
  await fundOffice(harness.deps, officeId, 5_000);
  const second = await createPayout(harness.deps, admin, { officeId }, log);
  await harness.sandbox.settle();
  Object.assign(paid, { officeId, payoutId: first.id, openPayoutId: second.id });
}, 120_000);

afterAll(async () => {
  await harness.stop();
});

async function payoutCheck() {
  const [ledger, payout] = await runReconciliationChecks(deps, ['ledger', 'payout']);
  return { ledger, payout };
}

describe('the payout check', () => {
  it('is clean for a payout the bank has and one still in flight', async () => {
    const { ledger, payout } = await payoutCheck();
    expect(ledger?.problems).toEqual([]);
    expect(payout?.problems).toEqual([]);
    expect(payout?.checked).toBe(3);
  });

  it('finds a completed payout whose status was written back to in_progress straight into the table, and only its own', async () => {
    const table = deps.table;
    const setStatus = (status: string) =>
      table.client.send(
        new UpdateCommand({
          TableName: table.name,
          Key: payoutKey(paid.payoutId),
          UpdateExpression: 'SET #status = :status',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: { ':status': status },
        }),
      );
    await setStatus('in_progress');
    try {
      const { ledger, payout } = await payoutCheck();
      expect(ledger?.problems).toEqual([]);
      expect(payout?.problems).toEqual([
        expect.objectContaining({ check: 'payout', subject: `connect-in-flight:${paid.officeId}` }),
      ]);
    } finally {
      await setStatus('completed');
    }
    expect((await payoutCheck()).payout?.problems).toEqual([]);
  });
});
