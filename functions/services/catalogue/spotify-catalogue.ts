// Spotify's catalogue calls with OpenPie's own token (client credentials): the artist search's fallback and an
// artist's top tracks. Locally Spotify is the sandbox; where Spotify is not configured, these calls are unavailable
// and the product keeps to its own catalogue.
import type { ArtistTopTrack } from '../../contracts/artists';
import type { CatalogueArtistInput } from '../../data/catalogue/artists';
import { createClientCredentialsTokenSource } from '../../integrations/spotify/client-credentials';
import type { SpotifyArtist, SpotifyTrack } from '../../integrations/spotify/schemas';
import type { SpotifyWebApi } from '../../integrations/spotify/web-api';
import { createSpotifyWebApi } from '../../integrations/spotify/web-api';
import { getClock } from '../../runtime/clock';
import { getSpotifyProviderConfig } from '../oauth-ports';

let cached: Promise<SpotifyWebApi | null> | undefined;

/** The catalogue Web API of this deployment (one token per cold start, renewed as it expires), or null. */
export function getSpotifyCatalogueApi(): Promise<SpotifyWebApi | null> {
  cached ??= loadCatalogueApi().catch((error: unknown) => {
    cached = undefined;
    throw error;
  });
  return cached;
}

async function loadCatalogueApi(): Promise<SpotifyWebApi | null> {
  const spotify = await getSpotifyProviderConfig();
  const apiBase = spotify?.endpoints.apiBase;
  if (!spotify || !apiBase) return null;
  return createSpotifyWebApi(
    // A page waits for these calls: a long Retry-After fails fast rather than holding the request.
    { baseUrl: apiBase, maxWaitSeconds: 2, maxRateLimitWaits: 1, timeoutMs: 5_000 },
    createClientCredentialsTokenSource({
      tokenUrl: spotify.endpoints.token,
      clientId: spotify.clientId,
      clientSecret: spotify.clientSecret,
      clock: () => getClock().now().getTime(),
    }),
  );
}

/** What the catalogue keeps of a Spotify artist: the largest image, and the deprecated fields only when present. */
export function toCatalogueArtist(artist: SpotifyArtist): CatalogueArtistInput {
  const image = largestImageOf(artist.images);
  return {
    id: artist.id,
    name: artist.name,
    ...(image ? { imageUrl: image } : {}),
    ...(artist.popularity === undefined ? {} : { popularity: artist.popularity }),
    ...(typeof artist.followers?.total === 'number' ? { followers: artist.followers.total } : {}),
    ...(artist.genres ? { genres: artist.genres } : {}),
  };
}

export function toArtistTopTrack(track: SpotifyTrack): ArtistTopTrack {
  const image = largestImageOf(track.album?.images);
  return {
    id: track.id,
    name: track.name,
    durationMs: track.duration_ms,
    ...(track.album?.name ? { albumName: track.album.name } : {}),
    ...(image ? { imageUrl: image } : {}),
    artists: track.artists.map((artist) => ({ id: artist.id, name: artist.name })),
    spotifyUrl: `https://open.spotify.com/track/${encodeURIComponent(track.id)}`,
  };
}

function largestImageOf(images: SpotifyArtist['images']): string | undefined {
  const sorted = [...(images ?? [])].sort((a, b) => (b.width ?? 0) - (a.width ?? 0));
  return sorted[0]?.url;
}
