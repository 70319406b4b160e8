// The split of a pie (functions/domain/money/split.ts, DESIGN §5 "The split"), with every cent computed by hand in the
// comments, and the "not active" rule (functions/domain/catalogue/artist-activity.ts).
import { describe, expect, it } from 'vitest';
import type { ArtistActivityFacts } from '../../functions/domain/catalogue/artist-activity';
import { isActiveArtist } from '../../functions/domain/catalogue/artist-activity';
import type { PieSplit, SplitInput, SplitListening, SplitSettings } from '../../functions/domain/money/split';
import {
  splitArtistKeyOf,
  splitPie,
  weightFactorBasisPointsOf,
  weightFactorBounds,
} from '../../functions/domain/money/split';

/** A catalogue artist `id` with `ms` of listening, popularity 50, active, one track a minute. */
function listened(id: string, ms: number, extra: Partial<SplitListening> = {}): SplitListening {
  return {
    artistId: id,
    artistName: `Artist ${id}`,
    msListened: ms,
    tracksListened: Math.max(1, Math.round(ms / 60_000)),
    popularity: 50,
    active: true,
    ...extra,
  };
}

const noTilt: SplitSettings = { artistLimit: 0, artistPopularity: 0, excludeNonActive: false };

function split(
  listening: SplitListening[],
  netCents: number,
  options: Partial<Omit<SplitInput, 'listening' | 'netCents'>> = {},
): PieSplit {
  return splitPie({
    listening,
    netCents,
    settings: options.settings ?? noTilt,
    bannedArtistKeys: options.bannedArtistKeys ?? new Set(),
    inclusions: options.inclusions ?? new Map(),
  });
}

const centsOf = (result: PieSplit) =>
  Object.fromEntries(result.included.map((artist) => [artist.artistKey, artist.cents]));
const reasonsOf = (result: PieSplit) =>
  Object.fromEntries(result.excluded.map((artist) => [artist.artistKey, artist.reasons]));

