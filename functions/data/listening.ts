// A fan's plays and per-day listening. Plays are the source of truth; the day items are derived from them and can
// be recomputed at any time, so writing the same plays twice (a sync re-reading Spotify, an export imported twice)
// changes nothing, and a listening both synced and imported is stored once (docs/decisions/034: the buckets that
// decide it are data/listening-counted-once.ts).
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { utcDateOf } from '../domain/calendar';
import type { DailyListening } from '../domain/listening/daily';
import { aggregateDaily } from '../domain/listening/daily';
import type { PlayToStore } from '../domain/listening/plays';
import { dayExpiryOf } from '../domain/listening/retention';
import { markMonthlyListeners } from './catalogue/monthly-listeners';
import { dailyListeningSortKey, fanPartition, playSortPrefix, playsOfDayPrefix } from './keys';
import type { StorePlaysOptions } from './listening-counted-once';
import { batchParallelism, playItemOf, saveListening } from './listening-counted-once';
import { dayReadModelWrites } from './listening-reads';
import { readStored, storedSortKeySchema } from './stored-item';
import type { TableRef } from './table';
import { batchGetAll, batchWriteAll, forEachItem, queryAll } from './table';

export interface SavePlaysResult {
  saved: number;
  duplicates: number;
  /** The UTC days whose totals changed. */
  days: string[];
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

/** A day item's counted listening, as `getCountedListeningOfDays` reads it. */
const storedDayTotalSchema = z.object({ date: z.string(), msPlayed: z.number() });

/** An artist of a play, or of a day's totals: by catalogue id where known, always by name. */
const storedPlayArtistSchema = z.object({ artistId: z.optional(z.string()), artistName: z.string() });

/**
 * A play item, as far as the reads below project it. A play kept from before a field was stored reads with the
 * fallback the listening reads give it (data/listening-reads.ts): no artists, an unnamed track, an import.
 */
const storedPlaySchema = z.object({
  endedAt: z.string(),
  msPlayed: z.number(),
  artists: z._default(z.array(storedPlayArtistSchema), []),
  trackName: z._default(z.string(), 'Unknown track'),
  trackId: z.optional(z.string()),
  source: z._default(z.enum(['spotify', 'import']), 'import'),
  storedAt: z.optional(z.string()),
});

/** A day item (`FAN#<fanId>` / `DAY#<date>`): the day's counted plays and time, and each artist's. */
const storedDailyListeningSchema = z.object({
  date: z.string(),
  plays: z.number().check(z.int()),
  msPlayed: z.number(),
  artists: z.array(
    z.extend(storedPlayArtistSchema, { plays: z.number().check(z.int()), msPlayed: z.number() }),
  ),
});

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
      const { date, msPlayed } = readStored('daily listening', storedDayTotalSchema, item);
      return [date, msPlayed];
    }),
  );
}

type StoredPlay = Pick<
  z.infer<typeof storedPlaySchema>,
  'endedAt' | 'msPlayed' | 'artists' | 'trackName' | 'trackId'
>;

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
  return items.map((item): StoredPlay => {
    const { endedAt, msPlayed, artists, trackName, trackId } = readStored('play', storedPlaySchema, item);
    return { endedAt, msPlayed, artists, trackName, ...(trackId === undefined ? {} : { trackId }) };
  });
}

/** A play as the pie's split reads it: with its source, since a promo pie counts synced plays only. */
export type SourcedPlay = Pick<
  z.infer<typeof storedPlaySchema>,
  'endedAt' | 'msPlayed' | 'artists' | 'source'
>;

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
  return items.map((item): SourcedPlay => {
    const { endedAt, msPlayed, artists, source } = readStored('play', storedPlaySchema, item);
    return { endedAt, msPlayed, artists, source };
  });
}

/** A stored play with its place in the history: `<endedAt>#<key hash>`, the tail of its sort key. */
export type HistoryPlay = z.infer<typeof storedPlaySchema> & { key: string };

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
    .map((item): HistoryPlay & { sk: string } => {
      const { sk } = readStored('play', storedSortKeySchema, item);
      return { ...readStored('play', storedPlaySchema, item), sk, key: sk.slice(playSortPrefix.length) };
    })
    .filter((play) => play.sk !== afterKey)
    .slice(0, limit)
    .map(({ sk: _sk, ...play }): HistoryPlay => play);
  return { plays, more: reply.LastEvaluatedKey !== undefined || (reply.Items ?? []).length > plays.length };
}

/**
 * Access pattern `recomputeDailyListening`: rebuilds the day items of the given days from their plays, a few days at
 * once (each day's items are its own: an import of a year rebuilds hundreds).
 */
export async function recomputeDailyListening(
  table: TableRef,
  fanId: string,
  dates: readonly string[],
): Promise<void> {
  await forEachItem(dates, batchParallelism, async (date) => {
    const plays = await listPlaysOfDay(table, fanId, date);
    const [day] = aggregateDaily(plays);
    const key = { pk: fanPartition(fanId), sk: dailyListeningSortKey(date) };
    const expiresAt = dayExpiryOf(date);
    // The day's totals and the reading calls' per-day play count and track totals (data/listening-reads.ts), from the
    // same plays, in one BatchWriteItem; beside it, the public artist page's "fans listening this month" markers
    // (data/catalogue/monthly-listeners.ts). Each write is the day's whole state, so their order does not matter.
    await Promise.all([
      batchWriteAll(table, [
        day
          ? { PutRequest: { Item: { ...key, entity: 'daily-listening', v: 1, ...day, expiresAt } } }
          : { DeleteRequest: { Key: key } },
        ...dayReadModelWrites(fanId, date, plays, expiresAt),
      ]),
      day
        ? markMonthlyListeners(
            table,
            fanId,
            date,
            day.artists.flatMap((artist) => (artist.artistId ? [artist.artistId] : [])),
          )
        : undefined,
    ]);
  });
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
  return items.map((item): DailyListening => readStored('daily listening', storedDailyListeningSchema, item));
}
