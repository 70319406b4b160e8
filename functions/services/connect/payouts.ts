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
// (decision 020): every handler re-reads the object from Stripe. This module books a payout and reads Stripe's events
// about it; the steps after the booking (transfer, bank payout, failure, settlement) are services/connect/payout-steps.ts.
import { randomUUID } from 'node:crypto';
import type { CreatePayoutInput, PayoutFees, PayoutReply } from '../../contracts/artist-payments';
import { getOfficeStripeAccount, storeOfficeStripeAccount } from '../../data/offices/stripe-account';
import type { StoredPayout } from '../../data/payouts';
import {
  buildPayoutBookingItems,
  getOpenPayoutId,
  getPayout,
  isMonthlyFeePaid,
  listOfficePayouts,
  movePayout,
  releasePayoutGuard,
} from '../../data/payouts';
import { transactionIdOf } from '../../data/ledger';
import { AppError, isAppError } from '../../domain/errors';
import type { PayoutFeeOutcome } from '../../domain/money/payout-fees';
import { computePayoutFees, feeMonthOf } from '../../domain/money/payout-fees';
import type { ConnectPayoutView } from '../../integrations/stripe/port';
import { getEnv } from '../../runtime/env';
import type { Logger } from '../../runtime/logger';
import { getBalance, postTransactionAlongside } from '../ledger';
import { paymentsDependencies } from '../payments/dependencies';
import type { ConnectDependencies } from './onboarding';
import { requireOffice } from '../offices/office-gate';
import { connectInFlightOf, officePayableOf, toPayoutReply } from './money';
import {
  failPayout,
  finishFailedPayout,
  isBookingReversed,
  markTransferred,
  payoutIdempotencyKey,
  processingFeesAccount,
  recordBankPayout,
  sendBankPayout,
  sendPayout,
  settleCompletedPayout,
  takeTransferBack,
} from './payout-steps';

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

export { connectInFlightOf, officePayableOf, toPayoutReply } from './money';

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
