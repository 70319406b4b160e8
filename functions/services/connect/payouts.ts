// Payouts of offices (DESIGN §5, decision 029). A payout is booked first, then sent:
// 1. one `payout` ledger transaction keyed `payout:<payoutId>`: office-payable −amount, connect-in-flight +net,
//    processing-fees +fees (Stripe's Connect fees the platform pays and recovers from the office), written in the
//    same TransactWriteItems as the payout item, the office's open-payout guard and the month's fee marker, so two
//    requests at once book one payout and the guarded payable never goes below zero;
// 2. one Stripe transfer of the net to the office's connected account, Idempotency-Key `payout:<payoutId>`: a
//    refusal fails the payout (its status first, conditionally), then reverses the ledger transaction (the payable is
//    as it was); success makes it `in_progress` and frees the office for its next payout. A payout whose booking is
//    reversed is never sent;
// 3. a payout of the connected account to its bank (manual schedule), Idempotency-Key `payout:<payoutId>:bank`;
//    `payout.paid` completes it (connect-in-flight → stripe-clearing, a `transfer` transaction keyed by Stripe's
//    payout id); `payout.failed` takes the transfer back and puts the money back on the office payable, also after
//    `payout.paid` (decision 029, "Failures after paid"), and tells the office.
// Every step changes the payout's status before it moves money, and moves money under a key of its own, so a crash
// between two writes is finished by the next event or request, never done twice. Stripe's events are nudges
// (decision 020): every handler re-reads the object from Stripe.
import { randomUUID } from 'node:crypto';
import type {
  CreatePayoutInput,
  PayoutFees,
  PayoutReply,
  PayoutStatus,
} from '../../contracts/artist-payments';
import { getOfficeWithMembers } from '../../data/offices/office';
import { getOfficeStripeAccount, storeOfficeStripeAccount } from '../../data/offices/stripe-account';
import { buildOutboxMailPut } from '../../data/outbox';
import type { StoredPayout } from '../../data/payouts';
import {
  buildPayoutBookingItems,
  getOpenPayoutId,
  getPayout,
  isMonthlyFeePaid,
  listOfficePayouts,
  movePayout,
  releaseMonthlyFee,
  releasePayoutGuard,
} from '../../data/payouts';
import { transactionIdOf } from '../../data/ledger';
import { writeUnlessGuardFails } from '../../data/table';
import { AppError, isAppError } from '../../domain/errors';
import { accountIdOf, platformOwner } from '../../domain/money/ledger';
import type { AccountId, Posting } from '../../domain/money/ledger';
import type { PayoutFeeOutcome } from '../../domain/money/payout-fees';
import { hasOfficeRight } from '../../domain/offices/rights';
import { computePayoutFees, feeMonthOf } from '../../domain/money/payout-fees';
import type { ConnectPayoutView } from '../../integrations/stripe/port';
import { getEnv } from '../../runtime/env';
import type { Logger } from '../../runtime/logger';
import {
  getBalance,
  getTransaction,
  postTransaction,
  postTransactionAlongside,
  reverseTransaction,
} from '../ledger';
import { paymentsDependencies } from '../payments/dependencies';
import type { ConnectDependencies } from './onboarding';
import { requireOffice } from '../offices/office-gate';
import { connectInFlightOf, officePayableOf, toPayoutReply } from './money';
import { buildPayoutFailedMail } from './payout-mail';

export interface PayoutDependencies extends ConnectDependencies {
  /** The smallest payout, in cents (`PAYOUT_MINIMUM_CENTS`, $10 by default). */
  payoutMinimumCents: number;
  /** Tests only: the id of the next payout. */
  newPayoutId?: () => string;
}

export function payoutDependencies(): PayoutDependencies {
  return { ...paymentsDependencies(), payoutMinimumCents: getEnv().PAYOUT_MINIMUM_CENTS };
}

/** A payout still `pending` this long after its booking lost its request (a crash, Stripe unreachable): resumed. */
export const stalePendingPayoutMs = 2 * 60_000;

