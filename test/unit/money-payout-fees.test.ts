// The fees of an office's payout (functions/domain/money/payout-fees.ts): worked by hand for the amounts the funds
// screen shows, and as properties over every amount (the parts always add up, the net never exceeds the amount).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { advisePayoutFees, computePayoutFees, feeMonthOf } from '../../functions/domain/money/payout-fees';

describe('the fees of a payout (worked by hand)', () => {
  it('charges 0.25% + 25¢ and the $2 monthly fee on the first payout of the month', () => {
    // Prepare
    const input = { amountCents: 10_000, monthlyFeePaid: false, minimumCents: 1000 };
    // Act
    const outcome = computePayoutFees(input);
    // Assess
    expect(outcome).toEqual({
      ok: true,
      amountCents: 10_000,
      payoutFeeCents: 50,
      monthlyFeeCents: 200,
      feesCents: 250,
      netCents: 9750,
    });
  });

  it('leaves out the monthly fee once it is paid, and rounds the percentage half up', () => {
    // Prepare: 0.25% of $12.34 is 3.085¢ → 3¢; of $14 it is 3.5¢ → 4¢.
    const fees = (amountCents: number) =>
      computePayoutFees({ amountCents, monthlyFeePaid: true, minimumCents: 1000 });
    // Act / Assess
    expect(fees(1234)).toMatchObject({ ok: true, payoutFeeCents: 28, monthlyFeeCents: 0, netCents: 1206 });
    expect(fees(1400)).toMatchObject({ ok: true, payoutFeeCents: 29, netCents: 1371 });
  });

  it('refuses a payout under the minimum, and one whose fees would eat it all', () => {
    // Prepare / Act
    const below = computePayoutFees({ amountCents: 999, monthlyFeePaid: false, minimumCents: 1000 });
    const eaten = computePayoutFees({ amountCents: 200, monthlyFeePaid: false, minimumCents: 1 });
    // Assess
    expect(below).toEqual({ ok: false, reason: 'below_minimum', minimumCents: 1000 });
    expect(eaten).toEqual({ ok: false, reason: 'fees_exceed_amount', minimumCents: 1 });
  });

  it('counts the month in UTC', () => {
    expect(feeMonthOf(new Date('2026-11-30T23:59:59.999Z'))).toBe('2026-11');
    expect(feeMonthOf(new Date('2026-12-01T00:00:00.000Z'))).toBe('2026-12');
  });
});

describe('the fees of a payout (properties)', () => {
  it('adds up: net + fees = amount, net > 0 and fees at least 25¢ whenever the payout is allowed', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), fc.boolean(), (amountCents, monthlyFeePaid) => {
        const outcome = computePayoutFees({ amountCents, monthlyFeePaid, minimumCents: 1000 });
        if (!outcome.ok) return amountCents < 1000;
        return (
          outcome.netCents + outcome.feesCents === amountCents &&
          outcome.netCents > 0 &&
          outcome.feesCents === outcome.payoutFeeCents + outcome.monthlyFeeCents &&
          outcome.payoutFeeCents >= 25 &&
          outcome.monthlyFeeCents === (monthlyFeePaid ? 0 : 200)
        );
      }),
    );
  });
});

describe('the advice before a payout whose fees take more than 5%', () => {
  it('warns on $17.68 with the monthly fee ($2.29, 12.96%) and names $47.40, the first amount from which fees stay within 5%', () => {
    // Prepare: $47.39 pays 12¢ + 25¢ + $2 = $2.37, 5.0011%; $47.40 pays the same, exactly 5%.
    const input = { amountCents: 1768, monthlyFeePaid: false, minimumCents: 1000 };
    // Act
    const advice = advisePayoutFees(input);
    // Assess
    expect(computePayoutFees(input)).toMatchObject({ feesCents: 229, netCents: 1539 });
    expect(advice).toEqual({
      feesShareBasisPoints: 1296,
      worthWaitingForCents: 4740,
      moreToWaitForCents: 2972,
    });
    expect(advisePayoutFees({ ...input, amountCents: 4739 })).toMatchObject({ worthWaitingForCents: 4740 });
    expect(advisePayoutFees({ ...input, amountCents: 4740 })).toBeNull();
  });

  it('says nothing once the monthly fee is paid (28¢ of $10 is 2.8%), nor for a payout that is not allowed', () => {
    expect(advisePayoutFees({ amountCents: 1000, monthlyFeePaid: true, minimumCents: 1000 })).toBeNull();
    expect(advisePayoutFees({ amountCents: 999, monthlyFeePaid: false, minimumCents: 1000 })).toBeNull();
  });

  it('names an amount from which on every payout keeps its fees within 5%, and none below it does not warn (properties)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1000, max: 20_000 }), fc.boolean(), (amountCents, monthlyFeePaid) => {
        const input = { amountCents, monthlyFeePaid, minimumCents: 1000 };
        const advice = advisePayoutFees(input);
        const share = (cents: number) => {
          const outcome = computePayoutFees({ ...input, amountCents: cents });
          return outcome.ok ? outcome.feesCents / outcome.amountCents : 1;
        };
        if (advice === null) return share(amountCents) <= 0.05;
        const { worthWaitingForCents } = advice;
        for (let cents = worthWaitingForCents; cents < worthWaitingForCents + 1000; cents += 1) {
          if (share(cents) > 0.05) return false;
        }
        return share(amountCents) > 0.05 && share(worthWaitingForCents - 1) > 0.05;
      }),
      { numRuns: 200 },
    );
  });
});
