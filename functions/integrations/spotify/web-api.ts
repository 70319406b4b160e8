// The Spotify Web API calls OpenPie makes, for one listener (user token) or for the catalogue (client token).
// Rate limits are waited out (Retry-After) and resumed; an expired access token is refreshed once; a grant the
// listener revoked surfaces as SpotifyGrantRevokedError so the product can tell the fan. Locally the base URL points
// at the Spotify sandbox.
import type * as z from 'zod/mini';
import type { RecentlyPlayed, SpotifyArtist, SpotifyCurrentUser, SpotifyTrack } from './schemas';
import {
  artistSearchSchema,
  artistTopTracksSchema,
  currentUserSchema,
  recentlyPlayedSchema,
  severalArtistsSchema,
  severalTracksSchema,
  topArtistsSchema,
  topTracksSchema,
} from './schemas';

export class SpotifyApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = 'SpotifyApiError';
  }
}

/** The listener revoked OpenPie's access (or the refresh token is no longer valid): reconnecting is the only fix. */
export class SpotifyGrantRevokedError extends Error {
  constructor(message = 'Spotify no longer accepts this connection.') {
    super(message);
    this.name = 'SpotifyGrantRevokedError';
  }
}

/** Spotify kept answering 429 beyond the waits we allow in one call. */
export class SpotifyRateLimitedError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(`Spotify asked us to slow down (retry after ${retryAfterSeconds} s).`);
    this.name = 'SpotifyRateLimitedError';
  }
}

/** Where the access token comes from; `refresh` runs once after a 401 and may throw SpotifyGrantRevokedError. */
export interface SpotifyTokenSource {
  accessToken(): Promise<string>;
  refresh(): Promise<string>;
}

export interface SpotifyWebApiConfig {
  /** `https://api.spotify.com` in AWS; the sandbox's URL locally. */
  baseUrl: string;
  fetch?: typeof fetch;
  /** Waits out Retry-After; injectable so tests need not sleep. */
  sleep?: (milliseconds: number) => Promise<void>;
  /** How many 429 replies one call waits out before giving up. */
  maxRateLimitWaits?: number;
  /** A Retry-After longer than this is not waited for in-line: the call fails and the job retries later. */
  maxWaitSeconds?: number;
  timeoutMs?: number;
}

/** Spotify's limit for /v1/artists?ids=. */
export const artistBatchSize = 50;
/** Spotify's limit for /v1/tracks?ids=. */
export const trackBatchSize = 50;

export interface SpotifyWebApi {
  me(): Promise<SpotifyCurrentUser>;
  /** Plays after the cursor (ms since epoch), newest first, at most 50 (Spotify's limit). */
  recentlyPlayed(options?: { after?: number; limit?: number }): Promise<RecentlyPlayed>;
  topArtists(options?: {
    timeRange?: 'short_term' | 'medium_term' | 'long_term';
    limit?: number;
  }): Promise<SpotifyArtist[]>;
  topTracks(options?: {
    timeRange?: 'short_term' | 'medium_term' | 'long_term';
    limit?: number;
  }): Promise<SpotifyTrack[]>;
  /** Any number of artists, fetched 50 at a time; unknown ids are left out. */
  artists(ids: readonly string[]): Promise<SpotifyArtist[]>;
  artistTopTracks(id: string, market?: string): Promise<SpotifyTrack[]>;
  /** Any number of tracks (GET /v1/tracks?ids=), fetched 50 at a time; unknown ids are left out. */
  tracks(ids: readonly string[]): Promise<SpotifyTrack[]>;
  /** Artists whose names match a search (GET /v1/search?type=artist), Spotify's best match first. */
  searchArtists(query: string, options?: { limit?: number; offset?: number }): Promise<SpotifyArtist[]>;
}