export const processingFeesAccount: AccountId = accountIdOf('processing-fees', platformOwner);
const stripeClearingAccount: AccountId = accountIdOf('stripe-clearing', platformOwner);

export { connectInFlightOf, officePayableOf, toPayoutReply } from './money';

export function payoutIdempotencyKey(payoutId: string): string {
  return `payout:${payoutId}`;
}

/** What a payout of `amountCents` from this office would cost now: the one computation preview and payout share. */
export async function quotePayout(
  deps: PayoutDependencies,
  officeId: string,
  amountCents: number,
): Promise<{ month: string; monthlyFeePaid: boolean; outcome: PayoutFeeOutcome }> {
  const month = feeMonthOf(deps.clock.now());
  const monthlyFeePaid = await isMonthlyFeePaid(deps.table, officeId, month);
  const outcome = computePayoutFees({ amountCents, monthlyFeePaid, minimumCents: deps.payoutMinimumCents });
  return { month, monthlyFeePaid, outcome };
}

function refuseQuote(outcome: Extract<PayoutFeeOutcome, { ok: false }>): AppError {
  if (outcome.reason === 'below_minimum') {
    return new AppError(
      'conflict',
      `A payout must be at least $${(outcome.minimumCents / 100).toFixed(2)}.`,
      { code: 'payout_below_minimum' },
    );
  }
  return new AppError('conflict', undefined, { code: 'payout_fees_exceed_amount' });
}

/** The office's connected account, when Stripe pays out to it (asked again if the stored state says not yet). */
async function requirePayableAccount(deps: PayoutDependencies, officeId: string): Promise<string> {
  let account = await getOfficeStripeAccount(deps.table, officeId);
  if (!account) throw new AppError('conflict', undefined, { code: 'payout_account_not_onboarded' });
  if (!account.payoutsEnabled) {
    const fresh = await (await deps.stripe()).retrieveConnectedAccount(account.accountId);
    if (fresh) {
      const state = {
        ...account,
        chargesEnabled: fresh.chargesEnabled,
        payoutsEnabled: fresh.payoutsEnabled,
        detailsSubmitted: fresh.detailsSubmitted,
        currentlyDue: fresh.currentlyDue,
        disabledReason: fresh.disabledReason,
        checkedAt: deps.clock.now().toISOString(),
      };
      await storeOfficeStripeAccount(deps.table, officeId, state);
      account = state;
    }
  }
  if (!account.payoutsEnabled)
    throw new AppError('conflict', undefined, { code: 'payout_account_not_ready' });
  return account.accountId;
}

/**
 * `POST stripe/create-payout`: pays the whole office payable (or `amountCents` of it) to the office's connected
 * account, after the fees of `computePayoutFees`. Admins only (`manage-money`). Answers the payout as it stands after
 * the transfer: `in_progress`, or `failed` with the reason and the payable restored.
 */
