// Give-back's pure rules (functions/domain/money/give-back.ts): what is available, the pro-rata shares (exact sum,
// nobody more than they gave), the postings and the 12-month lookback.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { FanContribution, GiveBackBalance } from '../../functions/domain/money/give-back';
import {
  availableForGiveBack,
  buildGiveBackPostings,
  giveBackIdempotencyKey,
  giveBackSince,
  isGiveBackPlan,
  maxGiveBackFans,
  fansPerGiveBackPart,
  planGiveBack,
  planGiveBackParts,
  remainingContributions,
  sumContributions,
} from '../../functions/domain/money/give-back';
import { maxPostings, planChunks, validateTransaction } from '../../functions/domain/money/ledger';
import { centsToDecimal, toCsv } from '../../functions/domain/money/statement-csv';

const roomy = (fundedCents: number): GiveBackBalance => ({
  receivedCents: fundedCents,
  givenBackCents: 0,
  payableCents: fundedCents,
  fundedCents,
});

describe('availableForGiveBack', () => {
  it('is what the office received for the artist less what it gave back, capped by the payable and the funding', () => {
    // Act / Assess
    expect(
      availableForGiveBack({
        receivedCents: 1000,
        givenBackCents: 300,
        payableCents: 5000,
        fundedCents: 900,
      }),
    ).toBe(700);
    expect(
      availableForGiveBack({ receivedCents: 1000, givenBackCents: 0, payableCents: 250, fundedCents: 900 }),
    ).toBe(250);
    expect(
      availableForGiveBack({ receivedCents: 1000, givenBackCents: 0, payableCents: 5000, fundedCents: 400 }),
    ).toBe(400);
    expect(
      availableForGiveBack({ receivedCents: 100, givenBackCents: 300, payableCents: 0, fundedCents: 0 }),
    ).toBe(0);
  });
});

describe('planGiveBack (worked by hand)', () => {
  it('splits 500 cents among fans who gave 100, 300 and 600 as 50, 150 and 300 (exact quotas)', () => {
    // Prepare
    const contributions = [
      { fanId: 'fan-a', cents: 100 },
      { fanId: 'fan-b', cents: 300 },
      { fanId: 'fan-c', cents: 600 },
    ];
    // Act
    const plan = planGiveBack({ amountCents: 500, balance: roomy(1000), contributions });
    // Assess
    expect(plan).toEqual({
      amountCents: 500,
      availableCents: 1000,
      shares: [
        { fanId: 'fan-a', cents: 50 },
        { fanId: 'fan-b', cents: 150 },
        { fanId: 'fan-c', cents: 300 },
      ],
    });
  });

  it('gives the cent left over to the largest remainder and leaves out a fan whose share is 0', () => {
    // Prepare: 10 by 1:1:98 → quotas .1, .1, 9.8 → floors 0, 0, 9, the cent left to c
    const contributions = [
      { fanId: 'a', cents: 1 },
      { fanId: 'b', cents: 1 },
      { fanId: 'c', cents: 98 },
    ];
    // Act
    const plan = planGiveBack({ amountCents: 10, balance: roomy(100), contributions });
    // Assess
    expect(isGiveBackPlan(plan) && plan.shares).toEqual([{ fanId: 'c', cents: 10 }]);
  });

  it('refuses nothing available, more than available, a fraction and too many fans', () => {
    // Prepare
    const one = [{ fanId: 'a', cents: 100 }];
    const many = Array.from({ length: maxGiveBackFans + 1 }, (_, index) => ({
      fanId: `f${index}`,
      cents: 1,
    }));
    // Act / Assess
    expect(planGiveBack({ amountCents: 1, balance: roomy(0), contributions: [] })).toEqual({
      reason: 'nothing_to_give',
      availableCents: 0,
    });
    expect(planGiveBack({ amountCents: 101, balance: roomy(100), contributions: one })).toEqual({
      reason: 'over_available',
      availableCents: 100,
    });
    expect(planGiveBack({ amountCents: 1.5, balance: roomy(100), contributions: one })).toMatchObject({
      reason: 'over_available',
    });
    expect(planGiveBack({ amountCents: 0, balance: roomy(100), contributions: one })).toMatchObject({
      reason: 'over_available',
    });
    expect(planGiveBack({ amountCents: 10, balance: roomy(many.length), contributions: many })).toEqual({
      reason: 'too_many_fans',
      fanCount: maxGiveBackFans + 1,
    });
  });
});

const contributionsArbitrary = fc
  .uniqueArray(
    fc.record({ fanId: fc.stringMatching(/^[a-z0-9]{1,12}$/), cents: fc.integer({ min: 1, max: 500_000 }) }),
    {
      selector: (contribution) => contribution.fanId,
      minLength: 1,
      maxLength: 60,
    },
  )
  .map((list): FanContribution[] => list);

