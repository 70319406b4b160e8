// Storing each listening once (docs/decisions/034): a counted play is registered in the buckets of its end minute,
// a guard item per minute written in the same transaction as the plays it admits or removes, so a listening both
// synced and imported is stored once, in either order and again. The sync and the history import store through
// `saveListening`; data/listening.ts holds the plays and the day items derived from them.
import { createHash } from 'node:crypto';
import * as z from 'zod/mini';
import { utcDateOf } from '../domain/calendar';
import type { PlayToStore } from '../domain/listening/plays';
import { playExpiryOf } from '../domain/listening/retention';
import type { ListeningBucket, MatchablePlay } from '../domain/listening/same-listening';
import { admitPlays, bucketIdOf, bucketsOf, isRegisteredIn } from '../domain/listening/same-listening';
import { fanPartition, listeningGuardSortKey, playSortKey, playSortPrefix } from './keys';
import { readStored, storedSortKeySchema } from './stored-item';
import type { TableRef, TransactionItem } from './table';
import { backOff, batchGetAll, cancelledTransaction, forEachChunk, transact } from './table';

/** Batch requests in flight at once: a 5,000-play import is 50 reads and 200 writes (docs/decisions/008). */
export const batchParallelism = 8;

/** When a play was stored: a pie's orphaned tracks name plays that arrived after its split. */
export interface StorePlaysOptions {
  storedAt?: Date;
}

/**
 * Minutes' guards read ahead (`readListeningGuards`), while the caller read something else: `saveListening` reads
 * only the minutes not among them.
 */
export interface ListeningGuardsRead {
  minutes: ReadonlySet<string>;
  guards: ReadonlyMap<string, MinuteGuard>;
}

export interface SaveListeningOptions extends StorePlaysOptions {
  guardsRead?: ListeningGuardsRead;
}

/** A play item as stored (`FAN#<fanId>` / `PLAY#<endedAt>#<identity hash>`). */
export function playItemOf(fanId: string, play: PlayToStore, options: StorePlaysOptions) {
  return {
    pk: fanPartition(fanId),
    sk: playSortKey(play.endedAt, play.identity),
    entity: 'play',
    v: 1,
    endedAt: play.endedAt,
    msPlayed: play.msPlayed,
    trackName: play.trackName,
    ...(play.trackId ? { trackId: play.trackId } : {}),
    artists: play.artists,
    source: play.source,
    ...(options.storedAt ? { storedAt: options.storedAt.toISOString() } : {}),
    expiresAt: playExpiryOf(play.endedAt),
  };
}

export interface SaveListeningResult {
  /** Plays stored. */
  saved: number;
  /** Plays stored before, or sent twice. */
  duplicates: number;
  /** Imported plays of a listening already stored by the sync: counted once already, so not stored. */
  matched: number;
  /** The UTC days whose plays changed (stored, or an imported play replaced by its synced one). */
  days: string[];
}

/** DynamoDB's most items in one TransactWriteItems. */
const transactionItemLimit = 100;
/** Tries of one transaction whose buckets or plays another writer changed between its read and its write. */
const listeningWriteAttempts = 6;

type KeyedPlay = MatchablePlay & { play: PlayToStore };

/**
 * Access pattern `saveListening`: stores plays so that each listening is stored once (docs/decisions/034). A counted
 * play is registered in its buckets, the guard items `LISTENED#<end minute>#<track hash>` of the fan's partition,
 * read by key (BatchGet, consistent) and written in the same TransactWriteItems as the plays they admit or remove,
 * each on the condition that its version is still the one read; a lost race reads again and decides again. Plays
 * stored before (by key) are duplicates, so running a sync or an import again adds nothing.
 */
export async function saveListening(
  table: TableRef,
  fanId: string,
  plays: readonly PlayToStore[],
  { guardsRead, ...options }: SaveListeningOptions = {},
): Promise<SaveListeningResult> {
  const unique = new Map<string, KeyedPlay>();
  for (const play of plays) {
    const keyed = keyedPlayOf(play);
    unique.set(keyed.key, keyed);
  }
  // In time order, so the plays of one minute mostly share a transaction (fewer lost races between them).
  const ordered = [...unique.values()].sort((a, b) => a.key.localeCompare(b.key));
  const result = { saved: 0, duplicates: plays.length - unique.size, matched: 0 };
  const days = new Set<string>();
  // Every minute's guard read up front (those not read ahead), 100 a call; a transaction reads its own again only
  // after a lost race.
  const minutes = minutesOf(ordered);
  const unread = guardsRead
    ? new Set([...minutes].filter((minute) => !guardsRead.minutes.has(minute)))
    : minutes;
  const read = new Map([...(guardsRead?.guards ?? []), ...(await readMinuteGuards(table, fanId, unread))]);
  await forEachChunk(packedForTransactions(ordered), 1, batchParallelism, async ([pack]) => {
    const outcome = await writeListening(table, fanId, pack ?? [], read, options);
    result.saved += outcome.saved;
    result.duplicates += outcome.duplicates;
    result.matched += outcome.matched;
    for (const day of outcome.days) days.add(day);
  });
  return { ...result, days: [...days].sort() };
}