describe('splitPie: the cents', () => {
  it('gives the cent a three-way tie leaves over to the artist key that sorts first, whatever the input order', () => {
    // Prepare: 100¢ among three equal times → 33.33¢ each; floors 33 × 3 = 99, the 1¢ left goes by key: id:a
    const listening = [listened('c', 60_000), listened('b', 60_000), listened('a', 60_000)];
    // Act
    const result = split(listening, 100);
    // Assess
    expect(centsOf(result)).toEqual({ 'id:a': 34, 'id:b': 33, 'id:c': 33 });
    expect(result.included.map((artist) => artist.artistKey)).toEqual(['id:a', 'id:b', 'id:c']);
    expect(result).toMatchObject({ outcome: 'split', allocatedCents: 100, keptInWalletCents: 0 });
  });

  it('hands out the cents of a net that does not divide evenly by largest remainder', () => {
    // Prepare: 1000¢ by 3:2:2 → 428.571…, 285.714…, 285.714… → floors 428 + 285 + 285 = 998; the 2¢ left go to the
    // two largest remainders (.714 of y and z), not to the largest artist (.571 of x)
    const listening = [listened('x', 30_000), listened('y', 20_000), listened('z', 20_000)];
    // Act
    const result = split(listening, 1000);
    // Assess
    expect(centsOf(result)).toEqual({ 'id:x': 428, 'id:y': 286, 'id:z': 286 });
    // 3 / 7 = 42.857…%, 2 / 7 = 28.571…%
    expect(result.included[0]?.percentage).toBeCloseTo(42.857, 3);
    expect(result.included[1]?.percentage).toBeCloseTo(28.571, 3);
    expect(result.included.reduce((sum, artist) => sum + artist.cents, 0)).toBe(1000);
  });

  it('folds every share under one cent back into the rest at once, and nobody left falls under after', () => {
    // Prepare: 10¢ over 100 000 ms: a share is ms ÷ 10 000 ¢. a 50 000 ms = 5¢, b 34 500 = 3.45¢, c 9 500 = 0.95¢,
    // d 6 000 = 0.6¢. Round 1 drops c and d together. (Dropping only d first would lift c to 10 × 9 500 ÷ 94 000 =
    // 1.01¢ and keep it: the rule drops every share under one cent in the same round.) Round 2 over 84 500 ms:
    // a = 500 000 ÷ 84 500 = 5.917¢, b = 345 000 ÷ 84 500 = 4.083¢, none under one cent, and shares only grow when
    // others leave, so no one can cascade out. Floors 5 + 4 = 9, the 1¢ left to a (.917 > .083): a 6, b 4.
    const listening = [
      listened('a', 50_000),
      listened('b', 34_500),
      listened('c', 9_500),
      listened('d', 6_000),
    ];
    // Act
    const result = split(listening, 10);
    // Assess
    expect(centsOf(result)).toEqual({ 'id:a': 6, 'id:b': 4 });
    expect(reasonsOf(result)).toEqual({ 'id:c': ['under_one_cent'], 'id:d': ['under_one_cent'] });
    expect(result.excluded.map((artist) => artist.percentage)).toEqual([0, 0]);
  });

  it('pays as many artists as the cents allow when every share is under one cent (decision 021)', () => {
    // Prepare: 3¢ over five artists of 20 000, 20 000, 21 000, 22 000 and 23 000 ms (106 000 ms): every share is under
    // one cent (the largest, e, is 3 × 23 000 ÷ 106 000 = 0.65¢), so the literal rule would drop all five and pay
    // nobody. Instead the lightest leave one at a time, ties by key: a (20 000, before b) leaves, 86 000 ms left, b is
    // 3 × 20 000 ÷ 86 000 = 0.70¢; b leaves, 66 000 left, c is 63 000 ÷ 66 000 = 0.95¢; c leaves, 45 000 left,
    // d is 66 000 ÷ 45 000 = 1.47¢: d and e stay, e at 69 000 ÷ 45 000 = 1.53¢. Floors 1 + 1 = 2, the cent left to
    // e (.53 > .47): d 1, e 2.
    const listening = [
      listened('a', 20_000),
      listened('b', 20_000),
      listened('c', 21_000),
      listened('d', 22_000),
      listened('e', 23_000),
    ];
    // Act
    const result = split(listening, 3);
    // Assess
    expect(result.outcome).toBe('split');
    expect(centsOf(result)).toEqual({ 'id:d': 1, 'id:e': 2 });
    expect(reasonsOf(result)).toEqual({
      'id:a': ['under_one_cent'],
      'id:b': ['under_one_cent'],
      'id:c': ['under_one_cent'],
    });
  });

  it('keeps a share of exactly one cent: only shares under it fold', () => {
    // Prepare: 10¢ over 100 000 ms: e has 10 000 ms = exactly 1.000¢ and stays; f has 9 999 ms = 0.9999¢ and goes.
    // Then 10¢ over 90 001 ms: a 80 001 → 8.8888¢, e 10 000 → 1.1110¢; floors 8 + 1 = 9, the 1¢ left to a (.889 >
    // .111): a 9, e 1
    const listening = [listened('a', 80_001), listened('e', 10_000), listened('f', 9_999)];
    // Act
    const result = split(listening, 10);
    // Assess
    expect(centsOf(result)).toEqual({ 'id:a': 9, 'id:e': 1 });
    expect(reasonsOf(result)).toEqual({ 'id:f': ['under_one_cent'] });
  });
});

