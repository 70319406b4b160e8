// The listening sync's calls: when the fan's plays were last read from Spotify, reading them now, and
// re-reading everything Spotify still offers.
import * as z from 'zod/mini';

/** How the fan's Spotify connection stands for the sync: 'broken' means Spotify refused it and a reconnect is due. */
export const spotifyConnectionStatusSchema = z.enum(['not_connected', 'ok', 'broken']);
export type SpotifyConnectionStatus = z.infer<typeof spotifyConnectionStatusSchema>;

/** `GET /tracks/user/latestFetchedDate`. */
export const latestFetchedDateSchema = z.object({
  /**
   * ISO time of the last sync that found plays on Spotify or that the fan asked for (Sync now): every play up to then
   * is in. A scheduled sync that finds nothing records nothing (decision 048), so it may be older than the last run.
   * Null before the first.
   */
  latestFetchedDate: z.nullable(z.string()),
  connection: spotifyConnectionStatusSchema,
});
export type LatestFetchedDate = z.infer<typeof latestFetchedDateSchema>;

/**
 * `GET /tracks/user/fetchLatestFromSpotify` and `POST /pie/add-missing-tracks-anytime`: what one sync read and
 * added. `added` plays are new; `duplicates` were stored already (a sync is idempotent).
 */
export const spotifySyncResultSchema = z.object({
  added: z.number(),
  duplicates: z.number(),
  /** Plays Spotify returned that count as listening is decided later (under 30 s plays are kept but not counted). */
  read: z.number(),
  /** This sync's time (recorded unless a scheduled sync found nothing). */
  latestFetchedDate: z.string(),
  /** The UTC days whose totals changed. */
  days: z.array(z.string()),
});
export type SpotifySyncResult = z.infer<typeof spotifySyncResultSchema>;

/** Error codes of the sync calls, for the screen to tell the fan what to do. */
export const spotifySyncErrorCodes = {
  notConnected: 'spotify_not_connected',
  broken: 'spotify_connection_broken',
  rateLimited: 'spotify_rate_limited',
} as const;
