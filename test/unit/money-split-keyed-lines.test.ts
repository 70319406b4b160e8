// Listening lines that say where the split's keys hold their artist's key (`keyIndex` and the keys' own id, from
// `splitArtistOf`, as the pie's listening is summed under the key): the split finds such a line's artist there instead
// of looking its id or name up. The place only spares the look-up: no place, a stale or wrong one (another artist's,
// a name's for an id, one past the keys), or an id or name that is an equal string but not the keys' own cannot change
// a cent of the split.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SplitInput, SplitListening } from '../../functions/domain/money/split';
import { splitArtistKeyOf, splitArtistOf, splitPie } from '../../functions/domain/money/split';
import { splitMonthArbitrary } from '../support/split-months';
import { referenceSplitPie } from '../support/split-reference';

/** Months of up to 60 artists, their lines bare (no key given), one line a key, bans and inclusions among their keys. */
const monthArbitrary = splitMonthArbitrary(60);

/** The lines as the pie's listening gives them: each with the place of its key and the keys' own id. */
const keyed = (listening: readonly SplitListening[]): SplitListening[] =>
  listening.map((entry) => {
    const { keyIndex, artistId } = splitArtistOf(entry);
    return { ...entry, keyIndex, artistId };
  });

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

  it('is the same whatever place is given, and with ids and names equal but not the keys’ own', () => {
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

  it('pays each line’s own artist whatever other artist’s place it gives, and never a key the place holds', () => {
    // Prepare: a, b and Björk keyed; then a given b's place, b given Björk's, Björk given a's, Múm given Björk's
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
        msListened: 20_000,
        tracksListened: 1,
        popularity: null,
        active: true,
      },
    ]) as [SplitListening, SplitListening, SplitListening];
    const mum = { ...bjork, artistName: 'Múm', msListened: 0 };
    // Act
    const result = splitPie({
      listening: [
        { ...a, keyIndex: b.keyIndex },
        { ...b, keyIndex: bjork.keyIndex },
        { ...bjork, keyIndex: a.keyIndex },
        mum,
      ],
      settings: { artistLimit: 0, artistPopularity: 0, excludeNonActive: false },
      bannedArtistKeys: new Set(['id:b']),
      inclusions: new Map(),
      netCents: 100,
    });
    // Assess: b is banned, not a; 120,000 : 20,000 of 100¢ → 85.71¢ and 14.29¢ → 86¢ and 14¢; Múm (no time) folds
    expect(result.included.map((artist) => [artist.artistKey, artist.artistName, artist.cents])).toEqual([
      ['id:a', 'A', 86],
      ['name:bjork', 'Björk', 14],
    ]);
    expect(result.excluded.map((artist) => [artist.artistKey, artist.reasons])).toEqual([
      ['id:b', ['banned']],
      ['name:mum', ['under_one_cent']],
    ]);
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
