// What an office's payout costs (decision 029), pure and in integer cents: Stripe's Connect fees
// that the platform pays (controller `fees.payer = application`) and recovers from the office, 0.25% + 25¢ per payout
// and $2 per active account once per calendar month (UTC). The preview the screen shows before the office confirms
// and the payout itself call this one function, so the two never disagree. When the fees would take more than 5% of a
// payout, the advice says so before it is sent, and from what amount they would not (computed with the same function).

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

/** Fees above this share of a payout are worth a warning before it is sent: 5%. */
export const payoutFeeWarningBasisPoints = 500;

export interface PayoutFeeAdvice {
  /** The fees' share of the payout in basis points, rounded up (1296 is 12.96%). */
  feesShareBasisPoints: number;
  /** The smallest payout from which on the fees take 5% or less (this month's monthly fee counted as for this one). */
  worthWaitingForCents: number;
  /** How much more the balance needs to reach it. */
  moreToWaitForCents: number;
}

function feesWithinWarning(input: PayoutFeeInput): boolean {
  const outcome = computePayoutFees(input);
  return (
    outcome.ok && outcome.feesCents * basisPointsPerWhole <= outcome.amountCents * payoutFeeWarningBasisPoints
  );
}

/**
 * Whether the fees of a payout of `amountCents` take more than 5% of it, and if so the amount worth waiting for: the
 * smallest payout from which on every larger one keeps the fees at 5% or less. Null when the payout is not allowed or
 * its fees are within 5%. Every amount is priced with `computePayoutFees`, the payout's own function.
 */
export function advisePayoutFees(input: PayoutFeeInput): PayoutFeeAdvice | null {
  const outcome = computePayoutFees(input);
  if (!outcome.ok || feesWithinWarning(input)) return null;
  // Fees ≤ amount × 0.25% + ½¢ + fixed fees, so every amount from this bound on is within 5%; the walk down then finds
  // where that run of amounts begins (the rounding makes the fees' share step, not slide).
  const fixedCents = payoutFeeFixedCents + outcome.monthlyFeeCents;
  const boundNumerator = basisPointsPerWhole / 2 + fixedCents * basisPointsPerWhole;
  const boundDenominator = payoutFeeWarningBasisPoints - payoutFeeBasisPoints;
  let worthWaitingForCents = Math.max(
    Math.ceil(boundNumerator / boundDenominator),
    input.amountCents + 1,
    input.minimumCents,
  );
  const within = (amountCents: number) => feesWithinWarning({ ...input, amountCents });
  while (worthWaitingForCents - 1 > input.amountCents && within(worthWaitingForCents - 1)) {
    worthWaitingForCents -= 1;
  }
  return {
    feesShareBasisPoints: Math.ceil((outcome.feesCents * basisPointsPerWhole) / outcome.amountCents),
    worthWaitingForCents,
    moreToWaitForCents: worthWaitingForCents - input.amountCents,
  };
}
