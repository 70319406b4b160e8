// The listening part of the Spotify sandbox's Web API, answered from the seeded catalogue in the shapes the real API
// uses (../shared/thirdparty/spotify): recently played, top artists and tracks, several artists, an artist's top
// tracks. The listener is the signed-in sandbox person, identified by their Spotify account id.
import type { SandboxArtist, SandboxTrack } from './catalogue';
import {
  artistImageSvg,
  artistsById,
  favouriteArtistsOf,
  playsOf,
  searchArtists,
  tracksById,
  tracksOfArtist,
} from './catalogue';

export interface WebApiCall {
  /** The listener: the Spotify account id of the token's person. */
  listenerId: string;
  url: URL;
  nowMs: number;
  /** Where the sandbox serves artist images, e.g. http://localhost:3000/_sandbox/oauth/spotify/images. */
  imagesBase: string;
  /** The listener's whole history when a test scripted it (dispatch.ts `_control/plays`), newest first. */
  scriptedPlays?: readonly ScriptedPlay[];
}

/** A play a test scripted: any track, with its artists named (tracks of real exports are not in the catalogue). */
export interface ScriptedPlay {
  /** When the play ended, ms since epoch. */
  playedAt: number;
  track: { id: string; name: string; durationMs: number; artists: readonly { id: string; name: string }[] };
}

export interface WebApiReply {
  status: number;
  body: unknown;
}

const ok = (body: unknown): WebApiReply => ({ status: 200, body });
const error = (status: number, message: string): WebApiReply => ({
  status,
  body: { error: { status, message } },
});

/** How far back the sandbox remembers plays; Spotify itself returns at most the last 50. */
const historyWindowMs = 14 * 86_400_000;

/** Whether a Web API path is one of the listening calls below (checked before the token, for a clean 404). */
export function isSpotifyListeningPath(path: string): boolean {
  return (
    path === '/v1/me/player/recently-played' ||
    path === '/v1/me/top/artists' ||
    path === '/v1/me/top/tracks' ||
    path === '/v1/artists' ||
    path === '/v1/tracks' ||
    path === '/v1/search' ||
    /^\/v1\/artists\/[A-Za-z0-9]+\/top-tracks$/.test(path)
  );
}

export function serveListeningCall(method: string, path: string, call: WebApiCall): WebApiReply | null {
  if (method !== 'GET') return null;
  if (path === '/v1/me/player/recently-played') return recentlyPlayed(call);
  if (path === '/v1/me/top/artists') return topArtists(call);
  if (path === '/v1/me/top/tracks') return topTracks(call);
  if (path === '/v1/artists') return severalArtists(call);
  if (path === '/v1/tracks') return severalTracks(call);
  if (path === '/v1/search') return search(call);
  const topTracksOf = /^\/v1\/artists\/([A-Za-z0-9]+)\/top-tracks$/.exec(path);
  if (topTracksOf) return artistTopTracks(call, topTracksOf[1] ?? '');
  return null;
}

/** The image of an artist (`<id>.svg`), or null when there is no such artist. */
export function serveArtistImage(fileName: string): string | null {
  const artist = artistsById.get(fileName.replace(/\.svg$/, ''));
  return artist ? artistImageSvg(artist) : null;
}

function limitOf(url: URL, fallback: number, max: number): number | null {
  const raw = url.searchParams.get('limit');
  if (raw === null) return fallback;
  const limit = Number(raw);
  return Number.isInteger(limit) && limit >= 1 && limit <= max ? limit : null;
}