/** A play with its key and what its buckets are made of. */
function keyedPlayOf(play: PlayToStore): KeyedPlay {
  return {
    key: playSortKey(play.endedAt, play.identity),
    endedAt: play.endedAt,
    msPlayed: play.msPlayed,
    source: play.source,
    ...(play.trackId ? { trackId: play.trackId } : {}),
    trackName: play.trackName,
    artistNames: play.artists.map((artist) => artist.artistName),
    play,
  };
}

/**
 * Access pattern `readListeningGuards`: the guards of the plays' minutes (BatchGet, consistent), read ahead of
 * `saveListening` while the caller reads something else (which of the plays are new): `saveListening` then reads only
 * the minutes of its plays not among these. A guard read ahead is as good as one read at the write: each write is
 * conditional on the version read.
 */
export async function readListeningGuards(
  table: TableRef,
  fanId: string,
  plays: readonly PlayToStore[],
): Promise<ListeningGuardsRead> {
  const minutes = minutesOf(plays.map(keyedPlayOf));
  return { minutes, guards: await readMinuteGuards(table, fanId, minutes) };
}

/**
 * Access pattern `findNewListening`: which plays are new, from their minutes' guards as read ahead instead of a read of
 * every play's key. A counted play sent before, stored or matched to its synced play, is registered in its buckets; a
 * play in no bucket (under 30 s) is looked up by key (BatchGet, consistent). Answers the new plays and how many of
 * the plays were sent before (or twice in these plays).
 */
export async function findNewListening(
  table: TableRef,
  fanId: string,
  plays: readonly PlayToStore[],
  guardsRead: ListeningGuardsRead,
): Promise<{ fresh: PlayToStore[]; duplicates: number }> {
  const unique = new Map<string, KeyedPlay>();
  for (const play of plays) {
    const keyed = keyedPlayOf(play);
    unique.set(keyed.key, keyed);
  }
  const unbucketed: KeyedPlay[] = [];
  const fresh: PlayToStore[] = [];
  for (const play of unique.values()) {
    const buckets = bucketsOf(play);
    if (buckets.length === 0) {
      unbucketed.push(play);
      continue;
    }
    const registered = buckets.some((bucket) => {
      const stored = guardsRead.guards.get(bucket.minute)?.buckets[trackHashOf(bucket.track)];
      return stored !== undefined && isRegisteredIn(stored, play.key);
    });
    if (!registered) fresh.push(play.play);
  }
  if (unbucketed.length > 0) {
    const found = await batchGetAll(
      table,
      unbucketed.map((play) => ({ pk: fanPartition(fanId), sk: play.key })),
      { projection: 'sk', consistent: true },
    );
    const stored = new Set(found.map((item) => readStored('play', storedSortKeySchema, item).sk));
    for (const play of unbucketed) if (!stored.has(play.key)) fresh.push(play.play);
  }
  return { fresh, duplicates: plays.length - fresh.length };
}

/**
 * Consecutive plays in packs that fit one transaction at most: a play writes itself and its minute's guard, and a
 * synced play may remove one imported play a bucket.
 */
function packedForTransactions(plays: readonly KeyedPlay[]): KeyedPlay[][] {
  const packs: KeyedPlay[][] = [];
  let pack: KeyedPlay[] = [];
  let items = 0;
  for (const play of plays) {
    const buckets = bucketsOf(play).length;
    const most = 1 + (buckets > 0 ? 1 : 0) + (play.source === 'spotify' ? buckets : 0);
    if (items + most > transactionItemLimit) {
      packs.push(pack);
      pack = [];
      items = 0;
    }
    pack.push(play);
    items += most;
  }
  if (pack.length > 0) packs.push(pack);
  return packs;
}

/** The buckets of one end minute as its guard stores them: by the hash of the track key. */
type StoredBuckets = Record<string, ListeningBucket>;

/** A minute's guard as read: its buckets and how often it was written (absent: no guard yet). */
interface MinuteGuard {
  buckets: StoredBuckets;
  version?: number;
}

/** Inside a minute's guard, a bucket is found by the first 20 hex digits of the SHA-256 of its track key. */
function trackHashOf(track: string): string {
  return createHash('sha256').update(track).digest('hex').slice(0, 20);
}

/** The end minutes of the plays' buckets. */
function minutesOf(plays: readonly KeyedPlay[]): Set<string> {
  return new Set(plays.flatMap((play) => bucketsOf(play).map((bucket) => bucket.minute)));
}

/** One listening's bucket as a minute's guard stores it (domain/listening/same-listening.ts). */
const storedBucketSchema = z.object({
  synced: z.array(z.string()),
  imported: z.array(z.string()),
  kept: z.array(z.string()),
});

/** A minute's guard item, as far as it is read back: its minute, its write count and its buckets by track hash. */
const storedMinuteGuardSchema = z.object({
  minute: z.string(),
  version: z.number().check(z.int()),
  buckets: z._default(z.record(z.string(), storedBucketSchema), {}),
});