describe('splitPie: who takes part', () => {
  it('keeps the top artistLimit by time, and forced artists beyond them without pushing anyone out', () => {
    // Prepare: limit 2 over a 50 000, b 40 000, c 30 000, d 20 000, e 10 000 ms; a is forced in (already in the top
    // 2: it takes its own place, c does not come in), d is forced in beyond the cap. c and e are over the limit.
    // 1000¢ by 50:40:20 → 454.545, 363.636, 181.818 → floors 454 + 363 + 181 = 998; the 2¢ left to d (.818) and b
    // (.636)
    const listening = ['a', 'b', 'c', 'd', 'e'].map((id, index) => listened(id, 50_000 - index * 10_000));
    const inclusions = new Map([
      ['id:a', true],
      ['id:d', true],
    ]);
    // Act
    const result = split(listening, 1000, { settings: { ...noTilt, artistLimit: 2 }, inclusions });
    // Assess
    expect(centsOf(result)).toEqual({ 'id:a': 454, 'id:b': 364, 'id:d': 182 });
    expect(reasonsOf(result)).toEqual({ 'id:c': ['over_limit'], 'id:e': ['over_limit'] });
    expect(result.included.find((artist) => artist.artistKey === 'id:d')?.inclusion).toBe(true);
  });

  it('pays an artist forced in at least one cent, where its share alone would fold (decision 021)', () => {
    // Prepare: limit 2 over a 600 000, b 300 000, d 1 000 ms; d is forced in beyond the limit. Its share of 100¢ is
    // 100 × 1 000 ÷ 901 000 = 0.11¢, under one cent: it gets one cent, set aside first, and the 99¢ left go to a and b
    // by 2:1 → 66¢ and 33¢.
    const listening = [listened('a', 600_000), listened('b', 300_000), listened('d', 1_000)];
    const inclusions = new Map([['id:d', true]]);
    // Act
    const result = split(listening, 100, { settings: { ...noTilt, artistLimit: 2 }, inclusions });
    // Assess
    expect(centsOf(result)).toEqual({ 'id:a': 66, 'id:b': 33, 'id:d': 1 });
    expect(result.excluded).toEqual([]);
    expect(result.included.reduce((sum, artist) => sum + artist.percentage, 0)).toBeCloseTo(100, 9);
    expect(result.included.find((artist) => artist.artistKey === 'id:d')?.percentage).toBeCloseTo(1, 9);
    // … and an artist not forced in, as light, still folds
    const unforced = split(listening, 100, { settings: { ...noTilt, artistLimit: 3 } });
    expect(reasonsOf(unforced)).toEqual({ 'id:d': ['under_one_cent'] });
  });

  it('folds artists forced in as any other when the net has fewer cents than there are of them', () => {
    // Prepare: 1¢ and two artists forced in, neither with a whole cent's share: the usual fold pays the heavier one
    const listening = [listened('a', 600_000), listened('c', 2_000), listened('d', 1_000)];
    const inclusions = new Map([
      ['id:c', true],
      ['id:d', true],
    ]);
    // Act
    const result = split(listening, 1, { inclusions });
    // Assess
    expect(centsOf(result)).toEqual({ 'id:a': 1 });
    expect(reasonsOf(result)).toEqual({ 'id:c': ['under_one_cent'], 'id:d': ['under_one_cent'] });
  });

  it('counts only artists forced in with time against the cents, so one with none keeps no cent from another', () => {
    // Prepare: 1¢; a 180 001 ms (top of limit 1), b 180 000 ms forced in beyond the limit, h forced in with no time.
    // h has no share and no cent coming, so the net has its one cent for b, the one forced artist with time: b's
    // share 1 × 180 000 ÷ 360 001 = 0.4999¢ is under one cent, so b gets it, set aside, and a folds with nothing left.
    // (Counting h too asked for 2¢, so b folded and a took the cent: the property test found it.)
    const listening = [listened('a', 180_001), listened('b', 180_000), listened('h', 0)];
    const inclusions = new Map([
      ['id:b', true],
      ['id:h', true],
    ]);
    // Act
    const result = split(listening, 1, { settings: { ...noTilt, artistLimit: 1 }, inclusions });
    // Assess
    expect(centsOf(result)).toEqual({ 'id:b': 1 });
    expect(reasonsOf(result)).toEqual({ 'id:a': ['under_one_cent'], 'id:h': ['under_one_cent'] });
  });

  it('breaks a tie at the limit by artist key ascending', () => {
    // Prepare: limit 1 and two artists of 40 000 ms: id:m sorts before id:n and takes the place
    const listening = [listened('n', 40_000), listened('m', 40_000)];
    // Act
    const result = split(listening, 300, { settings: { ...noTilt, artistLimit: 1 } });
    // Assess
    expect(centsOf(result)).toEqual({ 'id:m': 300 });
    expect(reasonsOf(result)).toEqual({ 'id:n': ['over_limit'] });
  });

  it('drops banned artists (a ban beats a forced inclusion) and those this pie leaves out, naming every reason', () => {
    // Prepare: a banned, b left out of this pie, c both, e banned but forced in, d the only one left: 500¢ to d.
    // The bans come before the limit: a's time would have taken the one place.
    const listening = [
      listened('a', 90_000),
      listened('b', 80_000),
      listened('c', 70_000),
      listened('d', 10_000),
      listened('e', 60_000),
    ];
    // Act
    const result = split(listening, 500, {
      settings: { ...noTilt, artistLimit: 1 },
      bannedArtistKeys: new Set(['id:a', 'id:c', 'id:e']),
      inclusions: new Map([
        ['id:b', false],
        ['id:c', false],
        ['id:e', true],
      ]),
    });
    // Assess
    expect(centsOf(result)).toEqual({ 'id:d': 500 });
    expect(reasonsOf(result)).toEqual({
      'id:a': ['banned'],
      'id:b': ['excluded_by_fan'],
      'id:c': ['banned', 'excluded_by_fan'],
      'id:e': ['banned'],
    });
    expect(result.excluded.map((artist) => artist.artistKey)).toEqual(['id:a', 'id:b', 'id:c', 'id:e']);
  });

  it('drops artists who are not active only when excludeNonActive, forced in or not', () => {
    // Prepare: q is not active, r is not active and forced in, s is active; each 30 000 ms
    const listening = [
      listened('q', 30_000, { active: false }),
      listened('r', 30_000, { active: false }),
      listened('s', 30_000),
    ];
    const inclusions = new Map([['id:r', true]]);
    // Act
    const excluding = split(listening, 900, {
      settings: { ...noTilt, excludeNonActive: true },
      inclusions,
      bannedArtistKeys: new Set(['id:q']),
    });
    const keeping = split(listening, 900, { inclusions });
    // Assess: excluding → s alone gets 900¢; keeping → 300¢ each
    expect(centsOf(excluding)).toEqual({ 'id:s': 900 });
    expect(reasonsOf(excluding)).toEqual({ 'id:q': ['banned', 'not_active'], 'id:r': ['not_active'] });
    expect(centsOf(keeping)).toEqual({ 'id:q': 300, 'id:r': 300, 'id:s': 300 });
  });

  it('lets an artist known only by name take part under its normalised name, after catalogue artists on ties', () => {
    // Prepare: "Beyoncé  Knowles!" known only by name and the catalogue artist zzz, 45 000 ms each: 101¢ → 50.5¢
    // each, floors 50 + 50, the 1¢ left by key: "id:zzz" sorts before "name:beyonce knowles"
    const byName = listened('unused', 45_000, {
      artistId: null,
      artistName: 'Beyoncé  Knowles!',
      popularity: null,
    });
    const listening = [byName, listened('zzz', 45_000)];
    // Act
    const result = split(listening, 101);
    const banned = split(listening, 101, { bannedArtistKeys: new Set(['name:beyonce knowles']) });
    // Assess
    expect(splitArtistKeyOf(byName)).toBe('name:beyonce knowles');
    expect(centsOf(result)).toEqual({ 'id:zzz': 51, 'name:beyonce knowles': 50 });
    expect(result.included[1]).toMatchObject({
      artistId: null,
      artistName: 'Beyoncé  Knowles!',
      popularity: null,
    });
    expect(centsOf(banned)).toEqual({ 'id:zzz': 101 });
  });
});

