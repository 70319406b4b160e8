// Listening counted once (functions/domain/listening/same-listening.ts): a synced play and an imported play of the
// same listening share a bucket (end minute, track), and whatever order they arrive in, and however often, one is kept.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ListeningBucket, MatchablePlay } from '../../functions/domain/listening/same-listening';
import { admitPlays, bucketsOf, endMinuteOf } from '../../functions/domain/listening/same-listening';

const tracks = [
  { id: '6eTGxxQxiTFE6LfZHC33Wm', name: 'Hoppípolla', artists: ['Sigur Rós'], exportArtist: 'sigur ros' },
  { id: '0H4bXeqTuQTPNmf1ezBvbH', name: 'Hyperballad', artists: ['Björk'], exportArtist: 'BJÖRK' },
  {
    id: '2NkgLStyZ5T1b8qwS4bfnu',
    name: 'Sinnerman',
    artists: ['Nina Simone', 'Guest'],
    exportArtist: 'Nina Simone',
  },
] as const;
const minutes = ['2026-11-05T09:03', '2026-11-05T09:04', '2026-11-06T00:00'] as const;

/** One listening: a track heard once, ending `second` into a minute; who saw it and how the export wrote it. */
interface Listening {
  track: number;
  minute: number;
  ms: number;
  synced: boolean;
  imported: 'extended' | 'account-data' | null;
}

function synced(listening: Listening, index: number): MatchablePlay {
  const track = tracks[listening.track]!;
  return {
    key: `spotify#${index}`,
    endedAt: new Date(Date.parse(`${minutes[listening.minute]}:00Z`) + listening.ms).toISOString(),
    msPlayed: 200_000,
    source: 'spotify',
    trackId: track.id,
    trackName: track.name,
    artistNames: track.artists,
  };
}

function imported(listening: Listening, index: number): MatchablePlay {
  const track = tracks[listening.track]!;
  const minute = minutes[listening.minute]!;
  if (listening.imported === 'account-data') {
    // The account data export: the minute only, names only, the track name in another case.
    return {
      key: `import#${index}`,
      endedAt: `${minute}:00.000Z`,
      msPlayed: 199_000,
      source: 'import',
      trackName: track.name.toUpperCase(),
      artistNames: [track.exportArtist],
    };
  }
  // The extended export: to the second, with the track's URI.
  const second = Math.floor(listening.ms / 1000);
  return {
    key: `import#${index}`,
    endedAt: new Date(Date.parse(`${minute}:00Z`) + second * 1000).toISOString(),
    msPlayed: 199_000,
    source: 'import',
    trackId: track.id,
    trackName: track.name,
    artistNames: [track.exportArtist],
  };
}

/** The table as far as matching goes: the buckets and the stored plays, after each batch is admitted. */
function run(batches: readonly (readonly MatchablePlay[])[]): Set<string> {
  const buckets = new Map<string, ListeningBucket>();
  const stored = new Set<string>();
  for (const batch of batches) {
    const admission = admitPlays(buckets, batch);
    for (const [id, bucket] of admission.buckets) buckets.set(id, bucket);
    for (const play of admission.store) {
      expect(stored.has(play.key), `${play.key} stored twice`).toBe(false);
      stored.add(play.key);
    }
    for (const key of admission.remove) {
      expect(stored.delete(key), `${key} removed but not stored`).toBe(true);
    }
  }
  return stored;
}

/** Cuts a sequence of plays into batches at the given places, as syncs and import requests send them. */
function inBatches<T>(items: readonly T[], cuts: readonly number[]): T[][] {
  const places = [...new Set(cuts.map((cut) => cut % (items.length + 1)))].sort((a, b) => a - b);
  const batches: T[][] = [];
  let from = 0;
  for (const place of [...places, items.length]) {
    batches.push(items.slice(from, place));
    from = place;
  }
  return batches;
}

const listeningArbitrary = fc
  .record({
    track: fc.integer({ min: 0, max: tracks.length - 1 }),
    minute: fc.integer({ min: 0, max: minutes.length - 1 }),
    ms: fc.integer({ min: 0, max: 59_999 }),
    synced: fc.boolean(),
    imported: fc.constantFrom('extended' as const, 'account-data' as const, null),
  })
  .filter((listening) => listening.synced || listening.imported !== null);

/** The plays of the two sources, each sent once and some sent again (a sync re-reading, a file imported twice). */
function playsOf(listenings: readonly Listening[]): MatchablePlay[] {
  return listenings.flatMap((listening, index) => [
    ...(listening.synced ? [synced(listening, index)] : []),
    ...(listening.imported ? [imported(listening, index)] : []),
  ]);
}