export async function createPayout(
  deps: PayoutDependencies,
  userId: string,
  input: CreatePayoutInput,
  log: Logger,
): Promise<PayoutReply> {
  const { officeId } = input;
  await requireOffice(deps, userId, officeId, 'manage-money');
  const accountId = await requirePayableAccount(deps, officeId);
  await finishInterruptedPayouts(deps, officeId, log);
  const open = await resumeOrRefuseOpenPayout(deps, officeId, log);
  if (open) return toPayoutReply(open);
  const payable = await getBalance(deps, officePayableOf(officeId));
  const amountCents = input.amountCents ?? payable;
  if (amountCents > payable) throw new AppError('conflict', undefined, { code: 'payout_exceeds_payable' });
  const { month, outcome } = await quotePayout(deps, officeId, amountCents);
  if (!outcome.ok) throw refuseQuote(outcome);
  const payoutId = deps.newPayoutId?.() ?? randomUUID();
  const now = deps.clock.now().toISOString();
  const payout: StoredPayout = {
    id: payoutId,
    officeId,
    status: 'pending',
    amountCents: outcome.amountCents,
    payoutFeeCents: outcome.payoutFeeCents,
    monthlyFeeCents: outcome.monthlyFeeCents,
    feesCents: outcome.feesCents,
    netCents: outcome.netCents,
    feeMonth: month,
    stripeAccountId: accountId,
    requestedBy: userId,
    transactionId: transactionIdOf(payoutIdempotencyKey(payoutId)),
    createdAt: now,
    updatedAt: now,
  };
  let booked;
  try {
    booked = await postTransactionAlongside(
      deps,
      {
        kind: 'payout',
        idempotencyKey: payoutIdempotencyKey(payoutId),
        postings: [
          { accountId: officePayableOf(officeId), amountCents: -outcome.amountCents },
          { accountId: connectInFlightOf(officeId), amountCents: outcome.netCents },
          { accountId: processingFeesAccount, amountCents: outcome.feesCents },
        ],
        references: { payoutId, officeId },
      },
      buildPayoutBookingItems(deps.table, payout),
    );
  } catch (error) {
    // The payable went down between the read and the write (another payout, a give-back): never more than it holds.
    if (isAppError(error) && error.code === 'insufficient_balance') {
      throw new AppError('conflict', undefined, { code: 'payout_exceeds_payable', cause: error });
    }
    throw error;
  }
  if (!booked) {
    // Another payout took the office's guard (or the month's fee marker) first: nothing of this one was written.
    throw new AppError('conflict', undefined, { code: 'payout_in_progress' });
  }
  log.info('payout booked', {
    officeId,
    payoutId,
    amountCents: payout.amountCents,
    netCents: payout.netCents,
  });
  return toPayoutReply(await sendPayout(deps, payout, log));
}

/**
 * What a lost request or a crash left half-done, finished with the same keys before a new payout: a failed payout
 * whose money is not back on the payable yet, a completed one whose settlement is not booked yet, a transfer whose
 * bank payout Stripe did not confirm (unreachable then).
 */
async function finishInterruptedPayouts(
  deps: PayoutDependencies,
  officeId: string,
  log: Logger,
): Promise<void> {
  for (const payout of await listOfficePayouts(deps.table, officeId)) {
    if (payout.status === 'failed' && !payout.reversalTransactionId) {
      await finishFailedPayout(deps, payout, log);
    } else if (payout.status === 'completed' && !payout.settlementTransactionId) {
      await settleCompletedPayout(deps, payout);
    } else if (payout.status === 'in_progress' && payout.transferId && !payout.stripePayoutId) {
      await sendBankPayout(deps, payout, log);
    }
  }
}

/**
 * The office's open payout: a fresh one refuses the request (409), one left `pending` by a lost request is sent again
 * (same idempotency keys, so Stripe moves the money once; never if its booking was reversed) and answered.
 */
async function resumeOrRefuseOpenPayout(
  deps: PayoutDependencies,
  officeId: string,
  log: Logger,
): Promise<StoredPayout | null> {
  const openId = await getOpenPayoutId(deps.table, officeId);
  if (!openId) return null;
  const open = await getPayout(deps.table, openId);
  if (!open || open.status !== 'pending') {
    // The guard outlived its payout's transfer (a crash after the status change): free it, then go on.
    if (open) await releasePayoutGuard(deps.table, officeId, open.id);
    return null;
  }
  const age = deps.clock.now().getTime() - Date.parse(open.createdAt);
  if (age < stalePendingPayoutMs) throw new AppError('conflict', undefined, { code: 'payout_in_progress' });
  log.warn('resuming a payout left pending', { officeId, payoutId: open.id });
  return sendPayout(deps, open, log);
}

/** Whether the payout's `payout` transaction was reversed: its money is back on the payable, so it is never sent. */
async function isBookingReversed(deps: ConnectDependencies, payout: StoredPayout): Promise<boolean> {
  return (await getTransaction(deps, payout.transactionId)).reversedBy !== null;
}