describe('splitPie: the popularity tilt', () => {
  it('states the factor in basis points: 10000 + tilt × (50 − popularity) × 2, clamped to [1000, 20000]', () => {
    // tilt 0: always 1.0
    expect(weightFactorBasisPointsOf(0, 0)).toBe(10_000);
    expect(weightFactorBasisPointsOf(0, 100)).toBe(10_000);
    // tilt 50: 10000 + 50 × 50 × 2 = 15000; 10000 + 50 × 30 × 2 = 13000; 10000 − 50 × 50 × 2 = 5000
    expect(weightFactorBasisPointsOf(50, 0)).toBe(15_000);
    expect(weightFactorBasisPointsOf(50, 20)).toBe(13_000);
    expect(weightFactorBasisPointsOf(50, 100)).toBe(5_000);
    // tilt 100: popularity 0 reaches the upper bound exactly (20000 = 2.0); 95 reaches the lower one exactly (1000);
    // 97 (raw 600) and 100 (raw 0) are clamped up to 1000 = 0.1
    expect(weightFactorBasisPointsOf(100, 0)).toBe(20_000);
    expect(weightFactorBasisPointsOf(100, 95)).toBe(1_000);
    expect(weightFactorBasisPointsOf(100, 97)).toBe(1_000);
    expect(weightFactorBasisPointsOf(100, 100)).toBe(1_000);
    // A missing popularity counts as 50: 1.0 at any tilt
    expect(weightFactorBasisPointsOf(100, null)).toBe(10_000);
    expect(weightFactorBasisPointsOf(100, 50)).toBe(10_000);
    // Never outside the bounds, over every valid tilt and popularity (the upper bound is reached, never passed)
    for (let tilt = 0; tilt <= 100; tilt += 1) {
      for (let popularity = 0; popularity <= 100; popularity += 1) {
        const factor = weightFactorBasisPointsOf(tilt, popularity);
        expect(factor).toBeGreaterThanOrEqual(weightFactorBounds.minBasisPoints);
        expect(factor).toBeLessThanOrEqual(weightFactorBounds.maxBasisPoints);
      }
    }
  });

  it('tilts the cents toward less popular artists, with the 0.1 floor keeping the most popular in', () => {
    // Prepare: tilt 100, 10 000 ms each: popularity 0 → ×2.0, unknown → ×1.0 (as 50), 100 → ×0.1 (clamped up from 0).
    // 1000¢ by 20:10:1 → 645.161, 322.581, 32.258 → floors 645 + 322 + 32 = 999; the 1¢ left to the unknown one
    // (.581): 645, 323, 32. Without the floor the popular artist would weigh 0 and fold out.
    const listening = [
      listened('rare', 10_000, { popularity: 0 }),
      listened('unknown', 10_000, { popularity: null }),
      listened('famous', 10_000, { popularity: 100 }),
    ];
    // Act
    const tilted = split(listening, 1000, { settings: { ...noTilt, artistPopularity: 100 } });
    const untilted = split(listening, 1000);
    // Assess
    expect(centsOf(tilted)).toEqual({ 'id:rare': 645, 'id:unknown': 323, 'id:famous': 32 });
    expect(tilted.included.map((artist) => artist.weight)).toEqual([200_000_000, 100_000_000, 10_000_000]);
    // No tilt: 333.33 each, the 1¢ left by key to id:famous
    expect(centsOf(untilted)).toEqual({ 'id:famous': 334, 'id:rare': 333, 'id:unknown': 333 });
  });

  it('weights a missing popularity exactly as 50', () => {
    // Prepare: tilt 80, equal times: popularity null and 50 both weigh 1.0 → 777¢ by 1:1 → 388.5 each, the 1¢ to
    // id:a by key
    const listening = [
      listened('a', 20_000, { popularity: null }),
      listened('b', 20_000, { popularity: 50 }),
    ];
    // Act
    const result = split(listening, 777, { settings: { ...noTilt, artistPopularity: 80 } });
    // Assess
    expect(centsOf(result)).toEqual({ 'id:a': 389, 'id:b': 388 });
  });
});