function recentlyPlayed(call: WebApiCall): WebApiReply {
  const limit = limitOf(call.url, 20, 50);
  if (limit === null) return error(400, 'Invalid limit');
  const after = call.url.searchParams.get('after');
  const before = call.url.searchParams.get('before');
  if (after !== null && before !== null) return error(400, 'Only one of after and before');
  const from = after !== null ? Number(after) : call.nowMs - historyWindowMs;
  const to = before !== null ? Number(before) - 1 : call.nowMs;
  if (!Number.isFinite(from) || !Number.isFinite(to)) return error(400, 'Invalid cursor');
  const [lower, upper] = [Math.max(from, call.nowMs - historyWindowMs), Math.min(to, call.nowMs)];
  const plays = call.scriptedPlays
    ? call.scriptedPlays
        .filter((play) => play.playedAt > lower && play.playedAt <= upper)
        .map((play) => ({ playedAt: play.playedAt, track: scriptedTrackObject(play.track) }))
    : playsOf(call.listenerId, lower, upper).map((play) => ({
        playedAt: play.playedAt,
        track: trackObject(play.track, call.imagesBase),
      }));
  const page = plays.slice(0, limit);
  const newest = page[0]?.playedAt;
  const oldest = page[page.length - 1]?.playedAt;
  const href = new URL(call.url.pathname, call.url.origin);
  return ok({
    href: href.toString(),
    items: page.map((play) => ({
      track: play.track,
      played_at: new Date(play.playedAt).toISOString(),
      context: null,
    })),
    limit,
    next:
      oldest !== undefined && plays.length > limit
        ? `${href.toString()}?before=${oldest}&limit=${limit}`
        : null,
    cursors: newest === undefined ? null : { after: String(newest), before: String(oldest) },
  });
}

function topArtists(call: WebApiCall): WebApiReply {
  const limit = limitOf(call.url, 20, 50);
  if (limit === null) return error(400, 'Invalid limit');
  const favourites = favouriteArtistsOf(call.listenerId);
  const items = favourites
    .slice(0, limit)
    .map((id) => artistsById.get(id))
    .filter((artist): artist is SandboxArtist => artist !== undefined)
    .map((artist) => artistObject(artist, call.imagesBase));
  return ok({ items, total: favourites.length, limit, offset: 0, next: null, previous: null });
}

function topTracks(call: WebApiCall): WebApiReply {
  const limit = limitOf(call.url, 20, 50);
  if (limit === null) return error(400, 'Invalid limit');
  const tracks = favouriteArtistsOf(call.listenerId).flatMap((id) => tracksOfArtist(id).slice(0, 2));
  return ok({
    items: tracks.slice(0, limit).map((track) => trackObject(track, call.imagesBase)),
    total: tracks.length,
    limit,
    offset: 0,
    next: null,
    previous: null,
  });
}

function severalArtists(call: WebApiCall): WebApiReply {
  const ids = (call.url.searchParams.get('ids') ?? '').split(',').filter(Boolean);
  if (ids.length === 0 || ids.length > 50) return error(400, 'Provide between 1 and 50 ids');
  // The artists of a listener's scripted plays are known by the name the script gave them.
  const scripted = new Map(
    (call.scriptedPlays ?? []).flatMap((play) =>
      play.track.artists.map((artist) => [artist.id, artist.name]),
    ),
  );
  return ok({
    artists: ids.map((id) => {
      const artist = artistsById.get(id);
      if (artist) return artistObject(artist, call.imagesBase);
      const name = scripted.get(id);
      return name === undefined
        ? null
        : artistObject(
            { id, name, popularity: 0, followers: 0, genres: [], markets: [], hue: 0 },
            call.imagesBase,
          );
    }),
  });
}

/** GET /v1/tracks?ids=: the catalogue's tracks (null for an unknown id, like Spotify), at most 50. */
function severalTracks(call: WebApiCall): WebApiReply {
  const ids = (call.url.searchParams.get('ids') ?? '').split(',').filter((id) => id.length > 0);
  if (ids.length === 0 || ids.length > 50) return error(400, 'Invalid ids');
  return ok({
    tracks: ids.map((id) => {
      const track = tracksById.get(id);
      return track ? trackObject(track, call.imagesBase) : null;
    }),
  });
}

/** The catalogue calls an app token (client credentials) may make; the others need a listener. */
export function isSpotifyCataloguePath(path: string): boolean {
  return (
    path === '/v1/search' ||
    path === '/v1/artists' ||
    path === '/v1/tracks' ||
    /^\/v1\/artists\/[A-Za-z0-9]+\/top-tracks$/.test(path)
  );
}

