// What the fan's reading calls need beyond the day totals: per-day track totals and per-day counts of
// stored plays, both derived from the plays whenever a day is recomputed, and reads of the plays newest first.
//
// Why the per-day count items: `GET /tracks/user/latest` pages by number, so it needs the total and the position of
// any page without reading every play before it. `DAYCOUNT#<date>` items are a few dozen bytes each, so reading all of
// a fan's (at most 396) costs a couple of read units; from them a page's first play is located in one day, and the
// page is read from there.
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import type { DayPlayCount, StoredTrackPlay, TrackTotal } from '../domain/listening/listening-reads';
import { totalTracks } from '../domain/listening/listening-reads';
import type { PlayToStore } from '../domain/listening/plays';
import {
  dayCountSortKey,
  dayCountSortPrefix,
  dayTracksSortKey,
  endOfAllPlays,
  endOfDayPlays,
  fanPartition,
  playSortPrefix,
} from './keys';
import { readStored } from './stored-item';
import type { BatchWriteRequest, TableRef } from './table';
import { queryAll } from './table';

/**
 * Part of access pattern `recomputeDailyListening`: the writes of a day's read models, from the day's plays: its
 * number of stored plays (counted or not) and its per-track totals of counted plays; each is deleted when the day has
 * none left. Written in one BatchWriteItem with the day's totals.
 */
export function dayReadModelWrites(
  fanId: string,
  date: string,
  plays: readonly StoredTrackPlay[],
  expiresAt: number,
): BatchWriteRequest[] {
  const pk = fanPartition(fanId);
  const tracks = totalTracks(plays);
  return [
    plays.length === 0
      ? { DeleteRequest: { Key: { pk, sk: dayCountSortKey(date) } } }
      : {
          PutRequest: {
            Item: {
              pk,
              sk: dayCountSortKey(date),
              entity: 'day-play-count',
              v: 1,
              date,
              storedPlays: plays.length,
              expiresAt,
            },
          },
        },
    tracks.length === 0
      ? { DeleteRequest: { Key: { pk, sk: dayTracksSortKey(date) } } }
      : {
          PutRequest: {
            Item: {
              pk,
              sk: dayTracksSortKey(date),
              entity: 'day-track-listening',
              v: 1,
              date,
              tracks,
              expiresAt,
            },
          },
        },
  ];
}

/** An artist of a stored play or track total: by catalogue id where known, always by name. */
const storedArtistSchema = z.object({ artistId: z.optional(z.string()), artistName: z.string() });

/** A day's count of stored plays, as `listDayPlayCounts` reads it. */
const storedDayCountSchema = z.object({ date: z.string(), storedPlays: z.number().check(z.int()) });

/**
 * A stored play as the reads show it. Plays kept from before a field was stored read with its fallback: an unnamed
 * track, no artists, an import.
 */
const storedPlayViewSchema = z.object({
  endedAt: z.string(),
  msPlayed: z.number(),
  trackName: z.catch(z.string(), 'Unknown track'),
  trackId: z.optional(z.string()),
  artists: z.catch(z.array(storedArtistSchema), []),
  source: z.catch(z.enum(['spotify', 'import']), 'import'),
});

/** A day's track totals, as `getDailyTrackListening` reads them. */
const storedDayTracksSchema = z.object({
  date: z.string(),
  tracks: z._default(
    z.array(
      z.object({
        trackId: z.optional(z.string()),
        trackName: z.string(),
        artists: z.array(storedArtistSchema),
        plays: z.number(),
        msPlayed: z.number(),
      }),
    ),
    [],
  ),
});

/** Access pattern `listDayPlayCounts`: the number of stored plays of each day the fan has plays, newest day first. */
export async function listDayPlayCounts(table: TableRef, fanId: string): Promise<DayPlayCount[]> {
  const items = await queryAll(table, {
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :prefix)',
    ExpressionAttributeValues: { ':pk': fanPartition(fanId), ':prefix': dayCountSortPrefix },
    ProjectionExpression: '#date, storedPlays',
    ExpressionAttributeNames: { '#date': 'date' },
    ScanIndexForward: false,
  });
  return items.map((item) => readStored('daily listening', storedDayCountSchema, item));
}

/** A stored play as the reads show it: what was stored, without what made it unique. */
export type StoredPlayView = Omit<PlayToStore, 'identity'>;

/**
 * Access pattern `listPlaysNewestFirst`: up to `count` plays, newest first, that ended on `throughDate` or before
 * (any day when absent). Reads only what it returns, in pages of at most 100.
 */
export async function listPlaysNewestFirst(
  { client: db, name: tableName }: TableRef,
  fanId: string,
  count: number,
  throughDate?: string,
): Promise<StoredPlayView[]> {
  const plays: StoredPlayView[] = [];
  if (count <= 0) return plays;
  let start: Record<string, unknown> | undefined;
  do {
    const reply = await db.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
        ExpressionAttributeValues: {
          ':pk': fanPartition(fanId),
          ':from': playSortPrefix,
          ':to': throughDate ? endOfDayPlays(throughDate) : endOfAllPlays,
        },
        ProjectionExpression: 'endedAt, msPlayed, trackName, trackId, artists, #source',
        ExpressionAttributeNames: { '#source': 'source' },
        ScanIndexForward: false,
        Limit: Math.min(100, count - plays.length),
        ...(start ? { ExclusiveStartKey: start } : {}),
      }),
    );
    for (const item of reply.Items ?? []) plays.push(toPlayView(item));
    start = reply.LastEvaluatedKey;
  } while (start && plays.length < count);
  return plays;
}

function toPlayView(item: Record<string, unknown>): StoredPlayView {
  return readStored('play view', storedPlayViewSchema, item);
}

/** Access pattern `getDailyTrackListening`: per-day track totals between two UTC dates, inclusive, oldest first. */
export async function getDailyTrackListening(
  table: TableRef,
  fanId: string,
  startDate: string,
  endDate: string,
): Promise<{ date: string; tracks: TrackTotal[] }[]> {
  const items = await queryAll(table, {
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
    ExpressionAttributeValues: {
      ':pk': fanPartition(fanId),
      ':from': dayTracksSortKey(startDate),
      ':to': dayTracksSortKey(endDate),
    },
    ProjectionExpression: '#date, tracks',
    ExpressionAttributeNames: { '#date': 'date' },
  });
  return items.map((item) => readStored('daily listening', storedDayTracksSchema, item));
}