describe('splitPie: nothing to split', () => {
  it('allocates nothing and keeps the net in the wallet when there is no listening', () => {
    // Act
    const result = split([], 961);
    // Assess
    expect(result).toEqual({
      outcome: 'nothing_to_split',
      netCents: 961,
      allocatedCents: 0,
      keptInWalletCents: 961,
      included: [],
      excluded: [],
    });
  });

  it('allocates nothing when every artist is dropped, and says why of each', () => {
    // Prepare: one banned artist, one that played nothing countable (0 ms: its share is 0¢)
    const listening = [listened('a', 40_000), listened('b', 0)];
    // Act
    const result = split(listening, 961, { bannedArtistKeys: new Set(['id:a']) });
    // Assess
    expect(result).toMatchObject({ outcome: 'nothing_to_split', allocatedCents: 0, keptInWalletCents: 961 });
    expect(reasonsOf(result)).toEqual({ 'id:a': ['banned'], 'id:b': ['under_one_cent'] });
  });
});

describe('splitPie: refuses what no pie can have', () => {
  it('refuses a negative or fractional net, a tilt past 100, a popularity past 100 and an artist twice', () => {
    const one = [listened('a', 1_000)];
    expect(() => split(one, -1)).toThrow(RangeError);
    expect(() => split(one, 1.5)).toThrow(RangeError);
    expect(() => split(one, 10, { settings: { ...noTilt, artistPopularity: 101 } })).toThrow(RangeError);
    expect(() => split([listened('a', 1_000, { popularity: 101 })], 10)).toThrow(RangeError);
    expect(() => split([listened('a', 1_000), listened('a', 2_000)], 10)).toThrow(/twice/);
    const byName = (artistName: string) => listened('x', 1_000, { artistId: null, artistName });
    expect(() => split([byName('Sigur Rós'), byName('sigur ros')], 10)).toThrow(/twice/);
  });
});

