// The one apportion rule (functions/domain/money/apportion.ts): largest remainder, ties by key, exact in bigint.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apportion } from '../../functions/domain/money/apportion';

const asObject = (shares: Map<string, number>) => Object.fromEntries(shares);

describe('apportion (worked by hand)', () => {
  it('gives each key the floor of its quota and the units left to the largest remainders', () => {
    // Act: 7 by 2:3:5 → quotas 1.4, 2.1, 3.5 → floors 1, 2, 3 (6), the unit left to c (remainder .5)
    const shares = apportion(7, { a: 2, b: 3, c: 5 });
    // Assess
    expect(asObject(shares)).toEqual({ a: 1, b: 2, c: 4 });
  });

  it('splits exactly when the quotas are whole', () => {
    expect(asObject(apportion(100, { x: 50, y: 30, z: 20 }))).toEqual({ x: 50, y: 30, z: 20 });
  });

  it('gives equal remainders to the keys that sort first', () => {
    // 10 by 1:1:1 → 3.33 each: the one unit left goes to a; 1 by 1:1 → to a, whatever order the keys came in
    expect(asObject(apportion(10, { c: 1, b: 1, a: 1 }))).toEqual({ a: 4, b: 3, c: 3 });
    expect(
      asObject(
        apportion(
          1,
          new Map([
            ['b', 1],
            ['a', 1],
          ]),
        ),
      ),
    ).toEqual({ a: 1, b: 0 });
    // Keys compare by code unit, not by locale: 'B' (66) sorts before 'a' (97)
    expect(asObject(apportion(1, { a: 1, B: 1 }))).toEqual({ B: 1, a: 0 });
  });

  it('stays exact where floating point would not: a total at 2^53 - 1 and weights past 2^64', () => {
    // 9 007 199 254 740 991 by 1:2 → 3 002 399 751 580 330.33 and 6 004 799 503 160 660.67: the unit left goes to b
    expect(asObject(apportion(Number.MAX_SAFE_INTEGER, { a: 1, b: 2 }))).toEqual({
      a: 3_002_399_751_580_330,
      b: 6_004_799_503_160_661,
    });
    // 10 by 2^70 : 2^70 : 2^71 → 2.5, 2.5, 5: the unit left goes to the first of the equal remainders, a
    const big = 2n ** 70n;
    expect(asObject(apportion(10, { a: big, b: big, c: 2n * big }))).toEqual({ a: 3, b: 2, c: 5 });
  });

  it('gives nothing to a weight of 0, and zeros when the total is 0', () => {
    expect(asObject(apportion(5, { a: 0, b: 1 }))).toEqual({ a: 0, b: 5 });
    expect(asObject(apportion(0, { a: 0, b: 0 }))).toEqual({ a: 0, b: 0 });
    expect(asObject(apportion(0, {}))).toEqual({});
  });

  it.each([
    ['a negative total', () => apportion(-1, { a: 1 })],
    ['a fractional total', () => apportion(1.5, { a: 1 })],
    ['a total past the safe integers', () => apportion(2 ** 53, { a: 1 })],
    ['a total that is not a number', () => apportion(Number.NaN, { a: 1 })],
    ['a negative weight', () => apportion(10, { a: 5, b: -1 })],
    ['a negative bigint weight', () => apportion(10, { a: 5n, b: -1n })],
    ['a fractional weight', () => apportion(10, { a: 0.5, b: 1 })],
    ['an infinite weight', () => apportion(10, { a: Number.POSITIVE_INFINITY })],
    ['a positive total with only weights of 0', () => apportion(10, { a: 0, b: 0 })],
    ['a positive total with no keys', () => apportion(10, {})],
  ])('refuses %s', (_case, call) => {
    expect(call).toThrow(RangeError);
  });
});

/** Distinct keys, each with a weight that is a safe integer or a bigint up to 2^80; at least one above 0. */
const weightEntries = fc
  .uniqueArray(
    fc.tuple(
      fc.string({ maxLength: 6 }),
      fc.oneof(fc.maxSafeNat(), fc.nat({ max: 1000 }), fc.bigInt({ min: 0n, max: 2n ** 80n })),
    ),
    { minLength: 1, maxLength: 12, selector: ([key]) => key },
  )
  .filter((entries) => entries.some(([, weight]) => BigInt(weight) > 0n));

const totals = fc.oneof(fc.maxSafeNat(), fc.nat({ max: 10_000 }));

describe('apportion (properties)', () => {
  it('adds up to the total exactly', () => {
    fc.assert(
      fc.property(totals, weightEntries, (total, entries) => {
        const shares = apportion(total, new Map(entries));
        const sum = [...shares.values()].reduce((acc, share) => acc + BigInt(share), 0n);
        expect(sum).toBe(BigInt(total));
        expect([...shares.keys()].sort()).toEqual(entries.map(([key]) => key).sort());
      }),
    );
  });

  it('keeps every share within one unit of its exact quota', () => {
    fc.assert(
      fc.property(totals, weightEntries, (total, entries) => {
        const shares = apportion(total, new Map(entries));
        const sum = entries.reduce((acc, [, weight]) => acc + BigInt(weight), 0n);
        for (const [key, weight] of entries) {
          // |share − total × weight ÷ sum| < 1, multiplied through by sum to stay exact
          const gap = BigInt(shares.get(key) ?? -1) * sum - BigInt(total) * BigInt(weight);
          expect(gap < sum && -gap < sum).toBe(true);
        }
      }),
    );
  });

  it('does not depend on the order the weights are given in', () => {
    fc.assert(
      fc.property(
        totals,
        weightEntries.chain((entries) =>
          fc.tuple(
            fc.constant(entries),
            fc.shuffledSubarray(entries, { minLength: entries.length, maxLength: entries.length }),
          ),
        ),
        (total, [entries, shuffled]) => {
          expect(asObject(apportion(total, new Map(shuffled)))).toEqual(
            asObject(apportion(total, new Map(entries))),
          );
        },
      ),
    );
  });

  it('gives the units left over to the largest remainders, ties to the first key', () => {
    fc.assert(
      fc.property(totals, weightEntries, (total, entries) => {
        const shares = apportion(total, new Map(entries));
        const sum = entries.reduce((acc, [, weight]) => acc + BigInt(weight), 0n);
        const quotas = entries.map(([key, weight]) => {
          const exact = BigInt(total) * BigInt(weight);
          return { key, remainder: exact % sum, extra: BigInt(shares.get(key) ?? 0) > exact / sum };
        });
        for (const winner of quotas.filter((quota) => quota.extra)) {
          for (const loser of quotas.filter((quota) => !quota.extra)) {
            const beats =
              winner.remainder > loser.remainder ||
              (winner.remainder === loser.remainder && winner.key < loser.key);
            expect(beats).toBe(true);
          }
        }
      }),
    );
  });
});
