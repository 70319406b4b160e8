// A fan's plays and per-day listening. Plays are the source of truth; the day items are derived from them and can
// be recomputed at any time, so writing the same plays twice (a sync re-reading Spotify, an export imported twice)
// changes nothing, and a listening both synced and imported is stored once (docs/decisions/034).
import { createHash } from 'node:crypto';
import { DeleteCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { utcDateOf } from '../domain/calendar';
import type { DailyListening, PlayArtist } from '../domain/listening/daily';
import { aggregateDaily } from '../domain/listening/daily';
import type { PlayToStore } from '../domain/listening/plays';
import { dayExpiryOf, playExpiryOf } from '../domain/listening/retention';
import type { ListeningBucket, MatchablePlay } from '../domain/listening/same-listening';
import { admitPlays, bucketIdOf, bucketsOf } from '../domain/listening/same-listening';
import { saveDayReadModels } from './listening-reads';
import { markMonthlyListeners } from './catalogue/monthly-listeners';
import {
  dailyListeningSortKey,
  fanPartition,
  listeningGuardSortKey,
  playSortKey,
  playSortPrefix,
  playsOfDayPrefix,
} from './keys';
import type { TableRef, TransactionItem } from './table';
import {
  backOff,
  batchGetAll,
  batchWriteAll,
  forEachChunk,
  queryAll,
  cancelledTransaction,
  transact,
} from './table';

export interface SavePlaysResult {
  saved: number;
  duplicates: number;
  /** The UTC days whose totals changed. */
  days: string[];
}

/** Batch requests in flight at once: a 5,000-play import is 50 reads and 200 writes (docs/decisions/008). */
const batchParallelism = 8;

/** A request's plays that are not stored yet (each once), and how many of the request's plays were. */
export interface NewPlays {
  fresh: PlayToStore[];
  duplicates: number;
}

/**
 * Access pattern `findNewPlays`: which plays are not stored yet. Plays are keyed by their identity, so a play sent
 * twice (in one request or two) is one item; the existing keys are read with BatchGet, 100 a call.
 */
export async function findNewPlays(
  table: TableRef,
  fanId: string,
  plays: readonly PlayToStore[],
): Promise<NewPlays> {
  const unique = new Map<string, PlayToStore>();
  for (const play of plays) unique.set(playSortKey(play.endedAt, play.identity), play);
  const existing = await findExistingKeys(table, fanPartition(fanId), [...unique.keys()]);
  const fresh = [...unique].filter(([sk]) => !existing.has(sk)).map(([, play]) => play);
  return { fresh, duplicates: plays.length - fresh.length };
}

/** When a play was stored: a pie's orphaned tracks name plays that arrived after its split. */
export interface StorePlaysOptions {
  storedAt?: Date;
}

/**
 * Access pattern `storePlays`: writes plays (BatchWrite, 25 a call; idempotent by key) and answers the UTC days
 * whose totals must be recomputed. It registers no listening (docs/decisions/034): only for plays that can be no
 * other source's listening (the bench's generated months); the sync and the import store through `saveListening`.
 */
export async function storePlays(
  table: TableRef,
  fanId: string,
  plays: readonly PlayToStore[],
  options: StorePlaysOptions = {},
): Promise<string[]> {
  await batchWriteAll(
    table,
    plays.map((play) => ({ PutRequest: { Item: playItemOf(fanId, play, options) } })),
    { parallel: batchParallelism },
  );
  return [...new Set(plays.map((play) => utcDateOf(play.endedAt)))].sort();
}

function playItemOf(fanId: string, play: PlayToStore, options: StorePlaysOptions) {
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
  options: StorePlaysOptions = {},
): Promise<SaveListeningResult> {
  const unique = new Map<string, KeyedPlay>();
  for (const play of plays) {
    const key = playSortKey(play.endedAt, play.identity);
    unique.set(key, {
      key,
      endedAt: play.endedAt,
      msPlayed: play.msPlayed,
      source: play.source,
      ...(play.trackId ? { trackId: play.trackId } : {}),
      trackName: play.trackName,
      artistNames: play.artists.map((artist) => artist.artistName),
      play,
    });
  }
  // In time order, so the plays of one minute mostly share a transaction (fewer lost races between them).
  const ordered = [...unique.values()].sort((a, b) => a.key.localeCompare(b.key));
  const result = { saved: 0, duplicates: plays.length - unique.size, matched: 0 };
  const days = new Set<string>();
  // Every minute's guard read up front, 100 a call; a transaction reads its own again only after a lost race.
  const read = await readMinuteGuards(table, fanId, minutesOf(ordered));
  await forEachChunk(packedForTransactions(ordered), 1, batchParallelism, async ([pack]) => {
    const outcome = await writeListening(table, fanId, pack ?? [], read, options);
    result.saved += outcome.saved;
    result.duplicates += outcome.duplicates;
    result.matched += outcome.matched;
    for (const day of outcome.days) days.add(day);
  });
  return { ...result, days: [...days].sort() };
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

/** A day item's counted listening, as `getCountedListeningOfDays` reads it. */
const storedDayTotalSchema = z.object({ date: z.string(), msPlayed: z.number() });

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
    const { minute, version, buckets } = storedMinuteGuardSchema.parse(item);
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
    const stored = new Set(playItems.map((item) => String(item['sk'])));
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

/** Access pattern `savePlays` (the sync): `saveListening` of plays read from Spotify. */
export async function savePlays(
  table: TableRef,
  fanId: string,
  plays: readonly PlayToStore[],
  options: StorePlaysOptions = {},
): Promise<SavePlaysResult> {
  const { saved, duplicates, matched, days } = await saveListening(table, fanId, plays, options);
  return { saved, duplicates: duplicates + matched, days };
}

/**
 * Access pattern `getCountedListeningOfDays`: each day's counted listening in ms as its `DAY#` item holds it
 * (BatchGet, consistent, so the previous import's totals are seen); days without an item are absent.
 */
export async function getCountedListeningOfDays(
  table: TableRef,
  fanId: string,
  dates: readonly string[],
): Promise<Map<string, number>> {
  const pk = fanPartition(fanId);
  const items = await batchGetAll(
    table,
    [...new Set(dates)].map((date) => ({ pk, sk: dailyListeningSortKey(date) })),
    {
      projection: '#date, msPlayed',
      names: { '#date': 'date' },
      parallel: batchParallelism,
      consistent: true,
    },
  );
  return new Map(
    items.map((item) => {
      const { date, msPlayed } = storedDayTotalSchema.parse(item);
      return [date, msPlayed];
    }),
  );
}

async function findExistingKeys(
  table: TableRef,
  pk: string,
  sortKeys: readonly string[],
): Promise<Set<string>> {
  const items = await batchGetAll(
    table,
    sortKeys.map((sk) => ({ pk, sk })),
    { projection: 'sk', parallel: batchParallelism },
  );
  return new Set(items.map((item) => String(item['sk'])));
}

interface StoredPlay {
  endedAt: string;
  msPlayed: number;
  artists: PlayArtist[];
  trackName?: string;
  trackId?: string;
}

/**
 * Access pattern `listPlaysOfDay`: a fan's plays that ended on one UTC day, oldest first. Consistent, so a day rebuilt
 * right after a write sees it (never an imported play its synced one just replaced beside the synced one).
 */
export async function listPlaysOfDay(table: TableRef, fanId: string, date: string): Promise<StoredPlay[]> {
  const items = await queryAll(table, {
    ConsistentRead: true,
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :day)',
    ExpressionAttributeValues: { ':pk': fanPartition(fanId), ':day': playsOfDayPrefix(date) },
    ProjectionExpression: 'endedAt, msPlayed, artists, trackName, trackId',
  });
  return items as StoredPlay[];
}

/** A play as the pie's split reads it: with its source, since a promo pie counts synced plays only. */
export interface SourcedPlay {
  endedAt: string;
  msPlayed: number;
  artists: PlayArtist[];
  source: 'spotify' | 'import';
}

/**
 * Access pattern `listPlaysBetween`: a fan's plays that ended in [from, to) (ISO 8601 UTC, as `toISOString` writes
 * them), oldest first. `PLAY#<from>` sorts before every play key of that instant and `PLAY#<to>` before every one of
 * `to`, so BETWEEN takes exactly the half-open range.
 */
export async function listPlaysBetween(
  table: TableRef,
  fanId: string,
  from: string,
  to: string,
): Promise<SourcedPlay[]> {
  if (from >= to) return [];
  const items = await queryAll(table, {
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: {
      ':pk': fanPartition(fanId),
      ':from': `${playSortPrefix}${from}`,
      ':to': `${playSortPrefix}${to}`,
    },
    ProjectionExpression: 'endedAt, msPlayed, artists, #source',
    ExpressionAttributeNames: { '#source': 'source' },
  });
  return items as SourcedPlay[];
}

/** A stored play with its place in the history: `<endedAt>#<key hash>`, the tail of its sort key. */
export interface HistoryPlay {
  key: string;
  endedAt: string;
  msPlayed: number;
  artists: PlayArtist[];
  trackName: string;
  trackId?: string;
  source: 'spotify' | 'import';
  /** When it was stored; absent on plays stored before this was recorded. */
  storedAt?: string;
}

/**
 * Access pattern `listHistoryPlaysPage`: up to `limit` of a fan's plays that ended in [from, to), oldest first,
 * starting after the play `after` (a `HistoryPlay.key`) when given; `more` when the range holds more. A page of a
 * pie's orphaned tracks.
 */
export async function listHistoryPlaysPage(
  table: TableRef,
  fanId: string,
  { from, to, after, limit }: { from: string; to: string; after?: string | undefined; limit: number },
): Promise<{ plays: HistoryPlay[]; more: boolean }> {
  const start = `${playSortPrefix}${from}`;
  const afterKey = after === undefined ? undefined : `${playSortPrefix}${after}`;
  const lower = afterKey !== undefined && afterKey > start ? afterKey : start;
  const upper = `${playSortPrefix}${to}`;
  if (lower >= upper) return { plays: [], more: false };
  const reply = await table.client.send(
    new QueryCommand({
      TableName: table.name,
      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': fanPartition(fanId), ':from': lower, ':to': upper },
      ProjectionExpression: 'sk, endedAt, msPlayed, artists, trackName, trackId, #source, storedAt',
      ExpressionAttributeNames: { '#source': 'source' },
      // BETWEEN is inclusive: the play `after` itself may come back first and is dropped below.
      Limit: limit + 1,
    }),
  );
  const plays = (reply.Items ?? [])
    .filter((item) => item['sk'] !== afterKey)
    .slice(0, limit)
    .map((item) => {
      const { sk, ...play } = item as Omit<HistoryPlay, 'key'> & { sk: string };
      return { ...play, key: sk.slice(playSortPrefix.length) };
    });
  return { plays, more: reply.LastEvaluatedKey !== undefined || (reply.Items ?? []).length > plays.length };
}

/** Access pattern `recomputeDailyListening`: rebuilds the day items of the given days from their plays. */
export async function recomputeDailyListening(
  table: TableRef,
  fanId: string,
  dates: readonly string[],
): Promise<void> {
  const { client: db, name: tableName } = table;
  for (const date of dates) {
    const plays = await listPlaysOfDay(table, fanId, date);
    // The reading calls' per-day play count and track totals (data/listening-reads.ts), from the same plays.
    await saveDayReadModels(table, fanId, date, plays, dayExpiryOf(date));
    const [day] = aggregateDaily(plays);
    if (!day) {
      await db.send(
        new DeleteCommand({
          TableName: tableName,
          Key: { pk: fanPartition(fanId), sk: dailyListeningSortKey(date) },
        }),
      );
      continue;
    }
    await db.send(
      new PutCommand({
        TableName: tableName,
        Item: {
          pk: fanPartition(fanId),
          sk: dailyListeningSortKey(date),
          entity: 'daily-listening',
          v: 1,
          ...day,
          expiresAt: dayExpiryOf(date),
        },
      }),
    );
    // The public artist page's "fans listening this month" counts these markers (data/catalogue/monthly-listeners.ts).
    await markMonthlyListeners(
      table,
      fanId,
      date,
      day.artists.flatMap((artist) => (artist.artistId ? [artist.artistId] : [])),
    );
  }
}

/** Access pattern `getDailyListening`: a fan's day totals between two UTC dates, inclusive, oldest first. */
export async function getDailyListening(
  table: TableRef,
  fanId: string,
  startDate: string,
  endDate: string,
): Promise<DailyListening[]> {
  const items = await queryAll(table, {
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: {
      ':pk': fanPartition(fanId),
      ':from': dailyListeningSortKey(startDate),
      ':to': dailyListeningSortKey(endDate),
    },
    ProjectionExpression: '#date, plays, msPlayed, artists',
    ExpressionAttributeNames: { '#date': 'date' },
  });
  return items as DailyListening[];
}
