// Staff's finances, pure (decision 042): the instants of each period, which entry makes which figure (each movement
// counted once, from one side), the days of a period with zeros between, the journal's lines and Stripe ids.
import { describe, expect, it } from 'vitest';
import type { FinanceEntry } from '../../functions/domain/money/finances';
import {
  compareTransactions,
  figureChanges,
  journalBounds,
  journalLinesOf,
  periodBounds,
  stripeIdOf,
  summariseFinances,
  zeroFigures,
} from '../../functions/domain/money/finances';

const now = new Date('2026-11-27T14:05:00.000Z');

function entry(accountId: string, kind: FinanceEntry['kind'], amountCents: number, at = now.toISOString()) {
  return { accountId, kind, amountCents, at, transactionId: `${kind}-${at}` };
}

describe('periodBounds', () => {
  it('starts today, this month, this year at UTC midnight, and all time at the beginning; each ends now', () => {
    expect(periodBounds('day', now)).toEqual({ from: '2026-11-27T00:00:00.000Z', to: now.toISOString() });
    expect(periodBounds('month', now)).toEqual({ from: '2026-11-01T00:00:00.000Z', to: now.toISOString() });
    expect(periodBounds('year', now)).toEqual({ from: '2026-01-01T00:00:00.000Z', to: now.toISOString() });
    expect(periodBounds('all', now)).toEqual({ from: null, to: now.toISOString() });
  });

  it('makes a journal of days run from the first day’s midnight to the midnight after the last', () => {
    expect(journalBounds('2026-02-28', '2026-02-28')).toEqual({
      from: '2026-02-28T00:00:00.000Z',
      to: '2026-03-01T00:00:00.000Z',
    });
    expect(journalBounds(null, '2026-12-31').to).toBe('2027-01-01T00:00:00.000Z');
  });
});

describe('figureChanges', () => {
  it('reads a payment, its fee and a refund from the platform’s side only', () => {
    expect(figureChanges(entry('stripe-clearing:platform', 'fan-payment', -1000))).toEqual({
      moneyInCents: 1000,
    });
    expect(figureChanges(entry('pie-funds:p1', 'fan-payment', 1000))).toEqual({});
    expect(figureChanges(entry('processing-fees:platform', 'processing-fee', 59))).toEqual({
      processingFeesCents: 59,
    });
    expect(figureChanges(entry('pie-funds:p1', 'processing-fee', -59))).toEqual({});
    expect(figureChanges(entry('stripe-clearing:platform', 'refund', 500))).toEqual({ refundedCents: 500 });
    expect(figureChanges(entry('pie-funds:p1', 'refund', -500))).toEqual({});
  });

  it('reads a split from the fans’ side, its fee from the platform’s, and what is held as the difference', () => {
    expect(figureChanges(entry('pie-funds:p1', 'split', -941))).toEqual({ splitCents: 941, heldCents: 941 });
    expect(figureChanges(entry('fan-wallet:f1', 'split', -9))).toEqual({ splitCents: 9, heldCents: 9 });
    expect(figureChanges(entry('platform-fees:platform', 'split', 50))).toEqual({
      platformFeesCents: 50,
      heldCents: -50,
    });
    expect(figureChanges(entry('artist-earnings:a1', 'split', 891))).toEqual({});
  });

  it('reads releases from the office, returns from the fan (or the deleted fans’ account), payouts from the bank side', () => {
    expect(figureChanges(entry('office-payable:o1', 'escrow-release', 891))).toEqual({ releasedCents: 891 });
    expect(figureChanges(entry('artist-earnings:a1', 'escrow-release', -891))).toEqual({});
    expect(figureChanges(entry('pie-funds:p1', 'escrow-return', 300))).toEqual({ returnedCents: 300 });
    expect(figureChanges(entry('deleted-fan-returns:platform', 'escrow-return', 20))).toEqual({
      returnedCents: 20,
    });
    expect(figureChanges(entry('office-payable:o1', 'payout', -891))).toEqual({});
    expect(figureChanges(entry('processing-fees:platform', 'payout', 227))).toEqual({});
    expect(figureChanges(entry('connect-in-flight:o1', 'transfer', -664))).toEqual({ paidOutCents: 664 });
    expect(figureChanges(entry('stripe-clearing:platform', 'transfer', 664))).toEqual({});
    expect(figureChanges(entry('stripe-clearing:platform', 'transfer-reversal', -664))).toEqual({
      paidOutCents: -664,
    });
    expect(figureChanges(entry('fan-wallet:f1', 'give-back', 100))).toEqual({});
    expect(figureChanges(entry('platform-fees:platform', 'reversal', -5))).toEqual({ platformFeesCents: -5 });
  });
});