/**
 * Transfers a booked payout's net and asks for the bank payout; a refused transfer fails the payout. A payout whose
 * booking is already reversed (a crash of the older order, reversal before status) is failed, not sent.
 */
export async function sendPayout(
  deps: ConnectDependencies,
  payout: StoredPayout,
  log: Logger,
): Promise<StoredPayout> {
  if (await isBookingReversed(deps, payout)) {
    log.warn('payout not sent: its booking is reversed', { payoutId: payout.id });
    return failPayout(deps, payout, ['pending'], 'The payout was stopped before it was sent.', log);
  }
  const gateway = await deps.stripe();
  const transfer = await gateway.createTransfer({
    accountId: payout.stripeAccountId,
    amountCents: payout.netCents,
    transferGroup: `payout_${payout.id}`,
    metadata: { officeId: payout.officeId, payoutId: payout.id },
    idempotencyKey: payoutIdempotencyKey(payout.id),
  });
  if (!transfer.ok) {
    log.warn('payout transfer refused by Stripe', { payoutId: payout.id, code: transfer.code });
    return failPayout(deps, payout, ['pending'], `Stripe refused the transfer: ${transfer.message}`, log);
  }
  return markTransferred(deps, payout, transfer.value.id, log);
}

async function markTransferred(
  deps: ConnectDependencies,
  payout: StoredPayout,
  transferId: string,
  log: Logger,
): Promise<StoredPayout> {
  await movePayout(deps.table, payout.id, ['pending'], 'in_progress', { transferId }, deps.clock.now());
  await releasePayoutGuard(deps.table, payout.officeId, payout.id);
  return sendBankPayout(deps, (await getPayout(deps.table, payout.id)) ?? payout, log);
}

/** The second leg: the connected account's payout to its bank, once per payout (its own idempotency key). */
async function sendBankPayout(
  deps: ConnectDependencies,
  current: StoredPayout,
  log: Logger,
): Promise<StoredPayout> {
  if (current.status !== 'in_progress' || current.stripePayoutId) return current;
  if (await isBookingReversed(deps, current)) {
    // Its money is on the payable again: paying it to the bank as well would pay it twice.
    log.error('bank payout not sent: the booking of its transfer is reversed', { payoutId: current.id });
    return current;
  }
  let bank;
  try {
    bank = await (
      await deps.stripe()
    ).createConnectPayout({
      accountId: current.stripeAccountId,
      amountCents: current.netCents,
      metadata: { officeId: current.officeId, payoutId: current.id },
      idempotencyKey: `${payoutIdempotencyKey(current.id)}:bank`,
    });
  } catch (error) {
    // The transfer is made, so the payout stands: Stripe unreachable, or the same request running from the
    // transfer's webhook at once (Stripe refuses a key in use). `payout.created` records the bank payout either way;
    // until then GET stripe/transfers-without-payouts lists it.
    log.warn('bank payout not confirmed yet', { payoutId: current.id, error: String(error) });
    return current;
  }
  if (!bank.ok) {
    // The money is on the office's Stripe account (GET stripe/transfers-without-payouts lists it); nothing is lost.
    log.warn('bank payout refused by Stripe; the transfer stays on the connected account', {
      payoutId: current.id,
      code: bank.code,
    });
    return current;
  }
  await recordBankPayout(deps, current, bank.value);
  return (await getPayout(deps.table, current.id)) ?? current;
}

async function recordBankPayout(
  deps: ConnectDependencies,
  payout: StoredPayout,
  bank: ConnectPayoutView,
): Promise<void> {
  await movePayout(
    deps.table,
    payout.id,
    ['in_progress'],
    'in_progress',
    { stripePayoutId: bank.id, arrivalDate: bank.arrivalDate.toISOString() },
    deps.clock.now(),
  );
}

/**
 * Marks the payout failed (only from `from`, so one of two racing outcomes wins), then finishes the failure: the
 * money back on the payable, the guards freed. A crash between the two leaves a failed payout whose money is not
 * back yet, never a pending one whose money is: the next event or request finishes it, by the same keys.
 */