describe('planGiveBack (properties)', () => {
  it('adds up to the amount exactly, gives nobody more than they gave, and stays within a cent of pro rata', () => {
    fc.assert(
      fc.property(
        contributionsArbitrary,
        fc.double({ min: 0, max: 1, noNaN: true }),
        (contributions, fraction) => {
          // Prepare
          const funded = contributions.reduce((sum, contribution) => sum + contribution.cents, 0);
          const amountCents = Math.max(1, Math.floor(funded * fraction));
          // Act
          const plan = planGiveBack({ amountCents, balance: roomy(funded), contributions });
          // Assess
          if (!isGiveBackPlan(plan)) throw new Error(`refused: ${plan.reason}`);
          expect(plan.shares.reduce((sum, share) => sum + share.cents, 0)).toBe(amountCents);
          const gave = new Map(contributions.map((contribution) => [contribution.fanId, contribution.cents]));
          for (const share of plan.shares) {
            const given = gave.get(share.fanId) ?? 0;
            expect(share.cents).toBeGreaterThan(0);
            expect(share.cents).toBeLessThanOrEqual(given);
            expect(Math.abs(share.cents - (amountCents * given) / funded)).toBeLessThan(1);
          }
        },
      ),
    );
  });

  it('makes postings that the ledger takes as one balanced transaction', () => {
    fc.assert(
      fc.property(contributionsArbitrary, (contributions) => {
        // Prepare
        const funded = contributions.reduce((sum, contribution) => sum + contribution.cents, 0);
        const plan = planGiveBack({ amountCents: funded, balance: roomy(funded), contributions });
        if (!isGiveBackPlan(plan)) throw new Error(`refused: ${plan.reason}`);
        // Act
        const transaction = validateTransaction({
          kind: 'give-back',
          idempotencyKey: giveBackIdempotencyKey('office-1', 'request-1'),
          postings: buildGiveBackPostings('office-1', plan),
        });
        // Assess
        expect(
          transaction.postings.find((posting) => posting.accountId === 'office-payable:office-1'),
        ).toEqual({
          accountId: 'office-payable:office-1',
          amountCents: -funded,
        });
        expect(transaction.postings).toHaveLength(plan.shares.length + 1);
      }),
    );
  });
});

describe('give-backs in sequence (property)', () => {
  // A fan's lots, each given `monthsAgo` months before the first give-back; give-backs come `laterMonths` apart, so
  // the lookback sees other lots each time (the fans of the window change). Each give-back plans as the service
  // does: what each fan gave in the window, less what earlier give-backs returned to them.
  const lotsArbitrary = fc.array(
    fc.record({
      fan: fc.integer({ min: 0, max: 5 }),
      cents: fc.integer({ min: 1, max: 2_000 }),
      monthsAgo: fc.integer({ min: 0, max: 24 }),
    }),
    { minLength: 1, maxLength: 30 },
  );
  const stepsArbitrary = fc.array(
    fc.record({
      fraction: fc.double({ min: 0, max: 1, noNaN: true }),
      laterMonths: fc.integer({ min: 0, max: 8 }),
    }),
    { minLength: 1, maxLength: 8 },
  );

  it('never returns to a fan, over all give-backs for the artist, more in total than the fan gave', () => {
    fc.assert(
      fc.property(lotsArbitrary, stepsArbitrary, (lots, steps) => {
        // Prepare
        const received = lots.reduce((sum, lot) => sum + lot.cents, 0);
        const returned: FanContribution[] = [];
        let givenBack = 0;
        let elapsed = 0;
        // Act
        for (const step of steps) {
          elapsed += step.laterMonths;
          const inWindow = lots
            .filter((lot) => lot.monthsAgo + elapsed <= 12)
            .map((lot) => ({ fanId: `fan-${lot.fan}`, cents: lot.cents }));
          const contributions = remainingContributions(sumContributions(inWindow), returned);
          const balance: GiveBackBalance = {
            receivedCents: received,
            givenBackCents: givenBack,
            payableCents: received - givenBack,
            fundedCents: contributions.reduce((sum, contribution) => sum + contribution.cents, 0),
          };
          const available = availableForGiveBack(balance);
          const amountCents = Math.max(1, Math.ceil(available * step.fraction));
          const plan = planGiveBack({ amountCents, balance, contributions });
          if (!isGiveBackPlan(plan)) continue;
          returned.push(...plan.shares);
          givenBack += plan.amountCents;
        }
        // Assess
        const gave = new Map<string, number>();
        for (const lot of lots) gave.set(`fan-${lot.fan}`, (gave.get(`fan-${lot.fan}`) ?? 0) + lot.cents);
        for (const [fanId, cents] of sumContributions(returned).map((c) => [c.fanId, c.cents] as const)) {
          expect(cents).toBeLessThanOrEqual(gave.get(fanId) ?? 0);
        }
        expect(givenBack).toBeLessThanOrEqual(received);
      }),
    );
  });

  it('leaves out a fan whose earlier give-backs returned all they gave, and lowers the others', () => {
    // Act
    const remaining = remainingContributions(
      [
        { fanId: 'a', cents: 100 },
        { fanId: 'b', cents: 300 },
        { fanId: 'c', cents: 50 },
      ],
      [
        { fanId: 'a', cents: 60 },
        { fanId: 'a', cents: 40 },
        { fanId: 'b', cents: 120 },
        { fanId: 'z', cents: 7 },
      ],
    );
    // Assess
    expect(remaining).toEqual([
      { fanId: 'b', cents: 180 },
      { fanId: 'c', cents: 50 },
    ]);
  });
});

