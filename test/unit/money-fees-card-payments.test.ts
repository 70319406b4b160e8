// The postings of a card payment's life (functions/domain/money/card-payments.ts), worked by hand: a $10 payment and
// its 59¢ fee, a full and a partial refund, a dispute and its $15 fee, and a refund after the wallet was split.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildDisputeFeePostings,
  buildPaymentPostings,
  buildProcessingFeePostings,
  buildReversalPostings,
  computeWalletShareCents,
  disputeLossesAccount,
  platformLossesAccount,
} from '../../functions/domain/money/card-payments';
import { validateTransaction } from '../../functions/domain/money/ledger';

const fan = 'fan-1';
const asMap = (postings: { accountId: string; amountCents: number }[]) =>
  Object.fromEntries(postings.map((p) => [p.accountId, p.amountCents]));

describe('a card payment in the ledger (worked by hand)', () => {
  it('moves $10 from Stripe clearing to the wallet, then its 59¢ fee to processing fees', () => {
    expect(asMap(buildPaymentPostings(fan, 1000))).toEqual({
      'stripe-clearing:platform': -1000,
      'fan-wallet:fan-1': 1000,
    });
    expect(asMap(buildProcessingFeePostings(fan, 59))).toEqual({
      'fan-wallet:fan-1': -59,
      'processing-fees:platform': 59,
    });
  });

  it('refunds $10 in full: $9.41 back from the wallet, Stripe’s kept 59¢ a platform loss', () => {
    const w = computeWalletShareCents({
      amountCents: 1000,
      grossCents: 1000,
      feeCents: 59,
      takenBeforeCents: 0,
      walletBalanceCents: 941,
    });
    expect(w).toBe(941);
    expect(
      asMap(
        buildReversalPostings({
          fanId: fan,
          amountCents: 1000,
          fromWalletCents: w,
          lossAccount: platformLossesAccount,
        }),
      ),
    ).toEqual({
      'stripe-clearing:platform': 1000,
      'fan-wallet:fan-1': -941,
      'platform-losses:platform': -59,
    });
  });

  it('leaves the next pie’s money alone: a refund of the first of two payments takes only its own $9.41', () => {
    expect(
      computeWalletShareCents({
        amountCents: 1000,
        grossCents: 1000,
        feeCents: 59,
        takenBeforeCents: 0,
        walletBalanceCents: 1882,
      }),
    ).toBe(941);
  });

  it('shares partial refunds: $3 then $7 take 300 then 641 from the wallet', () => {
    const first = computeWalletShareCents({
      amountCents: 300,
      grossCents: 1000,
      feeCents: 59,
      takenBeforeCents: 0,
      walletBalanceCents: 941,
    });
    const second = computeWalletShareCents({
      amountCents: 700,
      grossCents: 1000,
      feeCents: 59,
      takenBeforeCents: first,
      walletBalanceCents: 941 - first,
    });
    expect([first, second]).toEqual([300, 641]);
  });

  it('takes at most what the wallet holds when the pie was split already: the rest is lost', () => {
    const w = computeWalletShareCents({
      amountCents: 1000,
      grossCents: 1000,
      feeCents: 59,
      takenBeforeCents: 0,
      walletBalanceCents: 0,
    });
    expect(w).toBe(0);
    expect(
      asMap(
        buildReversalPostings({
          fanId: fan,
          amountCents: 1000,
          fromWalletCents: 0,
          lossAccount: platformLossesAccount,
        }),
      ),
    ).toEqual({ 'stripe-clearing:platform': 1000, 'platform-losses:platform': -1000 });
  });

  it('books a dispute against dispute losses, and its $15 fee as lost', () => {
    expect(
      asMap(
        buildReversalPostings({
          fanId: fan,
          amountCents: 1000,
          fromWalletCents: 941,
          lossAccount: disputeLossesAccount,
        }),
      ),
    ).toEqual({ 'stripe-clearing:platform': 1000, 'fan-wallet:fan-1': -941, 'dispute-losses:platform': -59 });
    expect(asMap(buildDisputeFeePostings(1500))).toEqual({
      'stripe-clearing:platform': 1500,
      'dispute-losses:platform': -1500,
    });
  });

  it('refuses a wallet share above the amount, and amounts that are not whole cents', () => {
    expect(() =>
      buildReversalPostings({
        fanId: fan,
        amountCents: 100,
        fromWalletCents: 101,
        lossAccount: platformLossesAccount,
      }),
    ).toThrow(RangeError);
    expect(() => buildPaymentPostings(fan, 10.5)).toThrow(RangeError);
    expect(() => buildProcessingFeePostings(fan, 0)).toThrow(RangeError);
  });
});

describe('reversal postings (properties)', () => {
  it('always balance, never take more than the wallet holds or the payment left, and pass the ledger rules', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 300, max: 50_000 }),
        fc.integer({ min: 1, max: 50_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 50_000 }),
        (gross, amountSeed, wallet, takenSeed) => {
          const fee = Math.round((gross * 290) / 10_000) + 30;
          const amount = 1 + (amountSeed % gross);
          const takenBefore = takenSeed % (gross - fee + 1);
          const w = computeWalletShareCents({
            amountCents: amount,
            grossCents: gross,
            feeCents: fee,
            takenBeforeCents: takenBefore,
            walletBalanceCents: wallet,
          });
          expect(w).toBeLessThanOrEqual(Math.min(amount, wallet, gross - fee - takenBefore));
          expect(w).toBeGreaterThanOrEqual(0);
          const postings = buildReversalPostings({
            fanId: fan,
            amountCents: amount,
            fromWalletCents: w,
            lossAccount: platformLossesAccount,
          });
          expect(postings.reduce((sum, p) => sum + p.amountCents, 0)).toBe(0);
          expect(() =>
            validateTransaction({ kind: 'refund', idempotencyKey: 'refund:re_1', postings }),
          ).not.toThrow();
        },
      ),
    );
  });
});
