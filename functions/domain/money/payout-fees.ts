// What an office's payout costs (decision 029), pure and in integer cents: Stripe's Connect fees
// that the platform pays (controller `fees.payer = application`) and recovers from the office, 0.25% + 25¢ per payout
// and $2 per active account once per calendar month (UTC). The preview the screen shows before the office confirms
// and the payout itself call this one function, so the two never disagree.

export const payoutFeeBasisPoints = 25;
export const payoutFeeFixedCents = 25;
export const activeAccountMonthlyFeeCents = 200;
export const defaultPayoutMinimumCents = 1000;
const basisPointsPerWhole = 10_000;

export interface PayoutFeeInput {
  /** What leaves the office payable. */
  amountCents: number;
  /** Whether this calendar month's active-account fee is already paid by an earlier payout of the office. */
  monthlyFeePaid: boolean;
  minimumCents: number;
}

export interface PayoutFeeBreakdown {
  amountCents: number;
  /** round_half_up(amount × 0.25%) + 25¢. */
  payoutFeeCents: number;
  /** $2 for the first payout of the month, else 0. */
  monthlyFeeCents: number;
  feesCents: number;
  /** What reaches the office's bank account. */
  netCents: number;
}

export type PayoutFeeOutcome =
  | ({ ok: true } & PayoutFeeBreakdown)
  | { ok: false; reason: 'below_minimum' | 'fees_exceed_amount'; minimumCents: number };

/** The month a payout counts for the active-account fee: `YYYY-MM` in UTC. */
export function feeMonthOf(at: Date): string {
  return at.toISOString().slice(0, 7);
}

/** The fees and the net of a payout of `amountCents`, or why it cannot be paid out. */
export function computePayoutFees(input: PayoutFeeInput): PayoutFeeOutcome {
  const { amountCents, monthlyFeePaid, minimumCents } = input;
  if (!Number.isSafeInteger(amountCents) || !Number.isSafeInteger(minimumCents) || minimumCents < 0) {
    throw new RangeError('Payout amounts are whole cents');
  }
  if (amountCents < minimumCents || amountCents <= 0)
    return { ok: false, reason: 'below_minimum', minimumCents };
  const numerator = amountCents * payoutFeeBasisPoints;
  const percentCents = Math.floor((2 * numerator + basisPointsPerWhole) / (2 * basisPointsPerWhole));
  const payoutFeeCents = percentCents + payoutFeeFixedCents;
  const monthlyFeeCents = monthlyFeePaid ? 0 : activeAccountMonthlyFeeCents;
  const feesCents = payoutFeeCents + monthlyFeeCents;
  const netCents = amountCents - feesCents;
  if (netCents <= 0) return { ok: false, reason: 'fees_exceed_amount', minimumCents };
  return { ok: true, amountCents, payoutFeeCents, monthlyFeeCents, feesCents, netCents };
}
