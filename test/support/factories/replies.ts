// What the API answers, as plain data: the screen tests stub their calls with it, and the integration tests compare
// the real replies against it. Every figure is zero unless the test says otherwise, so a test names only what it
// is about.
import type { FinanceDay } from '../../../functions/contracts/staff-finances';
import type { WalletSummary } from '../../../functions/contracts/payments';

/** A day of staff finances with nothing in it but what `figures` says. */
export function financeDay(date: string, figures: Partial<FinanceDay> = {}): FinanceDay {
  return {
    date,
    moneyInCents: 0,
    processingFeesCents: 0,
    platformFeesCents: 0,
    refundedCents: 0,
    splitCents: 0,
    heldCents: 0,
    releasedCents: 0,
    returnedCents: 0,
    paidOutCents: 0,
    ...figures,
  };
}

/** A fan's wallet summary (GET /api/fan-wallet/summary) with nothing in it but what `figures` says. */
export function walletSummary(figures: Partial<WalletSummary> = {}): WalletSummary {
  return {
    currency: 'usd',
    paidInCents: 0,
    promoCents: 0,
    feesCents: 0,
    givenToArtistsCents: 0,
    heldForUnclaimedCents: 0,
    returnedCents: 0,
    refundedCents: 0,
    refundedFromArtistsCents: 0,
    refundCoveredByOpenPieCents: 0,
    givenBackCents: 0,
    balanceCents: 0,
    ...figures,
  };
}
