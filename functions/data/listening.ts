// A fan's plays and per-day listening. Plays are the source of truth; the day items are derived from them and can
// be recomputed at any time, so writing the same plays twice (a sync re-reading Spotify, an export imported twice)
// changes nothing, and a listening both synced and imported is stored once (docs/decisions/034).
import { DeleteCommand, PutCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
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
  transactionCancellationCodes,
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

/** When a play was stored: a pie's orphaned tracks name plays that arrived after its split (issue #12). */
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

/** Plays one transaction takes: each writes itself and up to two buckets, and removes at most one play a bucket. */
const playsPerListeningWrite = 20;
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
  await forEachChunk(ordered, playsPerListeningWrite, batchParallelism, async (chunk) => {
    const outcome = await writeListening(table, fanId, chunk, options);
    result.saved += outcome.saved;
    result.duplicates += outcome.duplicates;
    result.matched += outcome.matched;
    for (const day of outcome.days) days.add(day);
  });
  return { ...result, days: [...days].sort() };
}

interface Guard {
  sk: string;
  minute: string;
}

/** One transaction of `saveListening`: read the plays' buckets and keys, admit, write; again after a lost race. */
async function writeListening(
  table: TableRef,
  fanId: string,
  plays: readonly KeyedPlay[],
  options: StorePlaysOptions,
): Promise<SaveListeningResult> {
  const pk = fanPartition(fanId);
  const guards = new Map<string, Guard>();
  for (const play of plays) {
    for (const bucket of bucketsOf(play)) {
      guards.set(bucketIdOf(bucket), {
        sk: listeningGuardSortKey(bucket.minute, bucket.track),
        minute: bucket.minute,
      });
    }
  }
  for (let attempt = 0; ; attempt += 1) {
    const [guardItems, playItems] = await Promise.all([
      batchGetAll(
        table,
        [...guards.values()].map(({ sk }) => ({ pk, sk })),
        {
          projection: 'sk, #version, synced, imported, kept',
          names: { '#version': 'version' },
          consistent: true,
        },
      ),
      batchGetAll(
        table,
        plays.map((play) => ({ pk, sk: play.key })),
        { projection: 'sk', consistent: true },
      ),
    ]);
    const guardsBySortKey = new Map(guardItems.map((item) => [String(item['sk']), item]));
    const buckets = new Map<string, ListeningBucket>();
    const versions = new Map<string, number>();
    for (const [id, { sk }] of guards) {
      const item = guardsBySortKey.get(sk);
      if (!item) continue;
      buckets.set(id, {
        synced: (item['synced'] as string[] | undefined) ?? [],
        imported: (item['imported'] as string[] | undefined) ?? [],
        kept: (item['kept'] as string[] | undefined) ?? [],
      });
      versions.set(id, Number(item['version']));
    }
    const stored = new Set(playItems.map((item) => String(item['sk'])));
    const admission = admitPlays(
      buckets,
      plays.filter((play) => !stored.has(play.key)),
    );
    const items: TransactionItem[] = [
      ...[...admission.buckets].map(([id, bucket]) =>
        guardPut(table, pk, guards.get(id) as Guard, bucket, versions.get(id)),
      ),
      ...admission.store.map((play): TransactionItem => ({
        Put: {
          TableName: table.name,
          Item: playItemOf(fanId, play.play, options),
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      })),
      ...admission.remove.map((sk): TransactionItem => ({
        Delete: { TableName: table.name, Key: { pk, sk } },
      })),
    ];
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
    if (items.length === 0) return outcome;
    try {
      await table.client.send(new TransactWriteCommand({ TransactItems: items }));
      return outcome;
    } catch (error) {
      // Another sync or import changed a bucket or stored a play since the read: read again and decide again.
      if (transactionCancellationCodes(error) === null || attempt + 1 >= listeningWriteAttempts) throw error;
      await backOff(attempt);
    }
  }
}

/** A bucket's guard as admitted, on the condition that nobody wrote it since it was read (or that it is still new). */
function guardPut(
  table: TableRef,
  pk: string,
  guard: Guard,
  bucket: ListeningBucket,
  version: number | undefined,
): TransactionItem {
  return {
    Put: {
      TableName: table.name,
      Item: {
        pk,
        sk: guard.sk,
        entity: 'listening-guard',
        v: 1,
        // How often the guard was written: each write is conditional on the count it read.
        version: (version ?? 0) + 1,
        synced: [...bucket.synced],
        imported: [...bucket.imported],
        kept: [...bucket.kept],
        // With the last play that can be in it.
        expiresAt: playExpiryOf(`${guard.minute}:59.999Z`),
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
  return new Map(items.map((item) => [String(item['date']), Number(item['msPlayed'])]));
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

/** Access pattern `listPlaysOfDay`: a fan's plays that ended on one UTC day, oldest first. */
export async function listPlaysOfDay(table: TableRef, fanId: string, date: string): Promise<StoredPlay[]> {
  const items = await queryAll(table, {
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
  /** When it was stored; absent on plays stored before this was recorded (issue #12). */
  storedAt?: string;
}

/**
 * Access pattern `listHistoryPlaysPage`: up to `limit` of a fan's plays that ended in [from, to), oldest first,
 * starting after the play `after` (a `HistoryPlay.key`) when given; `more` when the range holds more. A page of a
 * pie's orphaned tracks (issue #12).
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