describe('the same listening (worked by hand)', () => {
  it('puts a synced play in its id and names buckets, an extended export play in the id one, account data in the names one', () => {
    const listening: Listening = { track: 1, minute: 2, ms: 1_500, synced: true, imported: 'extended' };
    expect(bucketsOf(synced(listening, 0))).toEqual([
      { minute: '2026-11-06T00:00', track: 'id:0H4bXeqTuQTPNmf1ezBvbH' },
      { minute: '2026-11-06T00:00', track: 'name:bjork|hyperballad' },
    ]);
    expect(bucketsOf(imported(listening, 0))).toEqual([
      { minute: '2026-11-06T00:00', track: 'id:0H4bXeqTuQTPNmf1ezBvbH' },
    ]);
    expect(bucketsOf(imported({ ...listening, imported: 'account-data' }, 0))).toEqual([
      { minute: '2026-11-06T00:00', track: 'name:bjork|hyperballad' },
    ]);
  });

  it('takes the minute the play ended in, and leaves plays under 30 s out of every bucket', () => {
    expect(endMinuteOf('2026-11-05T23:59:59.999Z')).toBe('2026-11-05T23:59');
    expect(
      bucketsOf({
        ...synced({ track: 0, minute: 0, ms: 0, synced: true, imported: null }, 0),
        msPlayed: 29_999,
      }),
    ).toEqual([]);
  });

  it('keeps the synced play when the import comes second, and swaps the imported one for it when the sync does', () => {
    const listening: Listening = { track: 0, minute: 0, ms: 20_000, synced: true, imported: 'extended' };
    const [sync, file] = [synced(listening, 0), imported(listening, 0)];
    // Sync, then import: the import is matched and stores nothing.
    const afterSync = admitPlays(new Map(), [sync]);
    const thenImport = admitPlays(afterSync.buckets, [file]);
    expect(thenImport.store).toEqual([]);
    expect(thenImport.matched).toEqual([file]);
    // Import, then sync: the imported play leaves for the synced one.
    const afterImport = admitPlays(new Map(), [file]);
    expect(afterImport.store).toEqual([file]);
    const thenSync = admitPlays(afterImport.buckets, [sync]);
    expect(thenSync.store).toEqual([sync]);
    expect(thenSync.remove).toEqual([file.key]);
    // Either again: a duplicate.
    expect(admitPlays(thenSync.buckets, [file, sync]).duplicates).toEqual([file, sync]);
  });

  it('keeps two plays of the same track in one minute when the export heard two and the sync one', () => {
    const first: MatchablePlay = imported(
      { track: 0, minute: 0, ms: 1_000, synced: false, imported: 'extended' },
      1,
    );
    const second: MatchablePlay = imported(
      { track: 0, minute: 0, ms: 59_000, synced: false, imported: 'extended' },
      2,
    );
    const sync = synced({ track: 0, minute: 0, ms: 58_000, synced: true, imported: null }, 3);
    expect(run([[first, second], [sync]]).size).toBe(2);
    expect(run([[sync], [first], [second]]).size).toBe(2);
  });
});

describe('the same listening (properties)', () => {
  it('keeps one play per listening, the synced one where there is one, whatever the order and however often sent', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(listeningArbitrary, {
          maxLength: 8,
          selector: (listening) => `${listening.track}:${listening.minute}`,
        }),
        fc.infiniteStream(fc.nat()),
        fc.array(fc.nat(), { maxLength: 4 }),
        fc.array(fc.nat(), { maxLength: 4 }),
        (listenings, order, cuts, again) => {
          const plays = playsOf(listenings);
          const resent = again.flatMap((index) => (plays.length ? [plays[index % plays.length]!] : []));
          const arrival = shuffle([...plays, ...resent], order);
          const stored = run(inBatches(arrival, cuts));
          const expected = listenings.map((listening, index) =>
            listening.synced ? `spotify#${index}` : `import#${index}`,
          );
          expect([...stored].sort()).toEqual(expected.sort());
        },
      ),
    );
  });

  it('keeps as many plays in any order when listenings share a minute and a track', () => {
    fc.assert(
      fc.property(
        fc.array(listeningArbitrary, { maxLength: 8 }),
        fc.infiniteStream(fc.nat()),
        fc.infiniteStream(fc.nat()),
        fc.array(fc.nat(), { maxLength: 4 }),
        (listenings, firstOrder, secondOrder, cuts) => {
          const plays = playsOf(listenings);
          const one = run(inBatches(shuffle(plays, firstOrder), cuts));
          const other = run([shuffle(plays, secondOrder)]);
          expect(one.size).toBe(other.size);
          // Every synced play is kept, in both orders.
          for (const play of plays.filter((candidate) => candidate.source === 'spotify')) {
            expect(one.has(play.key) && other.has(play.key)).toBe(true);
          }
        },
      ),
    );
  });
});

/** A permutation of `items` drawn from a stream of numbers (Fisher–Yates). */
function shuffle<T>(items: readonly T[], stream: Iterable<number>): T[] {
  const result = [...items];
  const numbers = stream[Symbol.iterator]();
  for (let index = result.length - 1; index > 0; index -= 1) {
    const pick = (numbers.next().value as number) % (index + 1);
    [result[index], result[pick]] = [result[pick] as T, result[index] as T];
  }
  return result;
}
