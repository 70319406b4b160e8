// Spotify Web API replies, parsed at the edge. Spotify has deprecated artist popularity, followers and genres and
// several /me fields (../shared/thirdparty/SOURCES.md), so every such field is optional: a reply without them
// must still parse. Unknown fields are dropped.
import * as z from 'zod/mini';

export const imageSchema = z.object({
  url: z.string(),
  height: z.nullish(z.number()),
  width: z.nullish(z.number()),
});

export const simplifiedArtistSchema = z.object({
  id: z.string(),
  name: z.string(),
  uri: z.optional(z.string()),
});

export const artistSchema = z.object({
  id: z.string(),
  name: z.string(),
  uri: z.optional(z.string()),
  images: z.optional(z.array(imageSchema)),
  /** Deprecated by Spotify. */
  popularity: z.optional(z.number()),
  /** Deprecated by Spotify. */
  followers: z.optional(z.object({ total: z.nullish(z.number()) })),
  /** Deprecated by Spotify. */
  genres: z.optional(z.array(z.string())),
});
export type SpotifyArtist = z.infer<typeof artistSchema>;

export const trackSchema = z.object({
  id: z.string(),
  name: z.string(),
  duration_ms: z.number(),
  artists: z.array(simplifiedArtistSchema),
  album: z.optional(
    z.object({
      id: z.optional(z.string()),
      name: z.optional(z.string()),
      images: z.optional(z.array(imageSchema)),
    }),
  ),
  popularity: z.optional(z.number()),
});
export type SpotifyTrack = z.infer<typeof trackSchema>;

export const recentlyPlayedSchema = z.object({
  items: z.array(
    z.object({
      track: trackSchema,
      played_at: z.iso.datetime({ offset: true }),
      context: z.nullish(z.object({ type: z.optional(z.string()), uri: z.optional(z.string()) })),
    }),
  ),
  next: z.nullish(z.string()),
  cursors: z.nullish(z.object({ after: z.nullish(z.string()), before: z.nullish(z.string()) })),
  limit: z.optional(z.number()),
});
export type RecentlyPlayed = z.infer<typeof recentlyPlayedSchema>;

function pagingOf<T extends z.ZodMiniType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.optional(z.number()),
    limit: z.optional(z.number()),
    offset: z.optional(z.number()),
    next: z.nullish(z.string()),
  });
}

export const topArtistsSchema = pagingOf(artistSchema);
export const topTracksSchema = pagingOf(trackSchema);
export const severalArtistsSchema = z.object({ artists: z.array(z.nullable(artistSchema)) });
export const artistTopTracksSchema = z.object({ tracks: z.array(trackSchema) });
export const severalTracksSchema = z.object({ tracks: z.array(z.nullable(trackSchema)) });
/** GET /v1/search?type=artist. */
export const artistSearchSchema = z.object({ artists: pagingOf(artistSchema) });

/** The token endpoint's reply to grant_type=client_credentials (no refresh token: ask again when it expires). */
export const clientCredentialsTokenSchema = z.object({
  access_token: z.string().check(z.minLength(1)),
  token_type: z.string(),
  expires_in: z.number(),
});

export const currentUserSchema = z.object({
  id: z.string(),
  /** Stable account id; preferred over `id` where present. */
  account_id: z.optional(z.string()),
  display_name: z.nullish(z.string()),
  email: z.optional(z.string()),
  country: z.optional(z.string()),
  images: z.optional(z.array(imageSchema)),
});
export type SpotifyCurrentUser = z.infer<typeof currentUserSchema>;

/** Spotify's error body: `{ error: { status, message } }`. */
export const apiErrorSchema = z.object({
  error: z.object({ status: z.number(), message: z.optional(z.string()) }),
});
