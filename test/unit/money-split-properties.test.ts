// Properties of the split (functions/domain/money/split.ts) over random listening, settings, bans and inclusions: the
// cents add up to the net exactly, every artist paid gets at least a cent, an artist forced in is paid whenever the net
// has a cent for each artist forced in, more weighted time never gets fewer cents,
// the order of the listening does not matter, and the preview and the split (two calls with equal inputs) agree.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PieSplit, SplitInput, SplitListening } from '../../functions/domain/money/split';
import { splitArtistKeyOf, splitPie } from '../../functions/domain/money/split';

const artistIds = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l'];
const names = ['Björk', 'bjork', 'Sigur Rós', 'Múm', 'The Knife', 'Røyksopp'];

/** Time that is often equal between artists (ties) and sometimes tiny (sub-cent shares). */
const msArbitrary = fc.oneof(
  fc.constantFrom(0, 1, 30_000, 60_000, 180_000),
  fc.integer({ min: 0, max: 2_000 }),
  fc.integer({ min: 0, max: 50_000_000 }),
);

const listeningEntry = fc.record({
  artistId: fc.option(fc.constantFrom(...artistIds), { nil: null }),
  artistName: fc.constantFrom(...names),
  msListened: msArbitrary,
  tracksListened: fc.integer({ min: 0, max: 1_200 }),
  popularity: fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }),
  active: fc.boolean(),
});

/** Listening with one entry per artist key, as the caller hands it over. */
const listeningArbitrary = fc.uniqueArray(listeningEntry, {
  maxLength: 14,
  selector: (entry: SplitListening) => splitArtistKeyOf(entry),
});

const keyPool = [...artistIds.map((id) => `id:${id}`), 'name:bjork', 'name:sigur ros', 'name:mum'];

const splitInputArbitrary: fc.Arbitrary<SplitInput> = fc.record({
  listening: listeningArbitrary,
  settings: fc.record({
    artistLimit: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 6 })),
    artistPopularity: fc.oneof(fc.constantFrom(0, 100), fc.integer({ min: 0, max: 100 })),
    excludeNonActive: fc.boolean(),
  }),
  bannedArtistKeys: fc
    .uniqueArray(fc.constantFrom(...keyPool), { maxLength: 4 })
    .map((keys) => new Set(keys)),
  inclusions: fc
    .uniqueArray(fc.tuple(fc.constantFrom(...keyPool), fc.boolean()), {
      maxLength: 5,
      selector: ([key]) => key,
    })
    .map((entries) => new Map(entries)),
  netCents: fc.oneof(fc.integer({ min: 0, max: 20 }), fc.integer({ min: 0, max: 50_000 })),
});

const runs = { numRuns: 400 };

/** The fold as DESIGN §5 words it, round by round, for comparison with the one-pass fold of the product. */
/**
 * DESIGN §5's fold word for word, and decision 021's exception: when it would drop every artist although some time was
 * listened, the lightest leave one at a time (ties by key) until the lightest left gets a whole cent.
 */
function foldLiterally(netCents: number, weights: Map<string, number>): Set<string> {
  const sumOf = (map: Map<string, number>) =>
    [...map.values()].reduce((sum, weight) => sum + BigInt(weight), 0n);
  const left = new Map(weights);
  for (;;) {
    const total = sumOf(left);
    const under = [...left].filter(([, weight]) => total === 0n || BigInt(netCents) * BigInt(weight) < total);
    if (under.length === 0) return new Set(left.keys());
    for (const [key] of under) left.delete(key);
    if (left.size === 0 && sumOf(weights) > 0n && netCents > 0) return foldOneAtATime(netCents, weights);
  }
}

function foldOneAtATime(netCents: number, weights: Map<string, number>): Set<string> {
  const lightestFirst = [...weights].sort(([keyA, a], [keyB, b]) => a - b || (keyA < keyB ? -1 : 1));
  while (lightestFirst.length > 1) {
    const total = lightestFirst.reduce((sum, [, weight]) => sum + BigInt(weight), 0n);
    if (BigInt(netCents) * BigInt(lightestFirst[0]?.[1] ?? 0) >= total) break;
    lightestFirst.shift();
  }
  return new Set(lightestFirst.map(([key]) => key));
}

/**
 * Decision 021's floor for artists forced in, word for word: while the net has a cent for each of them, each forced
 * artist whose share of what is left is under one cent gets a cent set aside, until none is; the rest is folded
 * literally with the cents left. Answers who is paid.
 */
