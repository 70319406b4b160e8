// The fan's listening as the reading calls show it (SPEC §7): latest plays, most played tracks, the artists
// a fan listens to, recently listened artists, and another fan's top tracks and artists (as their visibility allows).
import * as z from 'zod/mini';
import { wholeNumberParam } from './api/fields';
import { artistSummarySchema } from './artists';

/** Days a listening period may span: the 13 months plays are kept. */
export const maximumPeriodDays = 396;
/** The period the popular and top lists cover unless the caller asks for another. */
export const defaultPeriodDays = 30;

const pageParam = wholeNumberParam(10_000, 1);
const periodParam = wholeNumberParam(maximumPeriodDays, defaultPeriodDays);

/** An artist on a play: the catalogue id where known; artists known only by name (imports) have none. */
export const playArtistSchema = z.object({
  artistId: z.optional(z.string()),
  artistName: z.string(),
});

// ── GET /tracks/user/latest ──────────────────────────────────────────────────

export const latestPlaysQuerySchema = z.object({
  page: pageParam,
  limit: wholeNumberParam(50, 20),
});
export type LatestPlaysQuery = z.infer<typeof latestPlaysQuerySchema>;

/** One stored play. `counted`: it lasted at least 30 s and has an artist, so it counts for the pie. */
export const latestPlaySchema = z.object({
  /** ISO 8601 UTC end of the play. */
  endedAt: z.string(),
  trackName: z.string(),
  trackId: z.optional(z.string()),
  artists: z.array(playArtistSchema),
  msPlayed: z.number(),
  counted: z.boolean(),
  source: z.enum(['spotify', 'import']),
});
export type LatestPlay = z.infer<typeof latestPlaySchema>;
export const latestPlaysSchema = z.array(latestPlaySchema);

// ── GET /tracks/user/popular and /tracks/user/{id}/top ───────────────────────

export const popularTracksQuerySchema = z.object({
  page: pageParam,
  limit: wholeNumberParam(50, 20),
  /** The period: the last `days` UTC days, today included. */
  days: periodParam,
});
export type PopularTracksQuery = z.infer<typeof popularTracksQuerySchema>;

export const topListQuerySchema = z.object({
  limit: wholeNumberParam(50, 10),
  days: periodParam,
});
export type TopListQuery = z.infer<typeof topListQuerySchema>;

/** A track's counted plays and time over a period. */
export const trackListeningSchema = z.object({
  trackId: z.optional(z.string()),
  trackName: z.string(),
  artists: z.array(playArtistSchema),
  plays: z.number(),
  msPlayed: z.number(),
  /** `YYYY-MM-DD`: the last UTC day of the period with a counted play of it. */
  lastPlayedOn: z.string(),
});
export type TrackListening = z.infer<typeof trackListeningSchema>;
export const trackListeningListSchema = z.array(trackListeningSchema);

// ── GET /artists/user and /artists/user/{id}/top ─────────────────────────────

export const fanArtistSorts = ['popular', 'name', 'recent'] as const;
export type FanArtistSort = (typeof fanArtistSorts)[number];

export const fanArtistsQuerySchema = z.object({
  page: pageParam,
  /** Matches any part of the artist's name, ignoring case, accents and punctuation. */
  search: z.optional(z.string().check(z.trim(), z.maxLength(100, 'Use at most 100 characters'))),
  /** popular: most listened first; name: A to Z; recent: most recently listened first. */
  sortBy: z._default(z.enum(fanArtistSorts, 'Sort by popular, name or recent'), 'popular'),
  itemsPerPage: wholeNumberParam(100, 50),
  days: periodParam,
});
export type FanArtistsQuery = z.infer<typeof fanArtistsQuerySchema>;

/** An artist's counted plays and share of the listening time over a period. */
export const artistListeningSchema = z.object({
  artistId: z.optional(z.string()),
  artistName: z.string(),
  plays: z.number(),
  msPlayed: z.number(),
  /** `YYYY-MM-DD`: the last UTC day of the period with a counted play of them. */
  lastListenedOn: z.string(),
  /** The catalogue artist, when the artist is known by id and the catalogue has them. */
  artist: z.optional(artistSummarySchema),
});
export type ArtistListening = z.infer<typeof artistListeningSchema>;
export const artistListeningListSchema = z.array(artistListeningSchema);

// ── GET /artists/recent-listened and /artists/recent-listened/{userId} ───────

export const recentArtistsQuerySchema = z.object({ limit: wholeNumberParam(50, 20) });
export type RecentArtistsQuery = z.infer<typeof recentArtistsQuerySchema>;

export const recentArtistSchema = z.object({
  artistId: z.optional(z.string()),
  artistName: z.string(),
  /** ISO 8601 UTC end of the fan's latest counted play of them. */
  lastPlayedAt: z.string(),
  artist: z.optional(artistSummarySchema),
});
export type RecentArtist = z.infer<typeof recentArtistSchema>;
export const recentArtistListSchema = z.array(recentArtistSchema);

/** The `{id}` / `{userId}` of a fan in a path. */
export const fanIdParamsSchema = z.object({ id: z.string().check(z.minLength(1), z.maxLength(100)) });
export const fanUserIdParamsSchema = z.object({
  userId: z.string().check(z.minLength(1), z.maxLength(100)),
});
