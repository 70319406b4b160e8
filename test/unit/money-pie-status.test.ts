// The status a fan sees for a pie (functions/domain/money/pie-status.ts), derived from what is stored and the time.
import { describe, expect, it } from 'vitest';
import { derivePieStatus } from '../../functions/domain/money/pie-status';

const periodEnd = '2026-12-24T00:00:00.000Z';
const before = new Date('2026-12-23T23:59:59.999Z');
const atEnd = new Date(periodEnd);

describe('derivePieStatus', () => {
  it('keeps inactive and split as stored, even once the period is over', () => {
    for (const status of ['inactive', 'split'] as const) {
      expect(
        derivePieStatus({ status, promo: false, periodEnd }, { now: before, cancelAtPeriodEnd: false }),
      ).toBe(status);
      expect(
        derivePieStatus({ status, promo: true, periodEnd }, { now: atEnd, cancelAtPeriodEnd: true }),
      ).toBe(status);
    }
  });

  it('says ended from the first instant of the period end', () => {
    const pie = { status: 'open' as const, promo: false, periodEnd };
    expect(derivePieStatus(pie, { now: before, cancelAtPeriodEnd: false })).toBe('active');
    expect(derivePieStatus(pie, { now: atEnd, cancelAtPeriodEnd: false })).toBe('ended');
  });

  it('says cancelling for a promo pie or a subscription that cancels at period end', () => {
    expect(
      derivePieStatus({ status: 'open', promo: true, periodEnd }, { now: before, cancelAtPeriodEnd: false }),
    ).toBe('cancelling');
    expect(
      derivePieStatus({ status: 'open', promo: false, periodEnd }, { now: before, cancelAtPeriodEnd: true }),
    ).toBe('cancelling');
  });
});
