// The postings of a card payment's life in the ledger (DESIGN §5), pure: the payment into its pie's money, Stripe's
// processing fee, and a dispute's fee. What a refund or dispute takes back is planned by take-back.ts. Signs: money
// from A to B posts A −x and B +x, so the Stripe clearing account runs negative by what came in and positive by what
// went back.
import type { AccountId, Posting } from './ledger';
import { accountIdOf, platformOwner } from './ledger';

export const stripeClearingAccount: AccountId = accountIdOf('stripe-clearing', platformOwner);
export const processingFeesAccount: AccountId = accountIdOf('processing-fees', platformOwner);
export const platformLossesAccount: AccountId = accountIdOf('platform-losses', platformOwner);
export const disputeLossesAccount: AccountId = accountIdOf('dispute-losses', platformOwner);

export function fanWalletOf(fanId: string): AccountId {
  return accountIdOf('fan-wallet', fanId);
}

/** The account that holds one pie's money while it is in the fan's wallet (decision 031). */
export function pieFundsOf(pieId: string): AccountId {
  return accountIdOf('pie-funds', pieId);
}

function assertPositiveCents(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value <= 0)
    throw new RangeError(`${name} is whole cents above 0, not ${value}`);
}

/** A paid invoice of gross G for a pie: Stripe clearing −G, the pie's money in the wallet +G. */
export function buildPaymentPostings(pieId: string, grossCents: number): Posting[] {
  assertPositiveCents(grossCents, 'A payment');
  return [
    { accountId: stripeClearingAccount, amountCents: -grossCents },
    { accountId: pieFundsOf(pieId), amountCents: grossCents },
  ];
}

/** Stripe's fee F on that payment, once its balance transaction is settled: the pie's money −F, processing fees +F. */
export function buildProcessingFeePostings(pieId: string, feeCents: number): Posting[] {
  assertPositiveCents(feeCents, 'A processing fee');
  return [
    { accountId: pieFundsOf(pieId), amountCents: -feeCents },
    { accountId: processingFeesAccount, amountCents: feeCents },
  ];
}

/**
 * A fee of a dispute's balance transaction: Stripe clearing +fee, dispute losses −fee. Stripe gives the fee back as a
 * negative fee when the dispute is decided for us: the same postings, signs turned.
 */
export function buildDisputeFeePostings(feeCents: number): Posting[] {
  if (!Number.isSafeInteger(feeCents) || feeCents === 0) {
    throw new RangeError(`A dispute fee is whole cents other than 0, not ${feeCents}`);
  }
  return [
    { accountId: stripeClearingAccount, amountCents: feeCents },
    { accountId: disputeLossesAccount, amountCents: -feeCents },
  ];
}
