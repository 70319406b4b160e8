// Wallet credit that belongs to no pie is carried into the fan's next split (domain/money/wallet-carry.ts), by hand.
import { describe, expect, it } from 'vitest';
import type { CarryPie } from '../../functions/domain/money/wallet-carry';
import { carriedInCentsOf, reservedCentsOf } from '../../functions/domain/money/wallet-carry';

function pie(id: string, periodStart: string, overrides: Partial<CarryPie> = {}): CarryPie {
  return {
    id,
    periodStart,
    periodEnd: '2027-01-01T00:00:00.000Z',
    status: 'open',
    inactiveReason: null,
    amountCents: 1000,
    processingFeeCents: 59,
    ...overrides,
  };
}

describe('the wallet credit a split carries', () => {
  it('gives the oldest pie not split yet what the wallet holds beyond its pies: 2000 − 941 − 941 = 118', () => {
    // Prepare: a pie that had nothing to split left its 941 in the wallet; two pies wait for their splits
    const fanPies = [
      pie('pie_c', '2026-12-01T00:00:00.000Z'),
      pie('pie_b', '2026-11-01T00:00:00.000Z'),
      pie('pie_a', '2026-10-01T00:00:00.000Z', { status: 'split' }),
    ];
    // Act
    const oldest = carriedInCentsOf({ pieId: 'pie_b', walletBalanceCents: 2000, fanPies });
    const newer = carriedInCentsOf({ pieId: 'pie_c', walletBalanceCents: 2000, fanPies });
    // Assess: the oldest carries it, the newer one nothing, so no two previews count it
    expect(oldest).toBe(118);
    expect(newer).toBe(0);
  });

  it('holds a pie’s whole amount while its card fee has not left the wallet, and never answers below zero', () => {
    // Prepare: the renewal's payment is booked, its fee not yet
    const fanPies = [
      pie('pie_next', '2026-12-01T00:00:00.000Z', { processingFeeCents: null }),
      pie('pie_ended', '2026-11-01T00:00:00.000Z'),
    ];
    // Act
    const carried = carriedInCentsOf({ pieId: 'pie_ended', walletBalanceCents: 941 + 1000, fanPies });
    const short = carriedInCentsOf({ pieId: 'pie_ended', walletBalanceCents: 500, fanPies });
    // Assess
    expect(reservedCentsOf(fanPies[0] as CarryPie)).toBe(1000);
    expect(carried).toBe(0);
    expect(short).toBe(0);
  });

  it('leaves refunded and disputed pies out of what the wallet holds, and keeps a failed renewal’s paid pie in', () => {
    // Prepare
    const fanPies = [
      pie('pie_refunded', '2026-09-01T00:00:00.000Z', { status: 'inactive', inactiveReason: 'refunded' }),
      pie('pie_failed', '2026-10-01T00:00:00.000Z', { status: 'inactive', inactiveReason: 'renewal-failed' }),
      pie('pie_promo', '2026-11-01T00:00:00.000Z', { amountCents: 500, processingFeeCents: 0 }),
    ];
    // Act
    const carried = carriedInCentsOf({ pieId: 'pie_failed', walletBalanceCents: 941 + 500 + 300, fanPies });
    // Assess: 1741 − 941 − 500
    expect(carried).toBe(300);
  });
});
