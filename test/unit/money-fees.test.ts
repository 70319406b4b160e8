// The fee rules (functions/domain/money/fees.ts): Stripe's 2.9% + 30¢ rounded half up in integers, the platform fee
// in basis points, and the net; one quote for the funding screen. Hand-computed examples, then properties.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  computeNetCents,
  computePlatformFeeCents,
  computeProcessingFeeCents,
  quoteFees,
} from '../../functions/domain/money/fees';

describe('the processing fee (worked by hand)', () => {
  it.each([
    // amount, 2.9% of it, rounded half up, + 30
    [1000, 59], // 29.0 → 29 + 30
    [500, 45], // 14.5 → 15 + 30 (the half goes up)
    [300, 39], // 8.7 → 9 + 30
    [50_000, 1480], // 1450 + 30
    [1724, 80], // 49.996 → 50 + 30
    [1017, 59], // 29.493 → 29 + 30 (below the half stays down)
    [0, 30],
  ])('takes %i¢ → %i¢', (amount, fee) => {
    expect(computeProcessingFeeCents(amount)).toBe(fee);
  });

  it('refuses amounts that are not whole, non-negative cents', () => {
    expect(() => computeProcessingFeeCents(10.5)).toThrow(RangeError);
    expect(() => computeProcessingFeeCents(-1)).toThrow(RangeError);
    expect(() => computeProcessingFeeCents(Number.NaN)).toThrow(RangeError);
  });
});

describe('the platform fee and the net', () => {
  it('takes basis points rounded half up', () => {
    expect(computePlatformFeeCents(1000, 0)).toBe(0);
    expect(computePlatformFeeCents(1000, 500)).toBe(50); // 5%
    expect(computePlatformFeeCents(1050, 50)).toBe(5); // 0.5% of 10.50 = 5.25 → 5
    expect(computePlatformFeeCents(1100, 50)).toBe(6); // 5.5 → 6
    expect(computePlatformFeeCents(1000, 10_000)).toBe(1000);
  });

  it('refuses basis points outside 0-10000 or not whole', () => {
    expect(() => computePlatformFeeCents(1000, 10_001)).toThrow(RangeError);
    expect(() => computePlatformFeeCents(1000, -1)).toThrow(RangeError);
    expect(() => computePlatformFeeCents(1000, 2.5)).toThrow(RangeError);
  });

  it('is the amount less both fees', () => {
    expect(computeNetCents(1000, 59, 0)).toBe(941);
    expect(computeNetCents(1000, 59, 50)).toBe(891);
  });

  it('quotes a $10 pie with a 1% platform fee', () => {
    expect(quoteFees(1000, 100)).toEqual({
      amountCents: 1000,
      processingFeeCents: 59,
      platformFeeCents: 10,
      netCents: 931,
      processingFeeBasisPoints: 290,
      processingFeeFixedCents: 30,
      platformFeeBasisPoints: 100,
    });
  });
});

describe('the fee rules (properties)', () => {
  const amount = fc.integer({ min: 0, max: 10_000_000 });
  const basisPoints = fc.integer({ min: 0, max: 10_000 });

  it('accounts for every cent: processing + platform + net = amount', () => {
    fc.assert(
      fc.property(amount, basisPoints, (cents, bp) => {
        const quote = quoteFees(cents, bp);
        expect(quote.processingFeeCents + quote.platformFeeCents + quote.netCents).toBe(cents);
        expect(Number.isInteger(quote.processingFeeCents)).toBe(true);
        expect(Number.isInteger(quote.platformFeeCents)).toBe(true);
      }),
    );
  });

  it('never lowers a fee when the amount grows', () => {
    fc.assert(
      fc.property(amount, fc.integer({ min: 0, max: 100_000 }), basisPoints, (cents, more, bp) => {
        expect(computeProcessingFeeCents(cents + more)).toBeGreaterThanOrEqual(
          computeProcessingFeeCents(cents),
        );
        expect(computePlatformFeeCents(cents + more, bp)).toBeGreaterThanOrEqual(
          computePlatformFeeCents(cents, bp),
        );
      }),
    );
  });

  it('stays within half a cent of the exact 2.9% + 30¢', () => {
    fc.assert(
      fc.property(amount, (cents) => {
        const exact = (cents * 290) / 10_000 + 30;
        expect(Math.abs(computeProcessingFeeCents(cents) - exact)).toBeLessThanOrEqual(0.5);
      }),
    );
  });
});
