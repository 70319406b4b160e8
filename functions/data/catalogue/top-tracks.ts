// An artist's top tracks as Spotify gave them, kept in the table a while so the artist page does not ask Spotify on
// every visit, and served stale when Spotify fails.
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { epochSecondsOf, secondsPerDay } from '../../domain/calendar';
import { artistTopTracksKey } from '../keys';
import type { TableRef } from '../table';

/** A kept copy is removed by TTL after this long, fresh or not. */
const keptDays = 7;

export interface CachedTopTracks<T> {
  tracks: T[];
  /** ISO 8601 UTC time Spotify was asked. */
  fetchedAt: string;
}

/** Access pattern `getCachedTopTracks`: the copy of an artist's Spotify top tracks kept in the table, or null. */
export async function getCachedTopTracks<T>(
  table: TableRef,
  artistId: string,
): Promise<CachedTopTracks<T> | null> {
  const reply = await table.client.send(
    new GetCommand({ TableName: table.name, Key: artistTopTracksKey(artistId) }),
  );
  if (!reply.Item) return null;
  return { tracks: reply.Item['tracks'] as T[], fetchedAt: String(reply.Item['fetchedAt']) };
}

/** Access pattern `saveCachedTopTracks`: keeps an artist's Spotify top tracks (a week at most, then TTL). */
export async function saveCachedTopTracks<T>(
  table: TableRef,
  artistId: string,
  tracks: readonly T[],
  now: Date,
): Promise<void> {
  await table.client.send(
    new PutCommand({
      TableName: table.name,
      Item: {
        ...artistTopTracksKey(artistId),
        entity: 'artist-top-tracks',
        v: 1,
        tracks,
        fetchedAt: now.toISOString(),
        expiresAt: epochSecondsOf(now) + keptDays * secondsPerDay,
      },
    }),
  );
}
