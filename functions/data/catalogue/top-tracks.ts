// An artist's top tracks as Spotify gave them, kept in the table a while so the artist page does not ask Spotify on
// every visit, and served stale when Spotify fails.
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import type { ArtistTopTrack } from '../../contracts/artists';
import { artistTopTracksSchema } from '../../contracts/artists';
import { epochSecondsOf, secondsPerDay } from '../../domain/calendar';
import { artistTopTracksKey } from '../keys';
import { readStored } from '../stored-item';
import type { TableRef } from '../table';

/** A kept copy is removed by TTL after this long, fresh or not. */
const keptDays = 7;

/** The kept copy (`ARTIST#<id>` / `TOP_TRACKS`): the tracks as the artist page shows them, and when Spotify was asked. */
const storedTopTracksSchema = z.object({
  tracks: artistTopTracksSchema,
  /** ISO 8601 UTC time Spotify was asked. */
  fetchedAt: z.string(),
});
export type CachedTopTracks = z.infer<typeof storedTopTracksSchema>;

/** Access pattern `getCachedTopTracks`: the copy of an artist's Spotify top tracks kept in the table, or null. */
export async function getCachedTopTracks(table: TableRef, artistId: string): Promise<CachedTopTracks | null> {
  const reply = await table.client.send(
    new GetCommand({ TableName: table.name, Key: artistTopTracksKey(artistId) }),
  );
  if (!reply.Item) return null;
  return readStored('artist top tracks', storedTopTracksSchema, reply.Item);
}

/** Access pattern `saveCachedTopTracks`: keeps an artist's Spotify top tracks (a week at most, then TTL). */
export async function saveCachedTopTracks(
  table: TableRef,
  artistId: string,
  tracks: readonly ArtistTopTrack[],
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
