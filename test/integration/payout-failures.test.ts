// Payouts that cannot pay twice (decision 029, "Failures after paid"), on DynamoDB Local and the Stripe sandbox through
// the real SDK: a refused transfer changes the payout's status before its booking is reversed, so a crash between the
// two never leaves a payout that the next request sends again; a payout whose booking is reversed is never sent; and
// a payout Stripe fails after it was paid puts the money back on the office's payable once and tells the office once.
// The ledger audit runs after the file.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { listOutboxMail } from '../../functions/data/outbox';
import { accountIdOf } from '../../functions/domain/money/ledger';
import type { StripeGateway } from '../../functions/integrations/stripe/port';
import type { PayoutHarness } from '../support/payouts-harness';
import type { SentCommand } from '../support/table-hooks';
import { crashingOnce } from '../support/table-hooks';
import {
  balanceOf,
  balances,
  bankFailsAfterPaid,
  codeOf,
  day,
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

/** The write that moves a payout to `failed`, where the crash tests stop the process. */
function movesPayoutToFailed(command: SentCommand): boolean {
  const pk = command.input?.Key?.['pk'];
  return (
    command instanceof UpdateCommand &&
    typeof pk === 'string' &&
    pk.startsWith('PAYOUT#') &&
    command.input?.ExpressionAttributeValues?.[':to'] === 'failed'
  );
}

async function payableLines(h: PayoutHarness, admin: string, officeId: string) {
  const { listOfficeTransactions } = await balances();
  const lines = await listOfficeTransactions(h.deps, admin, { officeId, filter: 'all', page: 1, limit: 20 });
  return lines.data.map((line) => [line.kind, line.amountCents]);
}

describe('a transfer Stripe refuses', () => {
  it('is not sent again by the next request after a crash between its reversal and its status change (a crash hook on the table: the write to failed throws once)', async () => {
    // Prepare: the platform's Stripe balance holds nothing yet, so Stripe refuses the transfer.
    const h = await startHarness();
    const { officeId, admin, accountId } = await givenPayableOffice(h, 4000);
    const { createPayout, stalePendingPayoutMs } = await payouts();
    const crashing = crashingOnce(h.deps.table, movesPayoutToFailed);
    const crash = await createPayout({ ...h.deps, table: crashing.table }, admin, { officeId }, log).catch(
      (error: unknown) => error,
    );
    // Act: Stripe can pay now; the office asks again once the payout is left over
    await fundPlatform(h, 20_000);
    await h.advance(stalePendingPayoutMs + 1000);
    const next = await createPayout(h.deps, admin, { officeId }, log);
    const after = await createPayout(h.deps, admin, { officeId }, log).catch(codeOf);
    // Assess: the 4000 left the payable once and reached the office's account once
    expect(crashing.crashed()).toBe(true);
    expect(crash).toBeInstanceOf(Error);
    expect(after).toBe('payout_below_minimum');
    const sent = (await transfersTo(h, accountId)).map((transfer) => transfer.amount);
    const inFlight = await balanceOf(h.deps, inFlightOf(officeId));
    const payable = await balanceOf(h.deps, payableOf(officeId));
    expect(next.status).toBe('in_progress');
    expect(sent).toEqual([next.netCents]);
    expect(inFlight).toBe(next.netCents);
    expect(payable).toBe(0);
    // The payout the crash interrupted is the one sent: its booking stood, so it was resumed with its keys.
    const { listPayouts } = await balances();
    const listed = await listPayouts(h.deps, admin, officeId);
    expect(listed.data.map((payout) => [payout.id, payout.status])).toEqual([[next.id, 'in_progress']]);
    expect(await payableLines(h, admin, officeId)).toEqual([
      ['payout', -4000],
      ['earnings', 4000],
    ]);
  });
});

describe('a payout whose booking is reversed', () => {
  it('is never sent: a pending payout with its booking already reversed (that state written straight into the table through the ledger) fails at the next request, and the one after pays the payable once', async () => {
    // Prepare: the payout is booked while Stripe does not answer, so it stays pending; then its booking is reversed
    // as a crash after the reversal and before the status change would have left it.
    const h = await startHarness();
    const { officeId, admin, accountId } = await givenPayableOffice(h, 4000, 20_000);
    const { createPayout, stalePendingPayoutMs } = await payouts();
    const gateway = await h.deps.stripe();
    const unreachable: StripeGateway = {
      ...gateway,
      createTransfer: () => Promise.reject(new Error('Stripe is not answering')),
    };
    await createPayout(
      { ...h.deps, stripe: () => Promise.resolve(unreachable) },
      admin,
      { officeId },
      log,
    ).catch((error: unknown) => error);
    const { listPayouts } = await balances();
    const [left] = (await listPayouts(h.deps, admin, officeId)).data;
    const { reverseTransaction } = await import('../../functions/services/ledger');
    await reverseTransaction(h.deps, {
      transactionId: left?.transactionId ?? '',
      idempotencyKey: `payout-failed:${left?.id ?? ''}`,
      references: { payoutId: left?.id ?? '', officeId },
    });
    // Act
    await h.advance(stalePendingPayoutMs + 1000);
    const resumed = await createPayout(h.deps, admin, { officeId }, log);
    const sentAfterResume = (await transfersTo(h, accountId)).map((transfer) => transfer.amount);
    const next = await createPayout(h.deps, admin, { officeId }, log);
    // Assess
    expect(left?.status).toBe('pending');
    expect(resumed).toMatchObject({ id: left?.id, status: 'failed' });
    expect(sentAfterResume).toEqual([]);
    expect(next).toMatchObject({ status: 'in_progress', amountCents: 4000 });
    expect(next.id).not.toBe(left?.id);
    expect((await transfersTo(h, accountId)).map((transfer) => transfer.amount)).toEqual([next.netCents]);
    expect(await balanceOf(h.deps, payableOf(officeId))).toBe(0);
    expect(await balanceOf(h.deps, inFlightOf(officeId))).toBe(next.netCents);
    expect(await payableLines(h, admin, officeId)).toEqual([
      ['payout', -4000],
      ['payout-returned', 4000],
      ['payout', -4000],
      ['earnings', 4000],
    ]);
  });

  it('returns the money of a payout failed just before its booking was reversed (a crash hook on the ledger: the reversal throws once) at the next request, once', async () => {
    // Prepare: the platform's Stripe balance holds nothing yet, so Stripe refuses the transfer.
    const h = await startHarness();
    const { officeId, admin, accountId } = await givenPayableOffice(h, 4000);
    const { createPayout } = await payouts();
    let ledgerWrites = 0;
    const crashAtReversal = {
      ...h.deps,
      // The booking is the request's first ledger write, the reversal its second.
      failBeforeChunk: () => {
        ledgerWrites += 1;
        if (ledgerWrites === 2) throw new Error('the process stopped here');
      },
    };
    const crash = await createPayout(crashAtReversal, admin, { officeId }, log).catch(
      (error: unknown) => error,
    );
    const { listPayouts } = await balances();
    const [crashed] = (await listPayouts(h.deps, admin, officeId)).data;
    // Act: Stripe can pay now; the office asks again at once
    await fundPlatform(h, 20_000);
    const next = await createPayout(h.deps, admin, { officeId }, log);
    // Assess
    expect(crash).toBeInstanceOf(Error);
    expect(crashed).toMatchObject({ status: 'failed' });
    expect(next).toMatchObject({ status: 'in_progress', amountCents: 4000, monthlyFeeCents: 200 });
    expect((await transfersTo(h, accountId)).map((transfer) => transfer.amount)).toEqual([next.netCents]);
    expect(await balanceOf(h.deps, payableOf(officeId))).toBe(0);
    expect(await payableLines(h, admin, officeId)).toEqual([
      ['payout', -4000],
      ['payout-returned', 4000],
      ['payout', -4000],
      ['earnings', 4000],
    ]);
  });
});

describe('payout.failed after payout.paid', () => {
  it('puts the money back on the payable once and mails the office once, delivered twice at once and again (the failure after paid is mocked: sandbox payouts always arrive)', async () => {
    // Prepare: the payout reaches the bank; the sandbox delivers payout.paid and it completes
    const h = await startHarness();
    const { officeId, admin, member, accountant, accountId } = await givenPayableOffice(h, 6000, 20_000);
    const { createPayout, recordConnectPayoutEvent } = await payouts();
    const { readPayout, readTotalPayout } = await balances();
    const payout = await createPayout(h.deps, admin, { officeId }, log);
    await h.advance(3 * day);
    const paid = await readPayout(h.deps, admin, officeId, payout.id);
    const clearing = accountIdOf('stripe-clearing', 'platform');
    const fees = accountIdOf('processing-fees', 'platform');
    const clearingBefore = await balanceOf(h.deps, clearing);
    const feesBefore = await balanceOf(h.deps, fees);
    const failing = bankFailsAfterPaid(await h.deps.stripe());
    const deps = { ...h.deps, stripe: () => Promise.resolve(failing.gateway) };
    const event = { stripePayoutId: paid.stripePayoutId ?? '', accountId };
    // Act: payout.failed twice at once, then once more; then a late payout.paid of the same payout
    await Promise.all([
      recordConnectPayoutEvent(deps, event, log),
      recordConnectPayoutEvent(deps, event, log),
    ]);
    await recordConnectPayoutEvent(deps, event, log);
    await recordConnectPayoutEvent(h.deps, event, log);
    // Assess
    expect(paid.status).toBe('completed');
    const after = await readPayout(h.deps, admin, officeId, payout.id);
    expect(after).toMatchObject({ status: 'failed', failureReason: 'The bank account is closed.' });
    expect(await balanceOf(h.deps, payableOf(officeId))).toBe(6000);
    expect(await balanceOf(h.deps, inFlightOf(officeId))).toBe(0);
    expect(await balanceOf(h.deps, clearing)).toBe(clearingBefore - payout.netCents);
    expect(await balanceOf(h.deps, fees)).toBe(feesBefore - payout.feesCents);
    expect(await payableLines(h, admin, officeId)).toEqual([
      ['payout-returned', 6000],
      ['payout', -6000],
      ['earnings', 6000],
    ]);
    expect(await readTotalPayout(h.deps, admin, officeId)).toEqual({ totalCents: 0, count: 0 });
    // The platform takes the transfer back from the office's account (where Stripe returned the money), by one key.
    expect(new Set(failing.reversals.map((reversal) => reversal.idempotencyKey))).toEqual(
      new Set([`payout-return:${payout.id}`]),
    );
    expect(failing.reversals.every((r) => r.amountCents === payout.netCents)).toBe(true);
    // Those who read the office's money are told, once each.
    const mails = (await listOutboxMail(h.deps.table, 200)).filter((mail) => mail.kind === 'payout-failed');
    expect(mails.map((mail) => mail.to).sort()).toEqual(
      [`${admin}@example.com`, `${accountant}@example.com`].sort(),
    );
    expect(mails.some((mail) => mail.to === `${member}@example.com`)).toBe(false);
    expect(mails[0]?.text).toContain('$60.00');
    expect(mails[0]?.text).toContain('The bank account is closed.');
    // The office can pay the money out again.
    const again = await createPayout(h.deps, admin, { officeId }, log);
    expect(again).toMatchObject({ status: 'in_progress', amountCents: 6000 });
  });
});
