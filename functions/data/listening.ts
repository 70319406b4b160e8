// A fan's plays and per-day listening. Plays are the source of truth; the day items are derived from them and can
// be recomputed at any time, so writing the same plays twice (a sync re-reading Spotify, an export imported twice)
// changes nothing.
import { createHash } from 'node:crypto';
import { BatchGetCommand, BatchWriteCommand, DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { DailyListening, PlayArtist } from '../domain/listening/daily';
import { aggregateDaily } from '../domain/listening/daily';
import { saveDayReadModels } from './listening-reads';
import { markMonthlyListeners } from './catalogue';
import type { TableRef } from './table';
import { backOff, forEachChunk, queryAll } from './table';

/** Plays and day totals are kept 13 months, then DynamoDB's TTL removes them. */
export const listeningRetentionDays = 396;

export interface PlayToStore {
  /** ISO 8601 UTC end of the play. */
  endedAt: string;
  msPlayed: number;
  trackName: string;
  trackId?: string;
  artists: PlayArtist[];
  source: 'spotify' | 'import';
  /** What makes two records the same play (see domain/listening/history-import.ts and the sync). */
  identity: string;
}

export interface SavePlaysResult {
  saved: number;
  duplicates: number;
  /** The UTC days whose totals changed. */
  days: string[];
}

const fanKey = (fanId: string) => `FAN#${fanId}`;
const playKey = (endedAt: string, identity: string) =>
  `PLAY#${endedAt}#${createHash('sha256').update(identity).digest('hex').slice(0, 20)}`;
const dayKey = (date: string) => `DAY#${date}`;

function expiresAtOf(endedAt: string): number {
  return Math.floor(Date.parse(endedAt) / 1000) + listeningRetentionDays * 86_400;
}

/** Whether a play is still inside the retention window at `now` (older ones would be removed at once by TTL). */
export function isWithinRetention(endedAt: string, now: Date): boolean {
  return expiresAtOf(endedAt) > Math.floor(now.getTime() / 1000);
}

/** Batch requests in flight at once: a 5,000-play import is 50 reads and 200 writes (docs/decisions/008). */
const batchParallelism = 8;

/**
 * Access pattern `savePlays`: stores plays keyed by their identity, so a play written twice is one item.
 * Existing keys are read first (BatchGet, 100 a call) only to report duplicates; the writes (BatchWrite, 25 a call)
 * are idempotent by key either way.
 */
export async function savePlays(
  table: TableRef,
  fanId: string,
  plays: readonly PlayToStore[],
): Promise<SavePlaysResult> {
  const pk = fanKey(fanId);
  const unique = new Map<string, PlayToStore>();
  for (const play of plays) unique.set(playKey(play.endedAt, play.identity), play);
  const existing = await findExistingKeys(table, pk, [...unique.keys()]);
  const fresh = [...unique].filter(([sk]) => !existing.has(sk));
  const items = fresh.map(([sk, play]) => ({
    pk,
    sk,
    entity: 'play',
    v: 1,
    endedAt: play.endedAt,
    msPlayed: play.msPlayed,
    trackName: play.trackName,
    ...(play.trackId ? { trackId: play.trackId } : {}),
    artists: play.artists,
    source: play.source,
    expiresAt: expiresAtOf(play.endedAt),
  }));
  await writeAll(table, items);
  return {
    saved: items.length,
    duplicates: plays.length - items.length,
    days: [...new Set(fresh.map(([, play]) => play.endedAt.slice(0, 10)))].sort(),
  };
}

async function findExistingKeys(
  { client: db, name: tableName }: TableRef,
  pk: string,
  sortKeys: readonly string[],
): Promise<Set<string>> {
  const found = new Set<string>();
  await forEachChunk(sortKeys, 100, batchParallelism, async (chunk) => {
    let keys: Record<string, unknown>[] | undefined = chunk.map((sk) => ({ pk, sk }));
    for (let attempt = 0; keys && keys.length > 0; attempt += 1) {
      if (attempt > 0) await backOff(attempt);
      const reply = await db.send(
        new BatchGetCommand({ RequestItems: { [tableName]: { Keys: keys, ProjectionExpression: 'sk' } } }),
      );
      for (const item of reply.Responses?.[tableName] ?? []) found.add(String(item.sk));
      keys = reply.UnprocessedKeys?.[tableName]?.Keys as Record<string, unknown>[] | undefined;
    }
  });
  return found;
}

async function writeAll(
  { client: db, name: tableName }: TableRef,
  items: readonly Record<string, unknown>[],
) {
  await forEachChunk(items, 25, batchParallelism, async (chunk) => {
    let requests: { PutRequest: { Item: Record<string, unknown> } }[] | undefined = chunk.map((item) => ({
      PutRequest: { Item: item },
    }));
    for (let attempt = 0; requests && requests.length > 0; attempt += 1) {
      if (attempt > 0) await backOff(attempt);
      const reply = await db.send(new BatchWriteCommand({ RequestItems: { [tableName]: requests } }));
      requests = reply.UnprocessedItems?.[tableName] as typeof requests;
    }
  });
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
    ExpressionAttributeValues: { ':pk': fanKey(fanId), ':day': `PLAY#${date}` },
    ProjectionExpression: 'endedAt, msPlayed, artists, trackName, trackId',
  });
  return items as StoredPlay[];
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
    await saveDayReadModels(table, fanId, date, plays, expiresAtOf(`${date}T23:59:59.999Z`));
    const [day] = aggregateDaily(plays);
    if (!day) {
      await db.send(
        new DeleteCommand({ TableName: tableName, Key: { pk: fanKey(fanId), sk: dayKey(date) } }),
      );
      continue;
    }
    await db.send(
      new PutCommand({
        TableName: tableName,
        Item: {
          pk: fanKey(fanId),
          sk: dayKey(date),
          entity: 'daily-listening',
          v: 1,
          ...day,
          expiresAt: expiresAtOf(`${date}T23:59:59.999Z`),
        },
      }),
    );
    // The public artist page's "fans listening this month" counts these markers (data/catalogue.ts).
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
    ExpressionAttributeValues: { ':pk': fanKey(fanId), ':from': dayKey(startDate), ':to': dayKey(endDate) },
    ProjectionExpression: '#date, plays, msPlayed, artists',
    ExpressionAttributeNames: { '#date': 'date' },
  });
  return items as DailyListening[];
}
