// Listening lines that give their split key and where the keys hold it (`splitArtistOf`, as the pie's listening is
// summed under it): the split finds such a line's artist there instead of looking its id or name up, and no key given,
// a stale or wrong place, or an id that is an equal string but not the keys' own can change a cent of the split; a key
// that is not the line's artist's is refused before anything is split.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SplitInput, SplitListening } from '../../functions/domain/money/split';
import { splitArtistKeyOf, splitArtistOf, splitPie } from '../../functions/domain/money/split';
import { referenceSplitPie } from '../support/split-reference';

const names = ['Björk', 'bjork', 'BJÖRK', 'Sigur Rós', 'sigur ros', 'Múm', 'The Knife'];

const entryArbitrary = (index: number): fc.Arbitrary<SplitListening> =>
  fc.record({
    artistId: fc.oneof(
      { weight: 4, arbitrary: fc.constant(`artist${index}`) },
      { weight: 1, arbitrary: fc.constant(null) },
    ),
    artistName: fc.oneof(fc.constant(`Artist ${index}`), fc.constantFrom(...names)),
    msListened: fc.oneof(
      fc.constantFrom(0, 1, 30_000, 180_000),
      fc.integer({ min: 0, max: 5_000 }),
      fc.integer({ min: 0, max: 300_000_000 }),
    ),
    tracksListened: fc.integer({ min: 0, max: 1_200 }),
    popularity: fc.oneof(fc.constant(null), fc.integer({ min: 0, max: 100 })),
    active: fc.integer({ min: 0, max: 9 }).map((draw) => draw > 0),
  });

/** A month of bare lines (no key given), one line a key, with bans and inclusions among its keys. */
const monthArbitrary: fc.Arbitrary<SplitInput> = fc
  .integer({ min: 0, max: 60 })
  .chain((count) => fc.tuple(...Array.from({ length: count }, (_, index) => entryArbitrary(index))))
  .map((entries) => {
    const seen = new Set<string>();
    return entries.filter((entry) => {
      const key = splitArtistKeyOf(entry);
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  })
  .chain((listening) => {
    const keys = listening.map((entry) => splitArtistKeyOf(entry));
    const someKeys =
      keys.length === 0 ? fc.constant([]) : fc.uniqueArray(fc.constantFrom(...keys), { maxLength: 6 });
    return fc.record({
      listening: fc.constant(listening),
      settings: fc.record({
        artistLimit: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 40 })),
        artistPopularity: fc.integer({ min: 0, max: 100 }),
        excludeNonActive: fc.boolean(),
      }),
      bannedArtistKeys: someKeys.map((chosen) => new Set(chosen)),
      inclusions: someKeys.chain((chosen) =>
        fc
          .tuple(...chosen.map((key) => fc.tuple(fc.constant(key), fc.boolean())))
          .map((pairs) => new Map(pairs)),
      ),
      netCents: fc.oneof(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 200_000 })),
    });
  });

/** The lines as the pie's listening gives them: each with its key, the keys' place for it and the keys' own id. */
const keyed = (listening: readonly SplitListening[]): SplitListening[] =>
  listening.map((entry) => ({ ...entry, ...splitArtistOf(entry) }));

/** A copy of a string that is equal to it but not the same string. */
const copyOf = (text: string) => [...text].join('');

const outcomeOf = (split: (input: SplitInput) => unknown, input: SplitInput) => {
  try {
    return { result: JSON.stringify(split(input)) };
  } catch (error) {
    return { refused: error instanceof Error ? error.message : String(error) };
  }
};

