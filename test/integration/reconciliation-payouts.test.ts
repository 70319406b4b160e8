// The payout reconciliation check (docs/decisions/038-reconciliation.md) on DynamoDB Local and the Stripe sandbox
// through the real SDK: an office paid out once to the bank and once still in flight is clean; a payout whose status
// is written back to `in_progress` straight into the table (its net no longer in flight) is found, and only by the
// payout check of the money this file moved (the office's earnings are posted directly, as payouts-harness does, so
// the escrow and wallet checks have no artist lots or fans to compare here and are not asserted). The daily run from
// its checkpoint (decision 054) reads the payouts still open and those changed lately through the payouts' indexes,
// not every office's whole list, and checks the same payouts.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payoutKey } from '../../functions/data/keys';
import { listOpenPayouts, listPayoutsChangedSince } from '../../functions/data/payouts';
import type { ReconciliationDependencies } from '../../functions/services/admin/reconciliation';
import { checksOver, runReconciliationChecks } from '../../functions/services/admin/reconciliation';
import { readChanges } from '../../functions/services/admin/reconciliation-reading';
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

/** The Queries of an office's whole payout list (gsi1 `OFFICE_PAYOUTS#…`) sent while `counting`. */
const officeLists = { counting: false, queries: 0 };

describe('the daily run from its checkpoint', () => {
  beforeAll(() => {
    deps.table.client.middlewareStack.add(
      (next) => async (args) => {
        const values = (args.input as { ExpressionAttributeValues?: Record<string, unknown> })
          .ExpressionAttributeValues;
        const pk = values?.[':pk'];
        if (officeLists.counting && typeof pk === 'string' && pk.startsWith('OFFICE_PAYOUTS#'))
          officeLists.queries += 1;
        return next(args);
      },
      { step: 'initialize', name: 'countOfficePayoutLists' },
    );
  });

  it('keeps the open payouts in their own partition until they complete, and the changed ones by when', async () => {
    const now = deps.clock.now();
    expect((await listOpenPayouts(deps.table)).map((payout) => payout.id)).toEqual([paid.openPayoutId]);
    const changed = await listPayoutsChangedSince(deps.table, new Date(now.getTime() - 10 * day), now);
    expect(new Set(changed.map((payout) => payout.id))).toEqual(new Set([paid.payoutId, paid.openPayoutId]));
    expect(await listPayoutsChangedSince(deps.table, new Date(now.getTime() + 1000), now)).toEqual([]);
  });

  it("reads no office's whole payout list from a checkpoint, and checks the payout still open", async () => {
    // A checkpoint a minute back, after both payouts were made (this file's money is posted straight to the office,
    // so its escrow and stripe checks are not clean, and the daily run would read everything: the reading is made
    // here as the daily run makes it).
    const now = deps.clock.now();
    const checkpoint = { cutoff: new Date(now.getTime() - 60_000).toISOString(), at: now.toISOString() };
    officeLists.counting = true;
    try {
      const reading = await readChanges(deps.table, checkpoint, now);
      const [payout] = await checksOver(deps, reading, ['payout', 'stripe'], now);
      expect(payout?.problems).toEqual([]);
      // Both payouts (the office's accounts have no checkpoint of their own here, so their entries since the start
      // name both payouts' transactions) and the office's money in flight.
      expect(payout?.checked).toBe(3);
    } finally {
      officeLists.counting = false;
    }
    expect(officeLists.queries).toBe(0);
  });
});
