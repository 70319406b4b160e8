// What a refund or a lost dispute takes back (functions/domain/money/take-back.ts): hand-computed examples of the
// order (the pie's own money, its held lots pro rata, then a loss) and fast-check properties of every plan.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AccountId } from '../../functions/domain/money/ledger';
import { validateTransaction } from '../../functions/domain/money/ledger';
import { lotsPerTakeBackPart, planTakeBack, takeBackParts } from '../../functions/domain/money/take-back';

const loss: AccountId = 'platform-losses:platform';
const lot = (key: string, cents: number) => ({
  artistKey: `id:${key}`,
  accountId: `artist-earnings:${key}` as AccountId,
  cents,
});

describe('taking back a payment’s money (worked by hand)', () => {
  it('refunds $10 before the split: 941 from the pie’s money, Stripe’s kept 59¢ a loss', () => {
    // Act
    const plan = planTakeBack({ amountCents: 1000, pieFundsCents: 941, heldLots: [] });
    // Assess
    expect(plan).toEqual({ amountCents: 1000, fromPieFundsCents: 941, fromLots: [], lossCents: 59 });
  });

  it('refunds $10 after the split: the 941 held for two unclaimed artists, 706/235, then 59¢ loss', () => {
    // Act
    const plan = planTakeBack({
      amountCents: 1000,
      pieFundsCents: 0,
      heldLots: [lot('a', 706), lot('b', 235)],
    });
    // Assess
    expect(plan.fromPieFundsCents).toBe(0);
    expect(plan.fromLots.map((part) => [part.artistKey, part.cents])).toEqual([
      ['id:a', 706],
      ['id:b', 235],
    ]);
    expect(plan.lossCents).toBe(59);
  });

  it('refunds $3 of a split pie pro rata to what each lot holds: 300 × 706/941 = 225.08…, 300 × 235/941 = 74.92…', () => {
    // Act
    const plan = planTakeBack({
      amountCents: 300,
      pieFundsCents: 0,
      heldLots: [lot('a', 706), lot('b', 235)],
    });
    // Assess: floors 225 + 74 = 299, the last cent to the larger remainder (b's .92)
    expect(plan.fromLots.map((part) => part.cents)).toEqual([225, 75]);
    expect(plan.lossCents).toBe(0);
  });

  it('never takes money of another pie: a released lot is not in the plan, its share is a loss', () => {
    // Prepare: a's 706 was released to its office, only b's 235 is still held
    // Act
    const plan = planTakeBack({ amountCents: 1000, pieFundsCents: 0, heldLots: [lot('b', 235)] });
    // Assess
    expect(plan.fromLots.map((part) => part.cents)).toEqual([235]);
    expect(plan.lossCents).toBe(765);
  });

  it('writes the plan as balanced transactions: 100 from the pie’s money, 900 × 706/941 = 675.2…, 900 × 235/941 = 224.8… → 225', () => {
    // Prepare
    const plan = planTakeBack({
      amountCents: 1000,
      pieFundsCents: 100,
      heldLots: [lot('a', 706), lot('b', 235)],
    });
    // Act
    const [part] = takeBackParts(plan, 'pie_1', loss);
    // Assess
    expect(part?.postings).toEqual([
      { accountId: 'stripe-clearing:platform', amountCents: 1000 },
      { accountId: 'pie-funds:pie_1', amountCents: -100 },
      { accountId: 'artist-earnings:a', amountCents: -675 },
      { accountId: 'artist-earnings:b', amountCents: -225 },
    ]);
  });
});

describe('take-back plans (properties)', () => {
  it('take exactly the amount, the wallet first, no lot beyond what it holds, and balance in parts', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.array(fc.integer({ min: 1, max: 5_000 }), { maxLength: 70 }),
        (amount, funds, lotCents) => {
          const heldLots = lotCents.map((cents, index) =>
            lot(`artist${String(index).padStart(3, '0')}`, cents),
          );
          const plan = planTakeBack({ amountCents: amount, pieFundsCents: funds, heldLots });
          const fromLots = plan.fromLots.reduce((sum, part) => sum + part.cents, 0);
          const held = lotCents.reduce((sum, cents) => sum + cents, 0);
          expect(plan.fromPieFundsCents + fromLots + plan.lossCents).toBe(amount);
          expect(plan.fromPieFundsCents).toBe(Math.min(amount, funds));
          expect(fromLots).toBe(Math.min(amount - plan.fromPieFundsCents, held));
          expect(plan.lossCents).toBeGreaterThanOrEqual(0);
          for (const part of plan.fromLots) {
            expect(part.cents).toBeGreaterThan(0);
            expect(part.cents).toBeLessThanOrEqual(part.lotCentsBefore);
          }
          const parts = takeBackParts(plan, 'pie_1', loss);
          expect(parts.length).toBe(Math.max(1, Math.ceil(plan.fromLots.length / lotsPerTakeBackPart)));
          parts.forEach((written, index) =>
            expect(() =>
              validateTransaction({
                kind: 'refund',
                idempotencyKey: `refund:re_1:${index}`,
                postings: written.postings,
              }),
            ).not.toThrow(),
          );
        },
      ),
    );
  });
});
