// Payouts of offices (issue #13 point 5, DESIGN §5, decision 029). A payout is booked first, then sent:
// 1. one `payout` ledger transaction keyed `payout:<payoutId>`: office-payable −amount, connect-in-flight +net,
//    processing-fees +fees (Stripe's Connect fees the platform pays and recovers from the office), written in the
//    same TransactWriteItems as the payout item, the office's open-payout guard and the month's fee marker, so two
//    requests at once book one payout and the guarded payable never goes below zero;
// 2. one Stripe transfer of the net to the office's connected account, Idempotency-Key `payout:<payoutId>`: a
//    refusal reverses the ledger transaction (the payable is as it was) and the payout fails; success makes it
//    `in_progress` and frees the office for its next payout;
// 3. a payout of the connected account to its bank (manual schedule), Idempotency-Key `payout:<payoutId>:bank`;
//    `payout.paid` completes it (connect-in-flight → stripe-clearing, a `transfer` transaction keyed by Stripe's
//    payout id); `payout.failed` takes the transfer back and reverses the booking.
// Stripe's events are nudges (decision 020): every handler re-reads the object from Stripe.
import { randomUUID } from 'node:crypto';
import type { CreatePayoutInput, PayoutFees, PayoutReply } from '../../contracts/artist-payments';
import { getOfficeStripeAccount, storeOfficeStripeAccount } from '../../data/offices';
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
import { AppError, isAppError } from '../../domain/errors';
import { accountIdOf, platformOwner } from '../../domain/money/ledger';
import type { AccountId } from '../../domain/money/ledger';
import type { PayoutFeeOutcome } from '../../domain/money/payout-fees';
import { computePayoutFees, feeMonthOf } from '../../domain/money/payout-fees';
import type { ConnectPayoutView } from '../../integrations/stripe/port';
import { getEnv } from '../../runtime/env';
import type { Logger } from '../../runtime/logger';
import { getBalance, postTransaction, postTransactionAlongside, reverseTransaction } from '../ledger';
import { paymentsDependencies } from '../payments/dependencies';
import type { ConnectDependencies } from './onboarding';
import { connectInFlightOf, officePayableOf, requireMoneyRight, toPayoutReply } from './money';

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

export { connectInFlightOf, officePayableOf, requireMoneyRight, toPayoutReply } from './money';

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
  await requireMoneyRight(deps, userId, officeId, 'manage-money');
  const accountId = await requirePayableAccount(deps, officeId);
  await retryBankPayouts(deps, officeId, log);
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

/** Transfers whose bank payout Stripe did not confirm (unreachable then): asked again, same keys, before a new one. */
async function retryBankPayouts(deps: PayoutDependencies, officeId: string, log: Logger): Promise<void> {
  const waiting = (await listOfficePayouts(deps.table, officeId)).filter(
    (payout) => payout.status === 'in_progress' && payout.transferId && !payout.stripePayoutId,
  );
  for (const payout of waiting) await sendBankPayout(deps, payout, log);
}

/**
 * The office's open payout: a fresh one refuses the request (409), one left `pending` by a lost request is sent again
 * (same idempotency keys, so Stripe moves the money once) and answered.
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

/** Transfers a booked payout's net and asks for the bank payout; a refused transfer fails the payout. */
export async function sendPayout(
  deps: ConnectDependencies,
  payout: StoredPayout,
  log: Logger,
): Promise<StoredPayout> {
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
    return failPayout(deps, payout, ['pending'], `Stripe refused the transfer: ${transfer.message}`);
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

/** Reverses the booking (the payable as it was before), then marks the payout failed and frees its guards. */
async function failPayout(
  deps: ConnectDependencies,
  payout: StoredPayout,
  from: readonly ('pending' | 'in_progress')[],
  reason: string,
): Promise<StoredPayout> {
  const reversal = await reverseTransaction(deps, {
    transactionId: payout.transactionId,
    idempotencyKey: `payout-failed:${payout.id}`,
    references: { payoutId: payout.id, officeId: payout.officeId },
  });
  const at = deps.clock.now();
  await movePayout(
    deps.table,
    payout.id,
    from,
    'failed',
    { failedAt: at.toISOString(), failureReason: reason, reversalTransactionId: reversal.transaction.id },
    at,
  );
  await releaseMonthlyFee(deps.table, payout.officeId, payout.feeMonth, payout.id);
  await releasePayoutGuard(deps.table, payout.officeId, payout.id);
  return (await getPayout(deps.table, payout.id)) ?? payout;
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
  if (transfer.amountReversedCents >= transfer.amountCents) {
    // Taken back whole before any bank payout (by hand, in the dashboard): the office's money is owed again.
    if ((payout.status === 'pending' || payout.status === 'in_progress') && !payout.stripePayoutId) {
      await failPayout(deps, payout, ['pending', 'in_progress'], 'The transfer was taken back.');
    }
    return;
  }
  // The request that made the transfer was lost before it said so: carry the payout on.
  if (payout.status === 'pending') await markTransferred(deps, payout, transfer.id, log);
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

/** The bank has the money: in flight → Stripe clearing, once per Stripe payout, and the payout is completed. */
async function completePayout(
  deps: ConnectDependencies,
  payout: StoredPayout,
  bank: ConnectPayoutView,
): Promise<void> {
  if (payout.status === 'completed' || payout.status === 'failed') return;
  const settled = await postTransaction(deps, {
    kind: 'transfer',
    idempotencyKey: `payout-paid:${bank.id}`,
    postings: [
      { accountId: connectInFlightOf(payout.officeId), amountCents: -payout.netCents },
      { accountId: stripeClearingAccount, amountCents: payout.netCents },
    ],
    references: { payoutId: payout.id, officeId: payout.officeId, stripePayoutId: bank.id },
  });
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
      settlementTransactionId: settled.transaction.id,
    },
    at,
  );
  await releasePayoutGuard(deps.table, payout.officeId, payout.id);
}

/**
 * The bank returned the payout: Stripe puts the money back on the connected account, so the transfer is taken back
 * to the platform (once, by key) and the booking reversed: the office payable holds it again for the next payout.
 */
async function returnFailedPayout(
  deps: ConnectDependencies,
  payout: StoredPayout,
  bank: ConnectPayoutView,
  log: Logger,
): Promise<void> {
  if (payout.status === 'completed' || payout.status === 'failed' || !payout.transferId) return;
  const taken = await (
    await deps.stripe()
  ).reverseTransfer({
    transferId: payout.transferId,
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
  await failPayout(deps, payout, ['in_progress'], bank.failureMessage ?? 'The bank returned the payout.');
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