/** GET /v1/search: artists only (the one type OpenPie asks for), paged by limit and offset like Spotify. */
function search(call: WebApiCall): WebApiReply {
  const query = call.url.searchParams.get('q') ?? '';
  const types = (call.url.searchParams.get('type') ?? '').split(',');
  if (query.trim() === '') return error(400, 'No search query');
  if (!types.includes('artist')) return error(400, 'The sandbox searches artists only');
  const limit = limitOf(call.url, 20, 50);
  const offset = Number(call.url.searchParams.get('offset') ?? '0');
  if (limit === null || !Number.isInteger(offset) || offset < 0 || offset > 1000) {
    return error(400, 'Invalid limit or offset');
  }
  const found = searchArtists(query);
  const href = (at: number) =>
    `https://api.spotify.com/v1/search?${new URLSearchParams({ q: query, type: 'artist', offset: String(at), limit: String(limit) })}`;
  return ok({
    artists: {
      href: href(offset),
      items: found.slice(offset, offset + limit).map((artist) => artistObject(artist, call.imagesBase)),
      limit,
      next: offset + limit < found.length ? href(offset + limit) : null,
      offset,
      previous: offset > 0 ? href(Math.max(0, offset - limit)) : null,
      total: found.length,
    },
  });
}

function artistTopTracks(call: WebApiCall, id: string): WebApiReply {
  if (!artistsById.has(id)) return error(404, 'Non existing id');
  return ok({ tracks: tracksOfArtist(id).map((track) => trackObject(track, call.imagesBase)) });
}

function artistObject(artist: SandboxArtist, imagesBase: string) {
  return {
    external_urls: { spotify: `https://open.spotify.com/artist/${artist.id}` },
    followers: { href: null, total: artist.followers },
    genres: artist.genres,
    href: `https://api.spotify.com/v1/artists/${artist.id}`,
    id: artist.id,
    images: [{ url: `${imagesBase}/${artist.id}.svg`, height: 640, width: 640 }],
    name: artist.name,
    popularity: artist.popularity,
    type: 'artist',
    uri: `spotify:artist:${artist.id}`,
  };
}

/** An artist as a track names it, in the Web API's shape. */
function simplifiedArtistOf(id: string, name: string) {
  return {
    external_urls: { spotify: `https://open.spotify.com/artist/${id}` },
    href: `https://api.spotify.com/v1/artists/${id}`,
    id,
    name,
    type: 'artist',
    uri: `spotify:artist:${id}`,
  };
}

type SimplifiedArtist = ReturnType<typeof simplifiedArtistOf>;

function simplifiedArtist(id: string): SimplifiedArtist {
  return simplifiedArtistOf(id, artistsById.get(id)?.name ?? 'Unknown');
}

/** A track in the Web API's shape, on its album, by its artists. */
function webApiTrack(
  track: { id: string; name: string; durationMs: number },
  album: {
    id: string;
    name: string;
    images: { url: string; height: number; width: number }[];
    artists: SimplifiedArtist[];
  },
  artists: SimplifiedArtist[],
  popularity: number,
) {
  return {
    album: {
      album_type: 'album',
      artists: album.artists,
      id: album.id,
      images: album.images,
      name: album.name,
      type: 'album',
      uri: `spotify:album:${album.id}`,
    },
    artists,
    disc_number: 1,
    duration_ms: track.durationMs,
    explicit: false,
    external_urls: { spotify: `https://open.spotify.com/track/${track.id}` },
    href: `https://api.spotify.com/v1/tracks/${track.id}`,
    id: track.id,
    is_playable: true,
    name: track.name,
    popularity,
    track_number: 1,
    type: 'track',
    uri: `spotify:track:${track.id}`,
  };
}

function trackObject(track: SandboxTrack, imagesBase: string) {
  const main = track.artistIds[0] ?? '';
  return webApiTrack(
    track,
    {
      id: `album-${main}`,
      name: track.albumName,
      images: [{ url: `${imagesBase}/${main}.svg`, height: 640, width: 640 }],
      artists: [simplifiedArtist(main)],
    },
    track.artistIds.map(simplifiedArtist),
    artistsById.get(main)?.popularity ?? 0,
  );
}

/** A scripted play's track in the Web API's shape; its artists are named by the script, not the catalogue. */
function scriptedTrackObject(track: ScriptedPlay['track']) {
  const artists = track.artists.map((artist) => simplifiedArtistOf(artist.id, artist.name));
  return webApiTrack(
    track,
    { id: `album-${track.id}`, name: track.name, images: [], artists: artists.slice(0, 1) },
    artists,
    0,
  );
}
