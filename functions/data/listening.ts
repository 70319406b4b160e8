// A fan's plays and per-day listening. Plays are the source of truth; the day items are derived from them and can
// be recomputed at any time, so writing the same plays twice (a sync re-reading Spotify, an export imported twice)
// changes nothing.
import { DeleteCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { utcDateOf } from '../domain/calendar';
import type { DailyListening, PlayArtist } from '../domain/listening/daily';
import { aggregateDaily } from '../domain/listening/daily';
import type { PlayToStore } from '../domain/listening/plays';
import { dayExpiryOf, playExpiryOf } from '../domain/listening/retention';
import { saveDayReadModels } from './listening-reads';
import { markMonthlyListeners } from './catalogue/monthly-listeners';
import { dailyListeningSortKey, fanPartition, playSortKey, playSortPrefix, playsOfDayPrefix } from './keys';
import type { TableRef } from './table';
import { batchGetAll, batchWriteAll, queryAll } from './table';

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
 * whose totals must be recomputed.
 */
export async function storePlays(
  table: TableRef,
  fanId: string,
  plays: readonly PlayToStore[],
  options: StorePlaysOptions = {},
): Promise<string[]> {
  const storedAt = options.storedAt ? { storedAt: options.storedAt.toISOString() } : {};
  const pk = fanPartition(fanId);
  const items = plays.map((play) => ({
    pk,
    sk: playSortKey(play.endedAt, play.identity),
    entity: 'play',
    v: 1,
    endedAt: play.endedAt,
    msPlayed: play.msPlayed,
    trackName: play.trackName,
    ...(play.trackId ? { trackId: play.trackId } : {}),
    artists: play.artists,
    source: play.source,
    ...storedAt,
    expiresAt: playExpiryOf(play.endedAt),
  }));
  await batchWriteAll(
    table,
    items.map((item) => ({ PutRequest: { Item: item } })),
    { parallel: batchParallelism },
  );
  return [...new Set(plays.map((play) => utcDateOf(play.endedAt)))].sort();
}

/**
 * Access pattern `savePlays` (the sync): stores the plays not stored yet (`findNewPlays`, then `storePlays`);
 * the existing keys are read only to report duplicates, since the writes are idempotent by key either way.
 */
export async function savePlays(
  table: TableRef,
  fanId: string,
  plays: readonly PlayToStore[],
  options: StorePlaysOptions = {},
): Promise<SavePlaysResult> {
  const { fresh, duplicates } = await findNewPlays(table, fanId, plays);
  const days = await storePlays(table, fanId, fresh, options);
  return { saved: fresh.length, duplicates, days };
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
