// The steps of an office's payout after its booking (services/connect/payouts.ts books it and reads Stripe's events
// about it): the transfer of its net, the bank payout, a failure's money back on the office payable, a completed
// payout's settlement, and the office told when money that had left came back. Each step changes the payout's status
// before it moves money, and moves money under a key of its own (decision 029), so a step run twice moves it once.
import type { PayoutStatus } from '../../contracts/artist-payments';
import { getOfficeWithMembers } from '../../data/offices/office';
import { putOutboxMailOnce } from '../../data/outbox';
import type { StoredPayout } from '../../data/payouts';
import { getPayout, movePayout, releaseMonthlyFee, releasePayoutGuard } from '../../data/payouts';
import { AppError } from '../../domain/errors';
import { accountIdOf, platformOwner } from '../../domain/money/ledger';
import type { AccountId, Posting } from '../../domain/money/ledger';
import { hasOfficeRight } from '../../domain/offices/rights';
import type { ConnectPayoutView } from '../../integrations/stripe/port';
import type { Logger } from '../../runtime/logger';
import { getTransaction, postTransaction, reverseTransaction } from '../ledger';
import type { ConnectDependencies } from './onboarding';
import { connectInFlightOf, officePayableOf } from './money';
import { buildPayoutFailedMail } from './payout-mail';

/** The platform's account of the Stripe fees a payout costs, recovered from the office. */
export const processingFeesAccount: AccountId = accountIdOf('processing-fees', platformOwner);
const stripeClearingAccount: AccountId = accountIdOf('stripe-clearing', platformOwner);

/** The Stripe idempotency key of a payout's transfer (its bank payout adds `:bank`); its ledger booking's key too. */
export function payoutIdempotencyKey(payoutId: string): string {
  return `payout:${payoutId}`;
}

/** Whether the payout's `payout` transaction was reversed: its money is back on the payable, so it is never sent. */
export async function isBookingReversed(deps: ConnectDependencies, payout: StoredPayout): Promise<boolean> {
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

export async function markTransferred(
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
export async function sendBankPayout(
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

export async function recordBankPayout(
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
export async function failPayout(
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
export async function finishFailedPayout(
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
    await putOutboxMailOnce(deps.table, {
      id: `payout-failed-${payout.id}-${reader.userId}`,
      message,
      createdAt: deps.clock.now(),
    });
  }
}

/** Books a completed payout's settlement (once, by Stripe's payout id) and notes it on the payout. */
export async function settleCompletedPayout(deps: ConnectDependencies, payout: StoredPayout): Promise<void> {
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

/** The payout's transfer taken back to the platform, once (key `payout-return:<id>`); retried until Stripe can. */
export async function takeTransferBack(
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
