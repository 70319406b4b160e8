// Listening counted once (docs/decisions/034-listening-counted-once.md): a play the sync read from Spotify and a play
// of the fan's data export are the same listening when their track matches (Spotify's track id where the export has
// it, else the normalised artist and track names) and they ended in the same UTC minute (the export's end instant's
// minute: exports give their time to the second or to the minute). Each (end minute, track) is a bucket; the plays of
// each source are registered in it, and the bucket keeps as many plays as the source that heard the track more often
// there: every synced play, and the imported plays beyond the synced ones. So the second arrival never adds a second
// play, in either order and however often either arrives again.
import { isCountedPlay, normalizeArtistName } from './rules';

export type PlaySource = 'spotify' | 'import';

/** What of a play the matching reads. `key` is the play's own identity (its sort key in the table). */
export interface MatchablePlay {
  key: string;
  /** When the play ended, ISO 8601 UTC. */
  endedAt: string;
  msPlayed: number;
  source: PlaySource;
  trackId?: string;
  trackName: string;
  /** The track's artists' names, the main artist first (an export names only that one). */
  artistNames: readonly string[];
}

/** The plays registered in one bucket (play keys), and the imported plays it keeps stored. */
export interface ListeningBucket {
  synced: readonly string[];
  imported: readonly string[];
  /** Imported plays stored as plays: always `max(0, imported − synced)` of them. */
  kept: readonly string[];
}

export const emptyBucket: ListeningBucket = { synced: [], imported: [], kept: [] };

/** Whether the play of this key was sent to the bucket before (synced or imported, stored or matched). */
export function isRegisteredIn(bucket: ListeningBucket, key: string): boolean {
  return bucket.synced.includes(key) || bucket.imported.includes(key);
}

/** `YYYY-MM-DDTHH:MM`: the UTC minute a play ended in. */
export function endMinuteOf(endedAt: string): string {
  return new Date(Date.parse(endedAt)).toISOString().slice(0, 16);
}

/** A bucket: the end minute and the track, by id (`id:<track id>`) or by names (`name:<artist>|<track>`). */
export interface BucketKey {
  minute: string;
  track: string;
}

export function bucketIdOf(bucket: BucketKey): string {
  return `${bucket.minute}#${bucket.track}`;
}

/**
 * The buckets a play is registered in. Only counted plays (30 s or more) take part: the export holds no others. A
 * synced play knows its track both ways, so it sits in the id bucket and in the names bucket; an imported play sits
 * in the id bucket when the export has the track's URI (the extended history), else in the names bucket.
 */
export function bucketsOf(play: MatchablePlay): BucketKey[] {
  if (!isCountedPlay(play.msPlayed)) return [];
  const minute = endMinuteOf(play.endedAt);
  const mainArtist = play.artistNames[0];
  const byName = mainArtist
    ? { minute, track: `name:${normalizeArtistName(mainArtist)}|${normalizeArtistName(play.trackName)}` }
    : undefined;
  const byId = play.trackId ? { minute, track: `id:${play.trackId}` } : undefined;
  if (play.source === 'spotify') return [byId, byName].filter((key): key is BucketKey => key !== undefined);
  const own = byId ?? byName;
  return own ? [own] : [];
}

export interface Admission<P extends MatchablePlay> {
  /** Every bucket touched, as it is after the plays. */
  buckets: Map<string, ListeningBucket>;
  /** Plays to store. */
  store: P[];
  /** Keys of imported plays stored earlier that a synced play of the same listening now replaces. */
  remove: string[];
  /** Imported plays of a listening already counted: registered in their bucket, never stored. */
  matched: P[];
  /** Plays already registered (sent before). */
  duplicates: P[];
}

/**
 * Registers plays in their buckets (`current` holds the buckets as stored; absent ones are empty), in the order
 * given. A play that is in no bucket (under 30 s) is simply stored. A synced play is always stored; when its
 * listening was imported first, the imported play leaves (the synced one carries every artist with its id, and a
 * promotional pie counts synced plays only). An imported play is stored only when its bucket holds fewer plays than
 * the import heard there.
 */
export function admitPlays<P extends MatchablePlay>(
  current: ReadonlyMap<string, ListeningBucket>,
  plays: readonly P[],
): Admission<P> {
  const buckets = new Map<string, ListeningBucket>();
  const bucketOf = (id: string): ListeningBucket => buckets.get(id) ?? current.get(id) ?? emptyBucket;
  const store = new Map<string, P>();
  const remove = new Set<string>();
  const matched: P[] = [];
  const duplicates: P[] = [];
  for (const play of plays) {
    const ids = bucketsOf(play).map(bucketIdOf);
    if (ids.length === 0) {
      if (store.has(play.key)) duplicates.push(play);
      else store.set(play.key, play);
      continue;
    }
    const registered = ids.some((id) => isRegisteredIn(bucketOf(id), play.key));
    if (registered) {
      duplicates.push(play);
      continue;
    }
    if (play.source === 'spotify') {
      store.set(play.key, play);
      for (const id of ids) {
        const before = bucketOf(id);
        const synced = [...before.synced, play.key];
        let kept = [...before.kept];
        if (kept.length > Math.max(0, before.imported.length - synced.length)) {
          const leaving = [...kept].sort().at(-1) as string;
          kept = kept.filter((key) => key !== leaving);
          if (store.has(leaving)) store.delete(leaving);
          else remove.add(leaving);
        }
        buckets.set(id, { synced, imported: before.imported, kept });
      }
      continue;
    }
    const [id] = ids as [string];
    const before = bucketOf(id);
    const imported = [...before.imported, play.key];
    if (imported.length - before.synced.length > before.kept.length) {
      store.set(play.key, play);
      buckets.set(id, { synced: before.synced, imported, kept: [...before.kept, play.key] });
    } else {
      matched.push(play);
      buckets.set(id, { synced: before.synced, imported, kept: before.kept });
    }
  }
  return { buckets, store: [...store.values()], remove: [...remove], matched, duplicates };
}