function payLiterally(netCents: number, weights: Map<string, number>, forced: Set<string>): Set<string> {
  const rest = new Map(weights);
  const atOneCent = new Set<string>();
  // A forced artist with no time has no share and no cent coming, so it does not count (decision 021).
  const forcedHere = [...weights].filter(([key, weight]) => forced.has(key) && weight > 0);
  while (forcedHere.length > 0 && netCents >= forcedHere.length) {
    const total = [...rest.values()].reduce((sum, weight) => sum + BigInt(weight), 0n);
    const left = BigInt(netCents - atOneCent.size);
    const under = [...rest].filter(
      ([key, weight]) => forced.has(key) && weight > 0 && left * BigInt(weight) < total,
    );
    if (under.length === 0) break;
    for (const [key] of under) {
      atOneCent.add(key);
      rest.delete(key);
    }
  }
  return new Set([...atOneCent, ...foldLiterally(netCents - atOneCent.size, rest)]);
}

const cloneInput = (input: SplitInput): SplitInput => ({
  listening: input.listening.map((entry) => ({ ...entry })),
  settings: { ...input.settings },
  bannedArtistKeys: new Set(input.bannedArtistKeys),
  inclusions: new Map(input.inclusions),
  netCents: input.netCents,
});

const sumOfCents = (result: PieSplit) => result.included.reduce((sum, artist) => sum + artist.cents, 0);

describe('splitPie properties', () => {
  it('allocates the net exactly, or nothing and keeps it all in the wallet', () => {
    fc.assert(
      fc.property(splitInputArbitrary, (input) => {
        const result = splitPie(input);
        expect(sumOfCents(result)).toBe(result.allocatedCents);
        expect(result.allocatedCents + result.keptInWalletCents).toBe(input.netCents);
        if (result.outcome === 'split') expect(result.allocatedCents).toBe(input.netCents);
        else expect([result.allocatedCents, result.included.length]).toEqual([0, 0]);
      }),
      runs,
    );
  });

  it('gives every included artist at least one cent, and lists every artist once', () => {
    fc.assert(
      fc.property(splitInputArbitrary, (input) => {
        const result = splitPie(input);
        for (const artist of result.included) expect(artist.cents).toBeGreaterThanOrEqual(1);
        const keys = [...result.included, ...result.excluded].map((artist) => artist.artistKey).sort();
        expect(keys).toEqual(input.listening.map(splitArtistKeyOf).sort());
        for (const artist of result.excluded) expect(artist.reasons.length).toBeGreaterThan(0);
      }),
      runs,
    );
  });

  it('pays every artist forced in and left in when the net has a cent for each of them', () => {
    fc.assert(
      fc.property(splitInputArbitrary, (input) => {
        const result = splitPie(input);
        const forced = [
          ...result.included,
          ...result.excluded.filter((artist) =>
            artist.reasons.every((reason) => reason === 'under_one_cent'),
          ),
        ].filter((artist) => artist.inclusion === true && artist.weight > 0);
        if (input.netCents < forced.length) return;
        for (const artist of forced) {
          expect(result.included.map((paid) => paid.artistKey)).toContain(artist.artistKey);
        }
      }),
      runs,
    );
  });

  it('never gives fewer cents to the artist with more weighted time', () => {
    fc.assert(
      fc.property(splitInputArbitrary, (input) => {
        const { included } = splitPie(input);
        for (const one of included) {
          for (const other of included) {
            if (one.weight > other.weight) expect(one.cents).toBeGreaterThanOrEqual(other.cents);
          }
        }
      }),
      runs,
    );
  });

  it('folds exactly the artists the literal round-by-round rule folds, after a cent for each artist forced in', () => {
    fc.assert(
      fc.property(splitInputArbitrary, (input) => {
        const result = splitPie(input);
        const beforeFold = [
          ...result.included,
          ...result.excluded.filter((artist) => artist.reasons.includes('under_one_cent')),
        ];
        const expected = payLiterally(
          input.netCents,
          new Map(beforeFold.map((artist) => [artist.artistKey, artist.weight])),
          new Set(beforeFold.filter((artist) => artist.inclusion === true).map((artist) => artist.artistKey)),
        );
        expect(new Set(result.included.map((artist) => artist.artistKey))).toEqual(expected);
      }),
      runs,
    );
  });

  it('does not depend on the order of the listening', () => {
    fc.assert(
      fc.property(
        splitInputArbitrary.chain((input) =>
          fc.tuple(
            fc.constant(input),
            fc.array(fc.double({ noNaN: true }), {
              minLength: input.listening.length,
              maxLength: input.listening.length,
            }),
          ),
        ),
        ([input, order]) => {
          const shuffled = input.listening
            .map((entry, index) => ({ entry, rank: order[index] ?? 0 }))
            .sort((a, b) => a.rank - b.rank)
            .map(({ entry }) => entry);
          expect(splitPie({ ...input, listening: shuffled })).toEqual(splitPie(input));
        },
      ),
      runs,
    );
  });

  it('answers the preview and the split alike: equal inputs give identical outputs', () => {
    fc.assert(
      fc.property(splitInputArbitrary, (input) => {
        const preview = splitPie(input);
        const split = splitPie(cloneInput(input));
        expect(split).toEqual(preview);
        expect(JSON.stringify(split)).toBe(JSON.stringify(preview));
      }),
      runs,
    );
  });
});