/** The minutes' guards (BatchGet, consistent); a minute without one has no bucket yet. */
async function readMinuteGuards(
  table: TableRef,
  fanId: string,
  minutes: ReadonlySet<string>,
): Promise<Map<string, MinuteGuard>> {
  const items = await batchGetAll(
    table,
    [...minutes].map((minute) => ({ pk: fanPartition(fanId), sk: listeningGuardSortKey(minute) })),
    {
      projection: '#minute, #version, buckets',
      names: { '#minute': 'minute', '#version': 'version' },
      consistent: true,
      parallel: batchParallelism,
    },
  );
  const guards = new Map<string, MinuteGuard>();
  for (const item of items) {
    const { minute, version, buckets } = readStored('listening guard', storedMinuteGuardSchema, item);
    guards.set(minute, { buckets, version });
  }
  return guards;
}

/**
 * One transaction of `saveListening`: admit the plays into their buckets as read, write; after a lost race, read the
 * guards and the plays' keys again and decide again.
 */
async function writeListening(
  table: TableRef,
  fanId: string,
  plays: readonly KeyedPlay[],
  readBefore: ReadonlyMap<string, MinuteGuard>,
  options: StorePlaysOptions,
): Promise<SaveListeningResult> {
  const pk = fanPartition(fanId);
  const minutes = minutesOf(plays);
  for (let attempt = 0; ; attempt += 1) {
    const [guards, playItems] = await Promise.all([
      attempt === 0 ? readBefore : readMinuteGuards(table, fanId, minutes),
      // A counted play sent before is found in its buckets; a play stored without them (under 30 s, or before the
      // buckets existed) fails its Put's condition, and the next attempt reads every play's key.
      batchGetAll(
        table,
        plays
          .filter((play) => attempt > 0 || bucketsOf(play).length === 0)
          .map((play) => ({ pk, sk: play.key })),
        { projection: 'sk', consistent: true },
      ),
    ]);
    const current = new Map<string, ListeningBucket>();
    for (const play of plays) {
      for (const bucket of bucketsOf(play)) {
        const stored = guards.get(bucket.minute)?.buckets[trackHashOf(bucket.track)];
        if (stored) current.set(bucketIdOf(bucket), stored);
      }
    }
    const stored = new Set(playItems.map((item) => readStored('play', storedSortKeySchema, item).sk));
    const admission = admitPlays(
      current,
      plays.filter((play) => !stored.has(play.key)),
    );
    // Each minute's guard written whole: its other buckets as read, the admitted ones as they are now.
    const written = new Map<string, StoredBuckets>();
    for (const play of plays) {
      for (const bucket of bucketsOf(play)) {
        const admitted = admission.buckets.get(bucketIdOf(bucket));
        if (!admitted) continue;
        const buckets = written.get(bucket.minute) ?? { ...guards.get(bucket.minute)?.buckets };
        buckets[trackHashOf(bucket.track)] = admitted;
        written.set(bucket.minute, buckets);
      }
    }
    const operations = {
      minuteGuards: [...written].map(([minute, buckets]) =>
        guardPut(table, pk, minute, buckets, guards.get(minute)?.version),
      ),
      storedPlays: admission.store.map((play): TransactionItem => ({
        Put: {
          TableName: table.name,
          Item: playItemOf(fanId, play.play, options),
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      })),
      removedPlays: admission.remove.map((sk): TransactionItem => ({
        Delete: { TableName: table.name, Key: { pk, sk } },
      })),
    };
    const outcome: SaveListeningResult = {
      saved: admission.store.length,
      duplicates: stored.size + admission.duplicates.length,
      matched: admission.matched.length,
      days: [
        ...new Set([
          ...admission.store.map((play) => utcDateOf(play.endedAt)),
          ...admission.remove.map((sk) => utcDateOf(sk.slice(playSortPrefix.length).split('#')[0] ?? '')),
        ]),
      ],
    };
    if (Object.values(operations).every((items) => items.length === 0)) return outcome;
    try {
      await transact(table, operations);
      return outcome;
    } catch (error) {
      // Another sync or import changed a minute's guard or stored a play since the read: read again, decide again.
      if (!cancelledTransaction(error) || attempt + 1 >= listeningWriteAttempts) throw error;
      await backOff(attempt);
    }
  }
}

/** A minute's guard as admitted, on the condition that nobody wrote it since it was read (or that it is still new). */
function guardPut(
  table: TableRef,
  pk: string,
  minute: string,
  buckets: StoredBuckets,
  version: number | undefined,
): TransactionItem {
  return {
    Put: {
      TableName: table.name,
      Item: {
        pk,
        sk: listeningGuardSortKey(minute),
        entity: 'listening-guard',
        v: 1,
        minute,
        // How often the guard was written: each write is conditional on the count it read.
        version: (version ?? 0) + 1,
        buckets,
        // With the last play that can be in it.
        expiresAt: playExpiryOf(`${minute}:59.999Z`),
      },
      ...(version === undefined
        ? { ConditionExpression: 'attribute_not_exists(pk)' }
        : {
            ConditionExpression: '#version = :version',
            ExpressionAttributeNames: { '#version': 'version' },
            ExpressionAttributeValues: { ':version': version },
          }),
    },
  };
}
