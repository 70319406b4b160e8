// The fees of a pie (DESIGN §5), in integer cents only: Stripe's processing fee for US cards (2.9% + 30¢), OpenPie's
// platform fee in basis points (configurable, default 0), and the net that reaches artists. The fee quote shown
// before anyone pays and the split after the period use these same functions, so the two never disagree.
import type { FeeQuote } from '../../contracts/payments';

export const processingFeeBasisPoints = 290;
export const processingFeeFixedCents = 30;
const basisPointsPerWhole = 10_000;

function assertCents(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} is a whole, non-negative number of cents, not ${value}`);
  }
}

function assertBasisPoints(value: number): void {
  if (!Number.isSafeInteger(value) || value < 0 || value > basisPointsPerWhole) {
    throw new RangeError(
      `A fee in basis points is a whole number from 0 to ${basisPointsPerWhole}, not ${value}`,
    );
  }
}

/** `amountCents × basisPoints / 10000` rounded half up, without leaving integers (no 0.1 + 0.2 surprises). */
function applyBasisPoints(amountCents: number, basisPoints: number): number {
  const numerator = amountCents * basisPoints;
  return Math.floor((2 * numerator + basisPointsPerWhole) / (2 * basisPointsPerWhole));
}

/** Stripe's fee on a US card payment: round_half_up(amount × 2.9%) + 30¢ ($10 → 59¢, $5 → 45¢). */
export function computeProcessingFeeCents(amountCents: number): number {
  assertCents(amountCents, 'An amount');
  return applyBasisPoints(amountCents, processingFeeBasisPoints) + processingFeeFixedCents;
}

/** OpenPie's fee: round_half_up(amount × basis points / 10000). */
export function computePlatformFeeCents(amountCents: number, platformFeeBasisPoints: number): number {
  assertCents(amountCents, 'An amount');
  assertBasisPoints(platformFeeBasisPoints);
  return applyBasisPoints(amountCents, platformFeeBasisPoints);
}

/** What reaches artists: amount − processing fee − platform fee (negative only for amounts no pie may have). */
export function computeNetCents(
  amountCents: number,
  processingFeeCents: number,
  platformFeeCents: number,
): number {
  assertCents(amountCents, 'An amount');
  assertCents(processingFeeCents, 'A processing fee');
  assertCents(platformFeeCents, 'A platform fee');
  return amountCents - processingFeeCents - platformFeeCents;
}

/** The fee breakdown of a pie of `amountCents`, as the funding screen shows it before checkout. */
export function quoteFees(amountCents: number, platformFeeBasisPoints: number): FeeQuote {
  const processingFeeCents = computeProcessingFeeCents(amountCents);
  const platformFeeCents = computePlatformFeeCents(amountCents, platformFeeBasisPoints);
  return {
    amountCents,
    processingFeeCents,
    platformFeeCents,
    netCents: computeNetCents(amountCents, processingFeeCents, platformFeeCents),
    processingFeeBasisPoints,
    processingFeeFixedCents,
    platformFeeBasisPoints,
  };
}