describe('the split of lines that give their key', () => {
  it('is the split of the bare lines and of the reference model, cent for cent, on random months', () => {
    fc.assert(
      fc.property(monthArbitrary, (input) => {
        const bare = outcomeOf(splitPie, input);
        expect(outcomeOf(splitPie, { ...input, listening: keyed(input.listening) })).toEqual(bare);
        expect(outcomeOf(referenceSplitPie, input)).toEqual(bare);
      }),
      { numRuns: 300 },
    );
  }, 60_000);

  it('is the same whatever place is given for the key, and with ids and names equal but not the keys’ own', () => {
    fc.assert(
      fc.property(
        monthArbitrary,
        fc.array(fc.oneof(fc.integer({ min: -2, max: 100_000 }), fc.double()), {
          minLength: 60,
          maxLength: 60,
        }),
        (input, places) => {
          const bare = outcomeOf(splitPie, input);
          const elsewhere = keyed(input.listening).map((entry, index) => ({
            ...entry,
            keyIndex: places[index] ?? 0,
          }));
          expect(outcomeOf(splitPie, { ...input, listening: elsewhere })).toEqual(bare);
          const copied = keyed(input.listening).map((entry) => ({
            ...entry,
            artistId: entry.artistId === null ? null : copyOf(entry.artistId),
            artistName: copyOf(entry.artistName),
          }));
          expect(outcomeOf(splitPie, { ...input, listening: copied })).toEqual(bare);
        },
      ),
      { numRuns: 150 },
    );
  }, 60_000);

  it('is the same after the keys were forgotten past their bound between the listening and the split', () => {
    // Prepare: the lines keyed, then more artists met than the keys hold (50,000), so every place given is stale
    const listening = keyed([
      {
        artistId: 'a',
        artistName: 'A',
        msListened: 120_000,
        tracksListened: 2,
        popularity: 50,
        active: true,
      },
      {
        artistId: null,
        artistName: 'Björk',
        msListened: 60_000,
        tracksListened: 1,
        popularity: null,
        active: true,
      },
    ]);
    const input: SplitInput = {
      listening,
      settings: { artistLimit: 0, artistPopularity: 0, excludeNonActive: false },
      bannedArtistKeys: new Set(),
      inclusions: new Map(),
      netCents: 100,
    };
    const before = splitPie(input);
    for (let index = 0; index < 50_001; index += 1)
      splitArtistKeyOf({ artistId: `forgetting${index}`, artistName: '' });
    // Act
    const after = splitPie(input);
    // Assess: 120,000 : 60,000 of 100¢ → 66.67¢ and 33.33¢ → 67¢ and 33¢
    expect(after).toEqual(before);
    expect(after.included.map((artist) => [artist.artistKey, artist.cents])).toEqual([
      ['id:a', 67],
      ['name:bjork', 33],
    ]);
  });

  it('refuses a key that is not the line’s artist’s, wherever the keys hold it, before anything is split', () => {
    // Prepare
    const [a, b, bjork] = keyed([
      {
        artistId: 'a',
        artistName: 'A',
        msListened: 120_000,
        tracksListened: 2,
        popularity: 50,
        active: true,
      },
      { artistId: 'b', artistName: 'B', msListened: 60_000, tracksListened: 1, popularity: 50, active: true },
      {
        artistId: null,
        artistName: 'Björk',
        msListened: 60_000,
        tracksListened: 1,
        popularity: null,
        active: true,
      },
    ]) as [SplitListening, SplitListening, SplitListening];
    const splitOf = (listening: SplitListening[]) => () =>
      splitPie({
        listening,
        settings: { artistLimit: 0, artistPopularity: 0, excludeNonActive: false },
        bannedArtistKeys: new Set(['id:b']),
        inclusions: new Map(),
        netCents: 100,
      });
    // Act, Assess: another artist's key and place (a would be paid as b, and banned)
    expect(splitOf([{ ...a, artistKey: b.artistKey, keyIndex: b.keyIndex }, bjork])).toThrow(
      'The listening gives A the key id:b, which is id:a',
    );
    // … another artist's key at the line's own place, a key nobody has, a name key for an id and an id key for a name
    expect(splitOf([{ ...a, artistKey: 'id:b' }])).toThrow('the key id:b, which is id:a');
    expect(splitOf([{ ...a, artistKey: 'id:nobody', keyIndex: undefined }])).toThrow('which is id:a');
    expect(splitOf([{ ...a, artistKey: 'name:a' }])).toThrow('the key name:a, which is id:a');
    expect(splitOf([{ ...bjork, artistKey: 'id:bjork' }])).toThrow('the key id:bjork, which is name:bjork');
    // … a name's key given to another name at the name's place
    expect(splitOf([{ ...bjork, artistName: 'Múm' }])).toThrow(
      'gives Múm the key name:bjork, which is name:mum',
    );
  });

  it('takes a name’s key for any spelling of the name', () => {
    // Prepare: the key made from "Björk", the line spelled "BJORK" (the same key once normalised)
    const [bjork] = keyed([
      {
        artistId: null,
        artistName: 'Björk',
        msListened: 60_000,
        tracksListened: 1,
        popularity: null,
        active: true,
      },
    ]) as [SplitListening];
    // Act
    const result = splitPie({
      listening: [{ ...bjork, artistName: 'BJORK' }],
      settings: { artistLimit: 0, artistPopularity: 0, excludeNonActive: false },
      bannedArtistKeys: new Set(),
      inclusions: new Map(),
      netCents: 5,
    });
    // Assess
    expect(result.included).toMatchObject([{ artistKey: 'name:bjork', artistName: 'BJORK', cents: 5 }]);
  });
});