describe('summariseFinances', () => {
  it('gives totals, every day of the period with zeros between, and how many transactions moved money', () => {
    const entries = [
      entry('stripe-clearing:platform', 'fan-payment', -1000, '2026-11-02T10:00:00.000Z'),
      entry('pie-funds:p1', 'fan-payment', 1000, '2026-11-02T10:00:00.000Z'),
      entry('stripe-clearing:platform', 'refund', 300, '2026-11-04T23:59:59.999Z'),
    ];
    const summary = summariseFinances(entries, periodBounds('month', new Date('2026-11-05T08:00:00.000Z')));
    expect(summary.totals).toEqual({ ...zeroFigures(), moneyInCents: 1000, refundedCents: 300 });
    expect(summary.transactions).toBe(2);
    expect(summary.days).toEqual([
      { date: '2026-11-01', ...zeroFigures() },
      { date: '2026-11-02', ...zeroFigures(), moneyInCents: 1000 },
      { date: '2026-11-03', ...zeroFigures() },
      { date: '2026-11-04', ...zeroFigures(), refundedCents: 300 },
      { date: '2026-11-05', ...zeroFigures() },
    ]);
  });

  it('starts all time on the day of its first entry, and on today when nothing moved', () => {
    const at = '2026-11-03T01:00:00.000Z';
    const all = summariseFinances([entry('office-payable:o', 'escrow-release', 7, at)], {
      from: null,
      to: '2026-11-04T00:00:00.000Z',
    });
    expect(all.days.map((d) => [d.date, d.releasedCents])).toEqual([
      ['2026-11-03', 7],
      ['2026-11-04', 0],
    ]);
    expect(summariseFinances([], { from: null, to: now.toISOString() }).days).toEqual([
      { date: '2026-11-27', ...zeroFigures() },
    ]);
  });
});

describe('the journal', () => {
  it('writes one line per posting, with the most particular Stripe id and every reference', () => {
    const lines = journalLinesOf({
      id: 't1',
      kind: 'refund',
      at: '2026-11-04T10:00:00.000Z',
      postings: [
        { accountId: 'pie-funds:p1', amountCents: -300 },
        { accountId: 'stripe-clearing:platform', amountCents: 300 },
      ],
      references: { refundId: 're_1', chargeId: 'ch_1', pieId: 'p1' },
    });
    expect(lines).toEqual([
      {
        transactionId: 't1',
        kind: 'refund',
        at: '2026-11-04T10:00:00.000Z',
        accountId: 'pie-funds:p1',
        amountCents: -300,
        stripeId: 're_1',
        references: 'chargeId=ch_1; pieId=p1; refundId=re_1',
      },
      expect.objectContaining({ accountId: 'stripe-clearing:platform', amountCents: 300 }),
    ]);
    expect(stripeIdOf({ chargeId: 'ch_1', invoiceId: 'in_1' })).toBe('ch_1');
    expect(stripeIdOf({ payoutId: 'p', officeId: 'o', stripePayoutId: 'po_1' })).toBe('po_1');
    expect(stripeIdOf({ pieId: 'p', fanId: 'f' })).toBeNull();
  });

  it('orders transactions by instant, then id', () => {
    const a = { at: '2026-11-01T00:00:00.000Z', transactionId: 'b' };
    const b = { at: '2026-11-01T00:00:00.000Z', transactionId: 'c' };
    const c = { at: '2026-11-02T00:00:00.000Z', transactionId: 'a' };
    expect([c, b, a].sort(compareTransactions)).toEqual([a, b, c]);
  });
});