async function failPayout(
  deps: ConnectDependencies,
  payout: StoredPayout,
  from: readonly PayoutStatus[],
  reason: string,
  log: Logger,
): Promise<StoredPayout> {
  const at = deps.clock.now();
  await movePayout(
    deps.table,
    payout.id,
    from,
    'failed',
    { failedAt: at.toISOString(), failureReason: reason },
    at,
  );
  const current = await getPayout(deps.table, payout.id);
  if (current?.status !== 'failed') return current ?? payout;
  return finishFailedPayout(deps, current, log);
}

/**
 * A failed payout's money back on the office payable, once: the booking reversed (key `payout-failed:<id>`), or,
 * for a payout the bank had been paid, a `transfer-reversal` keyed by Stripe's payout id; then the month's fee
 * marker and the guard freed, and, when its money had left for the office's account, the office told. The reversal's
 * id on the payout marks it finished.
 */
async function finishFailedPayout(
  deps: ConnectDependencies,
  payout: StoredPayout,
  log: Logger,
): Promise<StoredPayout> {
  if (payout.reversalTransactionId) return payout;
  const returnedId = payout.completedAt
    ? await returnPaidPayoutMoney(deps, payout)
    : await reverseBooking(deps, payout);
  await releaseMonthlyFee(deps.table, payout.officeId, payout.feeMonth, payout.id);
  await releasePayoutGuard(deps.table, payout.officeId, payout.id);
  if (payout.transferId) await mailPayoutFailed(deps, payout, log);
  await movePayout(
    deps.table,
    payout.id,
    ['failed'],
    'failed',
    { reversalTransactionId: returnedId },
    deps.clock.now(),
  );
  return (await getPayout(deps.table, payout.id)) ?? payout;
}

/** The booking reversed once: the payable +amount, in flight −net, fees −fees. */
async function reverseBooking(deps: ConnectDependencies, payout: StoredPayout): Promise<string> {
  const booking = await getTransaction(deps, payout.transactionId);
  if (booking.reversedBy) return booking.reversedBy;
  const reversal = await reverseTransaction(deps, {
    transactionId: payout.transactionId,
    idempotencyKey: `payout-failed:${payout.id}`,
    references: { payoutId: payout.id, officeId: payout.officeId },
  });
  return reversal.transaction.id;
}

/**
 * A payout Stripe failed after it was paid: its settlement stands (booked first if a crash left it out), and one
 * `transfer-reversal` keyed by Stripe's payout id takes the net back out of Stripe clearing and the fees out of
 * processing fees, and puts the whole amount back on the office payable, as a failure before paid would.
 */
async function returnPaidPayoutMoney(deps: ConnectDependencies, payout: StoredPayout): Promise<string> {
  const stripePayoutId = requireStripePayoutId(payout);
  await postSettlement(deps, payout, stripePayoutId);
  const postings: Posting[] = [
    { accountId: stripeClearingAccount, amountCents: -payout.netCents },
    { accountId: officePayableOf(payout.officeId), amountCents: payout.amountCents },
  ];
  if (payout.feesCents !== 0)
    postings.push({ accountId: processingFeesAccount, amountCents: -payout.feesCents });
  const returned = await postTransaction(deps, {
    kind: 'transfer-reversal',
    idempotencyKey: `payout-failed-after-paid:${stripePayoutId}`,
    postings,
    references: { payoutId: payout.id, officeId: payout.officeId, stripePayoutId },
  });
  return returned.transaction.id;
}

function requireStripePayoutId(payout: StoredPayout): string {
  if (!payout.stripePayoutId) throw new Error(`Payout ${payout.id} was completed without a Stripe payout id`);
  return payout.stripePayoutId;
}