describe('planGiveBackParts', () => {
  it('posts up to 999 fans as one transaction under the request key, more as parts that each balance and end the holder at zero', () => {
    for (const fans of [1, 999, 1000, 1996, 1997, maxGiveBackFans]) {
      // Prepare
      const shares = Array.from({ length: fans }, (_, index) => ({
        fanId: `fan-${String(index).padStart(5, '0')}`,
        cents: 1 + (index % 7),
      }));
      const amount = shares.reduce((sum, share) => sum + share.cents, 0);
      // Act
      const parts = planGiveBackParts({ officeId: 'o1', requestId: 'req-1', artistId: 'a1', shares });
      // Assess
      const expectedParts = fans <= maxPostings - 1 ? 1 : Math.ceil(fans / fansPerGiveBackPart);
      expect(parts.map((part) => part.part)).toEqual(Array.from({ length: expectedParts }, (_, i) => i + 1));
      expect(parts.map((part) => part.idempotencyKey)).toEqual(
        parts.map((part) => giveBackIdempotencyKey('o1', 'req-1', part.part)),
      );
      expect(parts[0]?.idempotencyKey).toBe('give-back:o1:req-1');
      const net = new Map<string, number>();
      for (const part of parts) {
        const transaction = validateTransaction({ kind: 'give-back', ...part });
        expect(transaction.postings.length).toBeLessThanOrEqual(maxPostings);
        expect(() => planChunks(transaction.postings, 'ledger-clearing:t')).not.toThrow();
        for (const posting of part.postings) {
          net.set(posting.accountId, (net.get(posting.accountId) ?? 0) + posting.amountCents);
        }
      }
      expect(net.get('office-payable:o1')).toBe(-amount);
      expect(net.get('give-back-in-flight:o1:req-1') ?? 0).toBe(0);
      expect(
        parts.slice(1).every((part) => part.postings.every((p) => p.accountId !== 'office-payable:o1')),
      ).toBe(true);
      for (const share of shares) expect(net.get(`fan-wallet:${share.fanId}`)).toBe(share.cents);
    }
  });
});

describe('sumContributions and giveBackSince', () => {
  it('sums lots per fan in fan order and drops empty ones', () => {
    // Act
    const summed = sumContributions([
      { fanId: 'b', cents: 5 },
      { fanId: 'a', cents: 7 },
      { fanId: 'b', cents: 10 },
      { fanId: 'c', cents: 0 },
    ]);
    // Assess
    expect(summed).toEqual([
      { fanId: 'a', cents: 7 },
      { fanId: 'b', cents: 15 },
    ]);
  });

  it('looks back 12 calendar months at the same time of day, the last day of a shorter month', () => {
    // Act / Assess
    expect(giveBackSince(new Date('2026-11-24T06:00:00.000Z')).toISOString()).toBe(
      '2025-11-24T06:00:00.000Z',
    );
    expect(giveBackSince(new Date('2024-02-29T12:00:00.000Z')).toISOString()).toBe(
      '2023-02-28T12:00:00.000Z',
    );
    expect(giveBackSince(new Date('2026-03-31T00:00:00.000Z'), 1).toISOString()).toBe(
      '2026-02-28T00:00:00.000Z',
    );
  });
});

describe('the statement CSV', () => {
  it('writes cents as dollars without floating point, quotes what needs it and defuses formulas', () => {
    // Act
    const csv = toCsv(
      ['date', 'description', 'amount_usd'],
      [
        ['2026-11-01', 'Fans, "thanks"', centsToDecimal(-1234)],
        ['2026-11-02', '=HYPERLINK("x")', centsToDecimal(5)],
      ],
    );
    // Assess
    expect(csv).toBe(
      'date,description,amount_usd\r\n2026-11-01,"Fans, ""thanks""",-12.34\r\n2026-11-02,"\'=HYPERLINK(""x"")",0.05\r\n',
    );
    expect([centsToDecimal(0), centsToDecimal(100), centsToDecimal(-7)]).toEqual(['0.00', '1.00', '-0.07']);
  });
});
