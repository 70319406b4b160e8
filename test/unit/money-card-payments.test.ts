// The postings of a card payment's life (functions/domain/money/card-payments.ts), worked by hand: a $10 payment into
// its pie's own money, its 59¢ fee out of it, and a dispute's $15 fee. What refunds and disputes take back is tested
// in money-take-back.test.ts.
import { describe, expect, it } from 'vitest';
import {
  buildDisputeFeePostings,
  buildPaymentPostings,
  buildProcessingFeePostings,
  pieFundsOf,
} from '../../functions/domain/money/card-payments';
import { validateTransaction } from '../../functions/domain/money/ledger';

const asMap = (postings: { accountId: string; amountCents: number }[]) =>
  Object.fromEntries(postings.map((p) => [p.accountId, p.amountCents]));

describe('a card payment in the ledger (worked by hand)', () => {
  it('moves $10 from Stripe clearing to the money of its pie, then its 59¢ fee to processing fees', () => {
    // Act / Assess
    expect(asMap(buildPaymentPostings('pie_1', 1000))).toEqual({
      'stripe-clearing:platform': -1000,
      'pie-funds:pie_1': 1000,
    });
    expect(asMap(buildProcessingFeePostings('pie_1', 59))).toEqual({
      'pie-funds:pie_1': -59,
      'processing-fees:platform': 59,
    });
    expect(pieFundsOf('pie_1')).toBe('pie-funds:pie_1');
  });

  it('books a dispute’s $15 fee as lost, and a fee Stripe gives back (−1500) as regained', () => {
    // Act
    const postings = buildDisputeFeePostings(1500);
    // Assess
    expect(asMap(postings)).toEqual({ 'stripe-clearing:platform': 1500, 'dispute-losses:platform': -1500 });
    expect(asMap(buildDisputeFeePostings(-1500))).toEqual({
      'stripe-clearing:platform': -1500,
      'dispute-losses:platform': 1500,
    });
    expect(() =>
      validateTransaction({ kind: 'dispute-fee', idempotencyKey: 'dispute-fee:dp_1', postings }),
    ).not.toThrow();
  });

  it('refuses amounts that are not whole cents above zero', () => {
    // Act / Assess
    expect(() => buildPaymentPostings('pie_1', 10.5)).toThrow(RangeError);
    expect(() => buildProcessingFeePostings('pie_1', 0)).toThrow(RangeError);
    expect(() => buildDisputeFeePostings(0)).toThrow(RangeError);
    expect(() => buildDisputeFeePostings(1.5)).toThrow(RangeError);
  });
});