/** The office's readers of money (admins, accountants) told once each: the outbox id names the payout and person. */
async function mailPayoutFailed(deps: ConnectDependencies, payout: StoredPayout, log: Logger): Promise<void> {
  const found = await getOfficeWithMembers(deps.table, payout.officeId);
  if (!found) {
    log.warn('failed payout of an office that is gone: nobody to tell', { payoutId: payout.id });
    return;
  }
  const origin = (deps.siteOrigin ?? '').replace(/\/+$/, '');
  const link = `${origin}/for-artists/funds/payouts/${encodeURIComponent(payout.id)}?office=${encodeURIComponent(payout.officeId)}`;
  const readers = found.members.filter((member) =>
    hasOfficeRight(found.members, member.userId, 'read-money'),
  );
  for (const reader of readers) {
    const message = buildPayoutFailedMail({
      to: reader.email,
      officeName: found.office.name,
      amountCents: payout.amountCents,
      netCents: payout.netCents,
      reason: payout.failureReason ?? 'The bank returned the payout.',
      link,
    });
    await writeUnlessGuardFails(
      deps.table,
      [
        buildOutboxMailPut(deps.table, {
          id: `payout-failed-${payout.id}-${reader.userId}`,
          message,
          createdAt: deps.clock.now(),
        }),
      ],
      0,
    );
  }
}

// ── Stripe's events about payouts (webhook.ts routes `transfer.*` and `payout.*` here) ───────────────────────────

/** `transfer.created` / `transfer.updated` / `transfer.reversed`: the transfer as Stripe has it now. */
export async function recordTransferEvent(
  deps: ConnectDependencies,
  transferId: string,
  log: Logger,
): Promise<void> {
  const transfer = await (await deps.stripe()).retrieveTransfer(transferId);
  const payoutId = transfer?.metadata['payoutId'];
  const payout = payoutId ? await getPayout(deps.table, payoutId) : null;
  if (!transfer || !payout) {
    log.info('transfer of no payout: nothing to do', { transferId });
    return;
  }
  if (payout.status === 'failed') {
    await finishFailedPayout(deps, payout, log);
    return;
  }
  if (transfer.amountReversedCents >= transfer.amountCents) {
    // Taken back whole before any bank payout (by hand, in the dashboard): the office's money is owed again.
    if ((payout.status === 'pending' || payout.status === 'in_progress') && !payout.stripePayoutId) {
      await failPayout(deps, payout, ['pending', 'in_progress'], 'The transfer was taken back.', log);
    }
    return;
  }
  if (payout.status !== 'pending') return;
  if (await isBookingReversed(deps, payout)) {
    // A transfer made for a payout whose money is on the payable again: taken back, so it is paid once.
    await takeTransferBack(deps, payout, transfer.id, log);
    await failPayout(deps, payout, ['pending'], 'The payout was stopped before it was sent.', log);
    return;
  }
  // The request that made the transfer was lost before it said so: carry the payout on.
  await markTransferred(deps, payout, transfer.id, log);
}

/** `payout.paid`, `payout.failed`, `payout.canceled`, `payout.updated` of an office's connected account. */
export async function recordConnectPayoutEvent(
  deps: ConnectDependencies,
  input: { stripePayoutId: string; accountId: string | null },
  log: Logger,
): Promise<void> {
  if (!input.accountId) {
    log.info('payout of the platform itself: not an office payout');
    return;
  }
  const bank = await (await deps.stripe()).retrieveConnectPayout(input.accountId, input.stripePayoutId);
  const payoutId = bank?.metadata['payoutId'];
  const payout = payoutId ? await getPayout(deps.table, payoutId) : null;
  if (!bank || !payout || payout.stripeAccountId !== input.accountId) {
    log.info('connected account payout of no office payout: nothing to do', { ...input });
    return;
  }
  if (bank.status === 'paid') {
    await completePayout(deps, payout, bank);
  } else if (bank.status === 'failed' || bank.status === 'canceled') {
    await returnFailedPayout(deps, payout, bank, log);
  } else if (payout.status === 'in_progress' && !payout.stripePayoutId) {
    await recordBankPayout(deps, payout, bank);
  }
}

/**
 * The bank has the money: the payout is completed first (conditionally: one of a racing `payout.failed` and this
 * wins), then in flight → Stripe clearing, once per Stripe payout, and the settlement noted on the payout.
 */
