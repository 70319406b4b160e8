// Random months for the split's property tests (test/unit/money-split-reference.test.ts and
// money-split-keyed-lines.test.ts): a fan's listening of up to `most` artists, one line a key as the caller sums it,
// with ties of time, tiny shares, months of listening and sometimes years (weights past 2^53, the bigint path), names
// that normalise alike and lines known only by name, popularity missing or neutral, bans and inclusions among the
// month's keys, limits and tilts, and nets from a cent to thousands of dollars.
import fc from 'fast-check';
import type { SplitInput, SplitListening } from '../../functions/domain/money/split';
import { maxSplitMilliseconds, splitArtistKeyOf } from '../../functions/domain/money/split';

/** Names, some of which normalise to one key ("Björk", "bjork", "BJÖRK"), some with signs that normalising drops. */
const names = [
  'Björk',
  'bjork',
  'BJÖRK',
  'Sigur Rós',
  'sigur ros',
  'Múm',
  'The Knife',
  'Røyksopp',
  'AC/DC',
  'Simon & Garfunkel',
];

/** Time with ties, tiny shares, months of listening, and sometimes years (weights past 2^53). */
const msArbitrary = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(0, 1, 30_000, 180_000, 3_600_000) },
  { weight: 3, arbitrary: fc.integer({ min: 0, max: 5_000 }) },
  { weight: 8, arbitrary: fc.integer({ min: 0, max: 300_000_000 }) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: maxSplitMilliseconds }) },
);

/** The line of the month's `index`-th artist: its own catalogue id, or (one in five) a name only. */
const lineArbitrary = (index: number): fc.Arbitrary<SplitListening> =>
  fc.record({
    artistId: fc.oneof(
      { weight: 4, arbitrary: fc.constant(`artist${index}`) },
      { weight: 1, arbitrary: fc.constant(null) },
    ),
    artistName: fc.oneof(fc.constant(`Artist ${index}`), fc.constantFrom(...names)),
    msListened: msArbitrary,
    tracksListened: fc.integer({ min: 0, max: 1_200 }),
    popularity: fc.oneof(fc.constantFrom(null, 50), fc.integer({ min: 0, max: 100 })),
    active: fc.integer({ min: 0, max: 9 }).map((draw) => draw > 0),
  });

/** Up to `most` lines, one a key (a later line of a key already drawn is left out, as the caller adds times up). */
const listeningArbitrary = (most: number): fc.Arbitrary<SplitListening[]> =>
  fc
    .integer({ min: 0, max: most })
    .chain((count) => fc.tuple(...Array.from({ length: count }, (_, index) => lineArbitrary(index))))
    .map((lines) => {
      const seen = new Set<string>();
      return lines.filter((line) => {
        const key = splitArtistKeyOf(line);
        if (seen.has(key)) return false;
        seen.add(key);
        return true;
      });
    });

/** A month of bare lines (no `keyIndex`) of up to `most` artists, with settings, bans, inclusions and a net. */
export const splitMonthArbitrary = (most: number): fc.Arbitrary<SplitInput> =>
  listeningArbitrary(most).chain((listening) => {
    const keys = listening.map((line) => splitArtistKeyOf(line));
    const someKeys =
      keys.length === 0 ? fc.constant([]) : fc.uniqueArray(fc.constantFrom(...keys), { maxLength: 8 });
    return fc.record({
      listening: fc.constant(listening),
      settings: fc.record({
        artistLimit: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 120 })),
        artistPopularity: fc.oneof(fc.constantFrom(0, 50, 100), fc.integer({ min: 0, max: 100 })),
        excludeNonActive: fc.boolean(),
      }),
      bannedArtistKeys: someKeys.map((chosen) => new Set(chosen)),
      inclusions: someKeys.chain((chosen) =>
        fc
          .tuple(...chosen.map((key) => fc.tuple(fc.constant(key), fc.boolean())))
          .map((pairs) => new Map(pairs)),
      ),
      netCents: fc.oneof(
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 0, max: 2_000 }),
        fc.integer({ min: 0, max: 500_000 }),
      ),
    });
  });