describe('isActiveArtist', () => {
  const now = new Date('2026-11-24T12:00:00Z');
  const checked = (latestReleaseDate: string | null, removedFromSpotifyAt: string | null = null) =>
    ({
      latestReleaseDate,
      removedFromSpotifyAt,
      releasesCheckedAt: '2026-11-01T00:00:00Z',
    }) satisfies ArtistActivityFacts;

  it('calls an artist active with a release on or after the day 24 months back (2024-11-24), read generously', () => {
    expect(isActiveArtist(checked('2024-11-24'), now)).toBe(true);
    expect(isActiveArtist(checked('2024-11-23'), now)).toBe(false);
    // A month means its last day, a year its 31 December
    expect(isActiveArtist(checked('2024-11'), now)).toBe(true);
    expect(isActiveArtist(checked('2024-10'), now)).toBe(false);
    expect(isActiveArtist(checked('2024'), now)).toBe(true);
    expect(isActiveArtist(checked('2023'), now)).toBe(false);
  });

  it('counts 24 calendar months back from a 29 February to the 28th', () => {
    const leapDay = new Date('2028-02-29T23:59:59Z');
    expect(isActiveArtist(checked('2026-02-28'), leapDay)).toBe(true);
    expect(isActiveArtist(checked('2026-02-27'), leapDay)).toBe(false);
  });

  it('calls an artist Spotify removed not active from the removal on, and one with no release at all', () => {
    expect(isActiveArtist(checked('2026-10-01', '2026-11-24T12:00:00Z'), now)).toBe(false);
    expect(isActiveArtist(checked('2026-10-01', '2026-11-24T12:00:01Z'), now)).toBe(true);
    expect(isActiveArtist(checked(null), now)).toBe(false);
  });

  it('calls active what the catalogue has no evidence about: no facts, or releases never read', () => {
    expect(isActiveArtist(null, now)).toBe(true);
    expect(
      isActiveArtist({ latestReleaseDate: '1999', removedFromSpotifyAt: null, releasesCheckedAt: null }, now),
    ).toBe(true);
  });

  it('refuses a release date Spotify would not write', () => {
    expect(() => isActiveArtist(checked('2024-13'), now)).toThrow(RangeError);
    expect(() => isActiveArtist(checked('2023-02-29'), now)).toThrow(RangeError);
    expect(() => isActiveArtist(checked('0000'), now)).toThrow(RangeError);
  });
});