export function createSpotifyWebApi(config: SpotifyWebApiConfig, tokens: SpotifyTokenSource): SpotifyWebApi {
  const doFetch = config.fetch ?? fetch;
  const sleep = config.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const maxWaits = config.maxRateLimitWaits ?? 3;
  const maxWaitSeconds = config.maxWaitSeconds ?? 60;
  const timeoutMs = config.timeoutMs ?? 10_000;
  // Joined as text, not resolved as a URL: a base with a path (the sandbox's) must keep it.
  const baseUrl = config.baseUrl.replace(/\/+$/, '');

  async function get<S extends z.ZodMiniType>(path: string, schema: S): Promise<z.infer<S>> {
    let token = await tokens.accessToken();
    let refreshed = false;
    let waits = 0;
    for (;;) {
      const reply = await doFetch(`${baseUrl}${path}`, {
        headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (reply.status === 429) {
        const retryAfter = Math.max(1, Number(reply.headers.get('retry-after') ?? '1') || 1);
        if (waits >= maxWaits || retryAfter > maxWaitSeconds) throw new SpotifyRateLimitedError(retryAfter);
        waits += 1;
        await sleep(retryAfter * 1000);
        continue;
      }
      if (reply.status === 401) {
        if (refreshed) throw new SpotifyGrantRevokedError();
        token = await tokens.refresh();
        refreshed = true;
        continue;
      }
      if (!reply.ok) {
        throw new SpotifyApiError(reply.status, `Spotify answered ${reply.status} to ${path.split('?')[0]}`);
      }
      const parsed = schema.safeParse(await reply.json());
      if (!parsed.success) {
        throw new SpotifyApiError(502, `Spotify's reply to ${path.split('?')[0]} has an unexpected shape`);
      }
      return parsed.data;
    }
  }

  return {
    me: () => get('/v1/me', currentUserSchema),
    recentlyPlayed: ({ after, limit = 50 } = {}) =>
      get(
        `/v1/me/player/recently-played?${new URLSearchParams({
          limit: String(Math.min(limit, 50)),
          ...(after === undefined ? {} : { after: String(after) }),
        })}`,
        recentlyPlayedSchema,
      ),
    topArtists: async ({ timeRange = 'medium_term', limit = 50 } = {}) =>
      (await get(`/v1/me/top/artists?time_range=${timeRange}&limit=${limit}`, topArtistsSchema)).items,
    topTracks: async ({ timeRange = 'medium_term', limit = 50 } = {}) =>
      (await get(`/v1/me/top/tracks?time_range=${timeRange}&limit=${limit}`, topTracksSchema)).items,
    artists: async (ids) => {
      const found: SpotifyArtist[] = [];
      for (let start = 0; start < ids.length; start += artistBatchSize) {
        const batch = ids.slice(start, start + artistBatchSize);
        const reply = await get(
          `/v1/artists?ids=${batch.map(encodeURIComponent).join(',')}`,
          severalArtistsSchema,
        );
        for (const artist of reply.artists) if (artist) found.push(artist);
      }
      return found;
    },
    tracks: async (ids) => {
      const found: SpotifyTrack[] = [];
      for (let start = 0; start < ids.length; start += trackBatchSize) {
        const batch = ids.slice(start, start + trackBatchSize);
        const reply = await get(
          `/v1/tracks?ids=${batch.map(encodeURIComponent).join(',')}`,
          severalTracksSchema,
        );
        for (const track of reply.tracks) if (track) found.push(track);
      }
      return found;
    },
    artistTopTracks: async (id, market = 'US') =>
      (await get(`/v1/artists/${encodeURIComponent(id)}/top-tracks?market=${market}`, artistTopTracksSchema))
        .tracks,
    searchArtists: async (query, { limit = 20, offset = 0 } = {}) =>
      (
        await get(
          `/v1/search?${new URLSearchParams({
            q: query,
            type: 'artist',
            limit: String(Math.min(Math.max(limit, 1), 50)),
            offset: String(offset),
          })}`,
          artistSearchSchema,
        )
      ).artists.items,
  };
}
