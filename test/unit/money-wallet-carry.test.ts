// What a pie's split spends, by origin (functions/domain/money/wallet-carry.ts), worked by hand: its own pie's money,
// and for the oldest pie not split yet the credit that belongs to no pie waiting for a split.
import { describe, expect, it } from 'vitest';
import type { CarryPie } from '../../functions/domain/money/wallet-carry';
import {
  carrySourcesOf,
  isOldestUnsplit,
  ownMoneyOf,
  splitFundingOf,
} from '../../functions/domain/money/wallet-carry';

function pie(id: string, periodStart: string, overrides: Partial<CarryPie> = {}): CarryPie {
  return {
    id,
    periodStart,
    periodEnd: '2027-01-01T00:00:00.000Z',
    status: 'open',
    inactiveReason: null,
    ...overrides,
  };
}

describe('the credit a split carries', () => {
  it('gives the oldest pie not split yet the free credit and what split pies left, never a waiting pie’s money', () => {
    // Prepare: pie_a had nothing to split (its 941 stayed), a give-back left 100 free; pie_b and pie_c wait
    const fanPies = [
      pie('pie_c', '2026-12-01T00:00:00.000Z'),
      pie('pie_b', '2026-11-01T00:00:00.000Z'),
      pie('pie_a', '2026-10-01T00:00:00.000Z', { status: 'split' }),
    ];
    const pieFundsCents = new Map([
      ['pie_a', 941],
      ['pie_b', 941],
      ['pie_c', 941],
    ]);
    const input = { fanId: 'fan-1', freeCreditCents: 100, fanPies, pieFundsCents };
    // Act
    const oldest = carrySourcesOf({ ...input, pieId: 'pie_b' });
    const newer = carrySourcesOf({ ...input, pieId: 'pie_c' });
    // Assess: the oldest carries it, the newer one nothing, so no two previews count it; pie_c's money stays its own
    expect(oldest).toEqual([
      { accountId: 'fan-wallet:fan-1', cents: 100 },
      { accountId: 'pie-funds:pie_a', cents: 941 },
    ]);
    expect(newer).toEqual([]);
    expect(isOldestUnsplit('pie_b', fanPies)).toBe(true);
  });

  it('carries what a refunded or disputed pie has left, and leaves a failed renewal’s paid pie to split itself', () => {
    // Prepare
    const fanPies = [
      pie('pie_failed', '2026-11-01T00:00:00.000Z', { status: 'inactive', inactiveReason: 'renewal-failed' }),
      pie('pie_disputed', '2026-10-01T00:00:00.000Z', { status: 'inactive', inactiveReason: 'disputed' }),
    ];
    const pieFundsCents = new Map([
      ['pie_failed', 941],
      ['pie_disputed', 300],
    ]);
    // Act
    const sources = carrySourcesOf({
      pieId: 'pie_failed',
      fanId: 'fan-1',
      freeCreditCents: 0,
      fanPies,
      pieFundsCents,
    });
    // Assess
    expect(sources).toEqual([{ accountId: 'pie-funds:pie_disputed', cents: 300 }]);
  });
});

describe('a pie’s own money', () => {
  it('is what is left in its account, less the fee estimate while Stripe’s fee has not left it, less OpenPie’s fee', () => {
    // Act / Assess: booked fee; a partial refund of 300 left 641
    expect(ownMoneyOf({ fundsCents: 941, unbookedFeeCents: 0, platformFeeCents: 0 })).toEqual({
      platformFeeCents: 0,
      netCents: 941,
    });
    expect(ownMoneyOf({ fundsCents: 641, unbookedFeeCents: 0, platformFeeCents: 50 })).toEqual({
      platformFeeCents: 50,
      netCents: 591,
    });
    // The fee not booked yet: 1000 less the 59 estimate
    expect(ownMoneyOf({ fundsCents: 1000, unbookedFeeCents: 59, platformFeeCents: 0 }).netCents).toBe(941);
    // Refunded almost whole: OpenPie's fee never takes more than is left, and nothing goes below zero
    expect(ownMoneyOf({ fundsCents: 30, unbookedFeeCents: 0, platformFeeCents: 50 })).toEqual({
      platformFeeCents: 30,
      netCents: 0,
    });
    expect(ownMoneyOf({ fundsCents: 0, unbookedFeeCents: 59, platformFeeCents: 0 }).netCents).toBe(0);
  });

  it('funds the split from its own account first, then each carried source whole', () => {
    // Act
    const funding = splitFundingOf({
      pieId: 'pie_b',
      ownSpendCents: 641,
      carried: [{ accountId: 'fan-wallet:fan-1', cents: 100 }],
    });
    // Assess
    expect(funding).toEqual([
      { accountId: 'pie-funds:pie_b', cents: 641 },
      { accountId: 'fan-wallet:fan-1', cents: 100 },
    ]);
    expect(splitFundingOf({ pieId: 'pie_b', ownSpendCents: 0, carried: [] })).toEqual([]);
  });
});
