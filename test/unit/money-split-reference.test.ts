// The faster split (functions/domain/money/split.ts) against the split as it was before (test/support/split-reference.ts)
// on random months: a long tail of up to 320 artists, ties of time, names that normalise alike, bans, inclusions,
// limits and tilts, nets from a cent to thousands of dollars, and times so long that the weights pass 2^53 (the bigint
// path). Every result is the same, field for field and in the same order, and every refusal the same refusal.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SplitInput } from '../../functions/domain/money/split';
import { maxSplitMilliseconds, splitPie } from '../../functions/domain/money/split';
import { splitMonthArbitrary as monthArbitrary } from '../support/split-months';
import { referenceSplitPie } from '../support/split-reference';

function outcomeOf(split: (input: SplitInput) => unknown, input: SplitInput): unknown {
  try {
    return { result: JSON.stringify(split(input)) };
  } catch (error) {
    return { refused: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
}

describe('the faster split against the split it replaced', () => {
  it('gives the same result, field for field and in the same order, on random months', () => {
    fc.assert(
      fc.property(monthArbitrary(320), (input) => {
        expect(outcomeOf(splitPie, input)).toEqual(outcomeOf(referenceSplitPie, input));
      }),
      { numRuns: 150 },
    );
  }, 60_000);

  it('gives the same result on small months, where equal times make ties of weight, remainder and cents', () => {
    fc.assert(
      fc.property(monthArbitrary(12), (input) => {
        expect(outcomeOf(splitPie, input)).toEqual(outcomeOf(referenceSplitPie, input));
      }),
      { numRuns: 2_000 },
    );
  }, 60_000);

  it('gives the same result on months of more artists than its packed sorts hold (past 1,024), ties included', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(0, 1, 30_000, 180_000, 3_600_000, 7_200_000), {
          minLength: 1_100,
          maxLength: 1_500,
        }),
        fc.integer({ min: 0, max: 120_000 }),
        fc.constantFrom(0, 600, 2_000),
        (times, netCents, artistLimit) => {
          const input: SplitInput = {
            listening: times.map((msListened, index) => ({
              artistId: index % 17 === 0 ? null : `artist${(index * 7919) % 100_003}`,
              artistName: `Artist ${index}`,
              msListened,
              tracksListened: 1,
              popularity: index % 5 === 0 ? null : (index * 37) % 101,
              active: index % 11 !== 0,
            })),
            settings: { artistLimit, artistPopularity: 50, excludeNonActive: true },
            bannedArtistKeys: new Set(['id:artist7919']),
            inclusions: new Map([['id:artist15838', true]]),
            netCents,
          };
          expect(outcomeOf(splitPie, input)).toEqual(outcomeOf(referenceSplitPie, input));
        },
      ),
      { numRuns: 8 },
    );
  }, 60_000);

  it('refuses the same inputs with the same words (a key twice, a fractional time, a tilt past 100)', () => {
    const artist = {
      artistId: 'a',
      artistName: 'A',
      msListened: 1,
      tracksListened: 1,
      popularity: 50,
      active: true,
    };
    const month = (changes: Partial<SplitInput>): SplitInput => ({
      listening: [artist],
      settings: { artistLimit: 0, artistPopularity: 0, excludeNonActive: false },
      bannedArtistKeys: new Set(),
      inclusions: new Map(),
      netCents: 100,
      ...changes,
    });
    for (const input of [
      month({ listening: [artist, { ...artist }] }),
      month({ listening: [{ ...artist, msListened: 1.5 }] }),
      month({ listening: [{ ...artist, tracksListened: -1 }] }),
      month({ listening: [{ ...artist, popularity: 101 }] }),
      month({ listening: [{ ...artist, msListened: maxSplitMilliseconds + 1 }] }),
      month({ settings: { artistLimit: 0, artistPopularity: 101, excludeNonActive: false } }),
      month({ netCents: -1 }),
    ]) {
      const outcome = outcomeOf(splitPie, input);
      expect(outcome).toHaveProperty('refused');
      expect(outcome).toEqual(outcomeOf(referenceSplitPie, input));
    }
  });
});
