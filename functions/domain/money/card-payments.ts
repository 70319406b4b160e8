// The postings of a card payment's life in the ledger (DESIGN §5, issue #11), pure: the payment, Stripe's processing
// fee, and what reverses them (a refund, a dispute) with the loss they leave. Signs: money from A to B posts A −x and
// B +x, so the Stripe clearing account runs negative by what came in and positive by what went back.
import type { AccountId, Posting } from './ledger';
import { accountIdOf, platformOwner } from './ledger';

export const stripeClearingAccount: AccountId = accountIdOf('stripe-clearing', platformOwner);
export const processingFeesAccount: AccountId = accountIdOf('processing-fees', platformOwner);
export const platformLossesAccount: AccountId = accountIdOf('platform-losses', platformOwner);
export const disputeLossesAccount: AccountId = accountIdOf('dispute-losses', platformOwner);

export function fanWalletOf(fanId: string): AccountId {
  return accountIdOf('fan-wallet', fanId);
}

function assertPositiveCents(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value <= 0)
    throw new RangeError(`${name} is whole cents above 0, not ${value}`);
}

function assertCents(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} is whole cents, not ${value}`);
}

/** A paid invoice of gross G: Stripe clearing −G, the fan's wallet +G. */
export function buildPaymentPostings(fanId: string, grossCents: number): Posting[] {
  assertPositiveCents(grossCents, 'A payment');
  return [
    { accountId: stripeClearingAccount, amountCents: -grossCents },
    { accountId: fanWalletOf(fanId), amountCents: grossCents },
  ];
}

/** Stripe's fee F on that payment, once its balance transaction is settled: the wallet −F, processing fees +F. */
export function buildProcessingFeePostings(fanId: string, feeCents: number): Posting[] {
  assertPositiveCents(feeCents, 'A processing fee');
  return [
    { accountId: fanWalletOf(fanId), amountCents: -feeCents },
    { accountId: processingFeesAccount, amountCents: feeCents },
  ];
}

/**
 * What a refund or dispute of `amountCents` takes from the wallet: what this payment still has there (its gross less
 * the fee and what earlier refunds of it took), at most the wallet's balance. The payment's own money only, so the
 * money of other payments (the next pie) stays, and the share is the same whatever order events come in.
 */
export function computeWalletShareCents(input: {
  amountCents: number;
  grossCents: number;
  feeCents: number;
  takenBeforeCents: number;
  walletBalanceCents: number;
}): number {
  assertCents(input.amountCents, 'An amount');
  assertCents(input.grossCents, 'A gross');
  assertCents(input.feeCents, 'A fee');
  assertCents(input.takenBeforeCents, 'What was taken before');
  const leftOfPayment = Math.max(0, input.grossCents - input.feeCents - input.takenBeforeCents);
  return Math.min(input.amountCents, leftOfPayment, Math.max(0, input.walletBalanceCents));
}

/**
 * A refund (loss: `platform-losses`) or dispute (loss: `dispute-losses`) of R: Stripe clearing +R, the wallet −w, the
 * loss account −(R − w). Zero postings are left out.
 */
export function buildReversalPostings(input: {
  fanId: string;
  amountCents: number;
  fromWalletCents: number;
  lossAccount: AccountId;
}): Posting[] {
  assertPositiveCents(input.amountCents, 'A refund or dispute');
  assertCents(input.fromWalletCents, 'The wallet share');
  if (input.fromWalletCents > input.amountCents) throw new RangeError('The wallet share exceeds the amount');
  return [
    { accountId: stripeClearingAccount, amountCents: input.amountCents },
    { accountId: fanWalletOf(input.fanId), amountCents: -input.fromWalletCents },
    { accountId: input.lossAccount, amountCents: -(input.amountCents - input.fromWalletCents) },
  ].filter((posting) => posting.amountCents !== 0);
}

/** Stripe's dispute fee, lost whatever the outcome: Stripe clearing +fee, dispute losses −fee. */
export function buildDisputeFeePostings(feeCents: number): Posting[] {
  assertPositiveCents(feeCents, 'A dispute fee');
  return [
    { accountId: stripeClearingAccount, amountCents: feeCents },
    { accountId: disputeLossesAccount, amountCents: -feeCents },
  ];
}