async function completePayout(
  deps: ConnectDependencies,
  payout: StoredPayout,
  bank: ConnectPayoutView,
): Promise<void> {
  if (payout.status === 'failed') return;
  if (payout.status !== 'completed') {
    const at = deps.clock.now();
    await movePayout(
      deps.table,
      payout.id,
      ['pending', 'in_progress'],
      'completed',
      {
        completedAt: at.toISOString(),
        stripePayoutId: bank.id,
        arrivalDate: bank.arrivalDate.toISOString(),
      },
      at,
    );
    await releasePayoutGuard(deps.table, payout.officeId, payout.id);
  }
  const current = await getPayout(deps.table, payout.id);
  if (current?.status === 'completed' && !current.settlementTransactionId) {
    await settleCompletedPayout(deps, current);
  }
}

/** Books a completed payout's settlement (once, by Stripe's payout id) and notes it on the payout. */
async function settleCompletedPayout(deps: ConnectDependencies, payout: StoredPayout): Promise<void> {
  const settlementTransactionId = await postSettlement(deps, payout, requireStripePayoutId(payout));
  await movePayout(
    deps.table,
    payout.id,
    ['completed'],
    'completed',
    { settlementTransactionId },
    deps.clock.now(),
  );
}

/** In flight → Stripe clearing: the `transfer` transaction keyed `payout-paid:<stripePayoutId>`. */
async function postSettlement(
  deps: ConnectDependencies,
  payout: StoredPayout,
  stripePayoutId: string,
): Promise<string> {
  const settled = await postTransaction(deps, {
    kind: 'transfer',
    idempotencyKey: `payout-paid:${stripePayoutId}`,
    postings: [
      { accountId: connectInFlightOf(payout.officeId), amountCents: -payout.netCents },
      { accountId: stripeClearingAccount, amountCents: payout.netCents },
    ],
    references: { payoutId: payout.id, officeId: payout.officeId, stripePayoutId },
  });
  return settled.transaction.id;
}

/**
 * The bank returned the payout, before or after Stripe said it was paid: Stripe puts the money back on the connected
 * account, so the transfer is taken back to the platform (once, by key), the payout fails and its money goes back on
 * the office payable for the next payout (decision 029, "Failures after paid").
 */
async function returnFailedPayout(
  deps: ConnectDependencies,
  payout: StoredPayout,
  bank: ConnectPayoutView,
  log: Logger,
): Promise<void> {
  if (payout.status === 'failed') {
    await finishFailedPayout(deps, payout, log);
    return;
  }
  if (!payout.transferId) return;
  await takeTransferBack(deps, payout, payout.transferId, log);
  await failPayout(
    deps,
    payout,
    ['in_progress', 'completed'],
    bank.failureMessage ?? 'The bank returned the payout.',
    log,
  );
}

/** The payout's transfer taken back to the platform, once (key `payout-return:<id>`); retried until Stripe can. */
async function takeTransferBack(
  deps: ConnectDependencies,
  payout: StoredPayout,
  transferId: string,
  log: Logger,
): Promise<void> {
  const taken = await (
    await deps.stripe()
  ).reverseTransfer({
    transferId,
    amountCents: payout.netCents,
    idempotencyKey: `payout-return:${payout.id}`,
  });
  if (!taken.ok) {
    // Stripe has not put the money back yet: the event is retried (not marked handled) until it can be taken.
    log.warn('failed payout: its transfer cannot be taken back yet', {
      payoutId: payout.id,
      code: taken.code,
    });
    throw new AppError('unavailable', undefined, { code: 'payment_provider_unavailable' });
  }
}

/** For the screens: the payout as fees show it. */
export function feesOf(payout: StoredPayout): PayoutFees {
  return {
    amountCents: payout.amountCents,
    payoutFeeCents: payout.payoutFeeCents,
    monthlyFeeCents: payout.monthlyFeeCents,
    feesCents: payout.feesCents,
    netCents: payout.netCents,
  };
}
