// Payouts of offices (decision 029) on DynamoDB Local and the Stripe sandbox through the real SDK:
// a payout books one ledger transaction and one transfer, reaches `completed` when the bank has it (payout.paid two
// days later), pays once for two requests at once, never more than the payable, and a refused transfer leaves the
// payable as it was. The ledger audit runs after the file.
import { randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { TableRef } from '../../functions/data/table';
import { createClaim } from '../../functions/data/claims';
import { accountIdOf } from '../../functions/domain/money/ledger';
import type { PayoutHarness } from '../support/payouts-harness';
import { tableWithHook } from '../support/table-hooks';
import {
  balanceOf,
  balances,
  codeOf,
  day,
  fundOffice,
  fundPlatform,
  givenPayableOffice,
  inFlightOf,
  log,
  payableOf,
  payoutHarnessPerTest,
  payouts,
  transfersTo,
} from '../support/payouts-harness';

const startHarness = payoutHarnessPerTest();

/**
 * The table, but the first `count` reads of an item whose key starts with `prefix` wait for each other: requests
 * started together then all read before any writes, the worst case of a race.
 */
function readingTogether(table: TableRef, prefix: string, count: number): TableRef {
  let waiting: (() => void)[] = [];
  let arrived = 0;
  return tableWithHook(table, async (command, pass) => {
    const pk = command.input?.Key?.['pk'];
    if (command instanceof GetCommand && typeof pk === 'string' && pk.startsWith(prefix) && arrived < count) {
      arrived += 1;
      await new Promise<void>((resolve) => {
        waiting.push(resolve);
        if (waiting.length === count) {
          for (const release of waiting) release();
          waiting = [];
        }
      });
    }
    return pass();
  });
}

describe('POST stripe/create-payout', () => {
  it('pays the whole payable after its fees, and completes when Stripe says the bank has it (3 days later)', async () => {
    // Prepare
    const h = await startHarness();
    const { officeId, admin, accountId } = await givenPayableOffice(h, 10_000, 20_000);
    const { createPayout } = await payouts();
    const { checkMonthlyFee, readPayout, readTotalPayout } = await balances();
    const preview = await checkMonthlyFee(h.deps, admin, officeId);
    // Act
    const payout = await createPayout(h.deps, admin, { officeId }, log);
    await h.sandbox.settle();
    const afterRequest = await readPayout(h.deps, admin, officeId, payout.id);
    const inFlight = await balanceOf(h.deps, inFlightOf(officeId));
    await h.advance(3 * day);
    // Assess
    expect(preview).toMatchObject({
      monthlyFeePaid: false,
      payableCents: 10_000,
      preview: {
        amountCents: 10_000,
        payoutFeeCents: 50,
        monthlyFeeCents: 200,
        feesCents: 250,
        netCents: 9750,
      },
      blockedBy: null,
    });
    expect(payout).toMatchObject({
      status: 'in_progress',
      amountCents: 10_000,
      feesCents: 250,
      netCents: 9750,
      failureReason: null,
    });
    expect(afterRequest.stripePayoutId).toMatch(/^po_/);
    expect(inFlight).toBe(9750);
    const done = await readPayout(h.deps, admin, officeId, payout.id);
    expect(done).toMatchObject({ status: 'completed', netCents: 9750 });
    expect(done.completedAt).not.toBeNull();
    expect(await balanceOf(h.deps, payableOf(officeId))).toBe(0);
    expect(await balanceOf(h.deps, inFlightOf(officeId))).toBe(0);
    const transfers = await transfersTo(h, accountId);
    expect(transfers.map((transfer) => transfer.amount)).toEqual([9750]);
    expect(transfers[0]?.metadata).toMatchObject({ officeId, payoutId: payout.id });
    expect(await readTotalPayout(h.deps, admin, officeId)).toEqual({ totalCents: 9750, count: 1 });
    expect(h.deliveries.filter((d) => d.type === 'payout.paid').map((d) => d.outcome)).toEqual(['handled']);
    // Stripe may deliver payout.paid again (a new event id, the same payout): nothing moves twice.
    const clearingBefore = await balanceOf(h.deps, accountIdOf('stripe-clearing', 'platform'));
    const { recordConnectPayoutEvent } = await payouts();
    const again = { stripePayoutId: done.stripePayoutId ?? '', accountId };
    await Promise.all([
      recordConnectPayoutEvent(h.deps, again, log),
      recordConnectPayoutEvent(h.deps, again, log),
    ]);
    expect(await balanceOf(h.deps, accountIdOf('stripe-clearing', 'platform'))).toBe(clearingBefore);
    expect(await readPayout(h.deps, admin, officeId, payout.id)).toEqual(done);
    // The month's fee is paid: the next quote leaves it out.
    await fundOffice(h.deps, officeId, 2000);
    expect((await checkMonthlyFee(h.deps, admin, officeId)).preview).toMatchObject({
      monthlyFeeCents: 0,
      feesCents: 30,
      netCents: 1970,
    });
  });

  it('pays once for two requests at once: one payout, one ledger transaction, one transfer', async () => {
    // Prepare
    const h = await startHarness();
    const { officeId, admin, accountId } = await givenPayableOffice(h, 5000, 20_000);
    const { createPayout } = await payouts();
    const { listPayouts } = await balances();
    const deps = { ...h.deps, table: readingTogether(h.deps.table, 'PAYOUT_OPEN#', 2) };
    // Act: both read the office's open payout (none) and its payable before either books
    const results = await Promise.allSettled([
      createPayout(deps, admin, { officeId }, log),
      createPayout(deps, admin, { officeId }, log),
    ]);
    await h.sandbox.settle();
    // Assess
    const paid = results.filter((result) => result.status === 'fulfilled');
    const refused = results.flatMap((result) =>
      result.status === 'rejected' ? [codeOf(result.reason)] : [],
    );
    expect(paid).toHaveLength(1);
    // The loser is refused either at the office's payout lock (the winner still holds it) or, when the winner has
    // already finished and freed it, at the payable, which the winner took whole: both refuse, neither pays.
    expect(refused).toHaveLength(1);
    expect(['payout_in_progress', 'payout_exceeds_payable']).toContain(refused[0]);
    const listed = await listPayouts(h.deps, admin, officeId);
    expect(listed.data).toHaveLength(1);
    expect(await balanceOf(h.deps, payableOf(officeId))).toBe(0);
    expect((await transfersTo(h, accountId)).map((transfer) => transfer.amount)).toEqual([5000 - 238]);
  });

  it('books one payout at a time even when the payable would cover both: the second request at once is refused', async () => {
    // Prepare
    const h = await startHarness();
    const { officeId, admin, accountId } = await givenPayableOffice(h, 9000, 20_000);
    const { createPayout } = await payouts();
    const deps = { ...h.deps, table: readingTogether(h.deps.table, 'PAYOUT_OPEN#', 3) };
    // Act: the three read the office's open payout before any of them books
    const results = await Promise.allSettled(
      [1, 2, 3].map(() => createPayout(deps, admin, { officeId, amountCents: 2000 }, log)),
    );
    await h.sandbox.settle();
    // Assess
    const refused = results.flatMap((result) =>
      result.status === 'rejected' ? [codeOf(result.reason)] : [],
    );
    expect(refused).toEqual(['payout_in_progress', 'payout_in_progress']);
    expect(await balanceOf(h.deps, payableOf(officeId))).toBe(7000);
    expect((await transfersTo(h, accountId)).map((transfer) => transfer.amount)).toEqual([2000 - 230]);
  });

  it('never pays more than the payable, nor under the minimum, and writes nothing when it refuses', async () => {
    // Prepare
    const h = await startHarness();
    const { officeId, admin, accountId } = await givenPayableOffice(h, 3000, 20_000);
    const { createPayout } = await payouts();
    // Act
    const tooMuch = await createPayout(h.deps, admin, { officeId, amountCents: 3001 }, log).catch(codeOf);
    const tooLittle = await createPayout(h.deps, admin, { officeId, amountCents: 999 }, log).catch(codeOf);
    const part = await createPayout(h.deps, admin, { officeId, amountCents: 2000 }, log);
    const rest = await createPayout(h.deps, admin, { officeId }, log);
    const empty = await createPayout(h.deps, admin, { officeId }, log).catch(codeOf);
    // Assess
    expect(tooMuch).toBe('payout_exceeds_payable');
    expect(tooLittle).toBe('payout_below_minimum');
    expect(part).toMatchObject({ amountCents: 2000, monthlyFeeCents: 200, netCents: 2000 - 230 });
    expect(rest).toMatchObject({ amountCents: 1000, monthlyFeeCents: 0, netCents: 1000 - 28 });
    expect(empty).toBe('payout_below_minimum');
    expect(await balanceOf(h.deps, payableOf(officeId))).toBe(0);
    expect((await transfersTo(h, accountId)).map((transfer) => transfer.amount).sort()).toEqual([1770, 972]);
  });

  it('leaves the payable as it was when Stripe refuses the transfer, and frees the office for the next payout', async () => {
    // Prepare: the platform's Stripe balance holds nothing yet, so Stripe refuses the transfer.
    const h = await startHarness();
    const { officeId, admin, accountId } = await givenPayableOffice(h, 4000);
    const { createPayout } = await payouts();
    const { checkMonthlyFee, listOfficeTransactions } = await balances();
    // Act
    const failed = await createPayout(h.deps, admin, { officeId }, log);
    const payableAfter = await balanceOf(h.deps, payableOf(officeId));
    const feeAfter = await checkMonthlyFee(h.deps, admin, officeId);
    await fundPlatform(h, 20_000);
    const retried = await createPayout(h.deps, admin, { officeId }, log);
    // Assess
    expect(failed.status).toBe('failed');
    expect(failed.failureReason).toContain('Stripe refused the transfer');
    expect(payableAfter).toBe(4000);
    expect(await balanceOf(h.deps, inFlightOf(officeId))).toBe(retried.netCents);
    expect(feeAfter).toMatchObject({ monthlyFeePaid: false, blockedBy: null });
    expect(retried).toMatchObject({ status: 'in_progress', monthlyFeeCents: 200, amountCents: 4000 });
    expect((await transfersTo(h, accountId)).map((transfer) => transfer.amount)).toEqual([retried.netCents]);
    const lines = await listOfficeTransactions(h.deps, admin, {
      officeId,
      filter: 'all',
      page: 1,
      limit: 20,
    });
    expect(lines.data.map((line) => [line.kind, line.amountCents])).toEqual([
      ['payout', -4000],
      ['payout-returned', 4000],
      ['payout', -4000],
      ['earnings', 4000],
    ]);
    const onlyPayouts = await listOfficeTransactions(h.deps, admin, {
      officeId,
      filter: 'payout',
      page: 1,
      limit: 20,
    });
    expect(onlyPayouts.pagination).toMatchObject({ total: 2, pages: 1 });
  });

  it('takes the transfer back and restores the payable when the bank returns the payout (payout.failed; the bank refusal is mocked: sandbox payouts always arrive)', async () => {
    // Prepare
    const h = await startHarness();
    const { officeId, admin } = await givenPayableOffice(h, 6000, 20_000);
    const { createPayout, recordConnectPayoutEvent } = await payouts();
    const { readPayout } = await balances();
    const payout = await createPayout(h.deps, admin, { officeId }, log);
    const stored = await readPayout(h.deps, admin, officeId, payout.id);
    const gateway = await h.deps.stripe();
    const reversals: string[] = [];
    const bankRefuses = {
      ...gateway,
      retrieveConnectPayout: async (account: string, id: string) => {
        const view = await gateway.retrieveConnectPayout(account, id);
        return view && { ...view, status: 'failed', failureMessage: 'The bank account is closed.' };
      },
      reverseTransfer: (input: { transferId: string; amountCents: number; idempotencyKey: string }) => {
        reversals.push(`${input.transferId}:${input.amountCents}:${input.idempotencyKey}`);
        return Promise.resolve({ ok: true as const, value: { id: 'trr_mocked' } });
      },
    };
    const deps = { ...h.deps, stripe: () => Promise.resolve(bankRefuses) };
    const event = { stripePayoutId: stored.stripePayoutId ?? '', accountId: await accountOf(h, officeId) };
    // Act: delivered twice, as Stripe may
    await recordConnectPayoutEvent(deps, event, log);
    await recordConnectPayoutEvent(deps, event, log);
    // Assess
    const after = await readPayout(h.deps, admin, officeId, payout.id);
    expect(after).toMatchObject({ status: 'failed', failureReason: 'The bank account is closed.' });
    expect(reversals).toEqual([`${stored.transferId}:${payout.netCents}:payout-return:${payout.id}`]);
    expect(await balanceOf(h.deps, payableOf(officeId))).toBe(6000);
    expect(await balanceOf(h.deps, inFlightOf(officeId))).toBe(0);
  });
});

async function accountOf(h: PayoutHarness, officeId: string): Promise<string> {
  const { getOfficeStripeAccount } = await import('../../functions/data/offices/stripe-account');
  return (await getOfficeStripeAccount(h.deps.table, officeId))?.accountId ?? '';
}

describe('a payout whose request was lost', () => {
  it('stays pending while Stripe is unreachable, refuses a second request, and is sent again with the same keys later', async () => {
    // Prepare
    const h = await startHarness();
    const { officeId, admin, accountId } = await givenPayableOffice(h, 5000, 20_000);
    const { createPayout, stalePendingPayoutMs } = await payouts();
    const { listPayouts } = await balances();
    const gateway = await h.deps.stripe();
    const unreachable = {
      ...gateway,
      createTransfer: () => Promise.reject(new Error('Stripe is not answering')),
    };
    const lost = await createPayout(
      { ...h.deps, stripe: () => Promise.resolve(unreachable) },
      admin,
      { officeId },
      log,
    ).catch((error: unknown) => error);
    const tooSoon = await createPayout(h.deps, admin, { officeId }, log).catch(codeOf);
    // Act
    await h.advance(stalePendingPayoutMs + 1000);
    const resumed = await createPayout(h.deps, admin, { officeId }, log);
    // Assess
    expect(lost).toBeInstanceOf(Error);
    expect(tooSoon).toBe('payout_in_progress');
    const listed = await listPayouts(h.deps, admin, officeId);
    expect(listed.data.map((payout) => [payout.id, payout.status])).toEqual([[resumed.id, 'in_progress']]);
    expect(resumed).toMatchObject({ amountCents: 5000, netCents: 5000 - 238 });
    expect((await transfersTo(h, accountId)).map((transfer) => transfer.amount)).toEqual([5000 - 238]);
    expect(await balanceOf(h.deps, payableOf(officeId))).toBe(0);
  });
});

describe('a transfer whose bank payout Stripe did not confirm', () => {
  it('stays in progress, is listed as a transfer without payout, and gets its bank payout at the next request', async () => {
    // Prepare
    const h = await startHarness();
    const { officeId, admin } = await givenPayableOffice(h, 5000, 20_000);
    const { createPayout } = await payouts();
    const { listTransfersWithoutPayouts, readPayout } = await balances();
    const gateway = await h.deps.stripe();
    const bankDown = {
      ...gateway,
      createConnectPayout: () => Promise.reject(new Error('Stripe is not answering')),
    };
    const payout = await createPayout(
      { ...h.deps, stripe: () => Promise.resolve(bankDown) },
      admin,
      { officeId },
      log,
    );
    const waiting = await listTransfersWithoutPayouts(h.deps, admin, officeId);
    // Act: the next request (refused: nothing left to pay out) asks Stripe for the bank payout again
    const next = await createPayout(h.deps, admin, { officeId }, log).catch(codeOf);
    // Assess
    expect(payout).toMatchObject({ status: 'in_progress', stripePayoutId: null });
    expect(waiting.map((line) => [line.payoutId, line.netCents])).toEqual([[payout.id, 5000 - 238]]);
    expect(next).toBe('payout_below_minimum');
    expect((await readPayout(h.deps, admin, officeId, payout.id)).stripePayoutId).toMatch(/^po_/);
    expect(await listTransfersWithoutPayouts(h.deps, admin, officeId)).toEqual([]);
  });
});

describe("a claim's money", () => {
  it("answers the office's lines that name the claim's artist, and the office's payouts", async () => {
    // Prepare
    const h = await startHarness();
    const { officeId, admin, member } = await givenPayableOffice(h, 0, 20_000);
    const artistId = `artist-${randomUUID()}`;
    const claimId = `claim-${randomUUID()}`;
    const at = h.deps.clock.now().toISOString();
    expect(
      await createClaim(
        h.deps.table,
        {
          id: claimId,
          officeId,
          artistId,
          artistName: 'Night Owl',
          verificationMethod: 'spotify-bio',
          selectedPlatform: 'spotify',
          verificationString: `openpie_${randomUUID().slice(0, 8)}`,
          agreedAt: at,
          createdBy: admin,
          createdAt: at,
        },
        randomUUID(),
      ),
    ).toBe('created');
    await fundOffice(h.deps, officeId, 3000, artistId);
    await fundOffice(h.deps, officeId, 4000);
    const { createPayout } = await payouts();
    const payout = await createPayout(h.deps, admin, { officeId, amountCents: 2000 }, log);
    const { listClaimPayouts, listClaimTransactions } =
      await import('../../functions/services/connect/money');
    // Act
    const lines = await listClaimTransactions(h.deps, admin, { claimId, filter: 'all', page: 1, limit: 20 });
    const claimPayouts = await listClaimPayouts(h.deps, admin, claimId);
    const asMember = await listClaimTransactions(h.deps, member, {
      claimId,
      filter: 'all',
      page: 1,
      limit: 20,
    }).catch(codeOf);
    const asOutsider = await listClaimPayouts(h.deps, randomUUID(), claimId).catch(codeOf);
    // Assess
    expect(lines.data.map((line) => [line.kind, line.amountCents, line.artistId])).toEqual([
      ['earnings', 3000, artistId],
    ]);
    expect(lines.pagination).toMatchObject({ total: 1, pages: 1 });
    expect(claimPayouts.data.map((listed) => listed.id)).toEqual([payout.id]);
    expect(asMember).toBe('forbidden');
    expect(asOutsider).toBe('not_found');
  });
});

describe('who may pay out and read', () => {
  it('lets only an admin pay out, an accountant read, and nobody outside the office see anything', async () => {
    // Prepare
    const h = await startHarness();
    const { officeId, member, accountant } = await givenPayableOffice(h, 5000);
    const outsider = randomUUID();
    const { createPayout } = await payouts();
    const { readOfficeBalance, listPayouts } = await balances();
    // Act
    const asMember = await createPayout(h.deps, member, { officeId }, log).catch(codeOf);
    const asAccountant = await createPayout(h.deps, accountant, { officeId }, log).catch(codeOf);
    const asOutsider = await createPayout(h.deps, outsider, { officeId }, log).catch(codeOf);
    const memberReads = await readOfficeBalance(h.deps, member, officeId).catch(codeOf);
    const accountantReads = await readOfficeBalance(h.deps, accountant, officeId);
    const outsiderReads = await listPayouts(h.deps, outsider, officeId).catch(codeOf);
    // Assess
    expect(asMember).toBe('forbidden');
    expect(asAccountant).toBe('forbidden');
    expect(asOutsider).toBe('not_found');
    expect(memberReads).toBe('forbidden');
    expect(accountantReads).toEqual({ payableCents: 5000, inFlightCents: 0, currency: 'usd' });
    expect(outsiderReads).toBe('not_found');
    expect(await balanceOf(h.deps, payableOf(officeId))).toBe(5000);
  });
});
