// The catalogue calls' work, shared by the artist area's search and the fans' artist calls: the catalogue listing, a
// name search that asks Spotify when OpenPie knows too few artists, an artist's details with this month's listening
// fans, an artist's top tracks (kept a day in the table), and one fan's listening of one artist.
import type {
  ArtistDetails,
  ArtistSummary,
  ArtistTopTrack,
  CatalogueArtistsQuery,
  FanArtistDetails,
} from '../../contracts/artists';
import type { Pagination } from '../../contracts/envelope';
import {
  getCatalogueArtist,
  getCatalogueArtists,
  listCatalogueArtists,
  searchCatalogueArtists,
  upsertCatalogueArtists,
} from '../../data/catalogue/artists';
import { countMonthlyListeners } from '../../data/catalogue/monthly-listeners';
import { getCachedTopTracks, saveCachedTopTracks } from '../../data/catalogue/top-tracks';
import { getDailyListening } from '../../data/listening';
import type { TableRef } from '../../data/table';
import { firstDayOfPeriod, msPerDay, utcDateOf, utcMonthOf } from '../../domain/calendar';
import { AppError } from '../../domain/errors';
import {
  matchesNameSearch,
  mergeArtistMatches,
  planNameSearch,
} from '../../domain/listening/artist-name-search';
import { paginationOf, totalArtistListening } from '../../domain/listening/listening-reads';
import { listeningRetentionDays } from '../../domain/listening/retention';
import type { SpotifyWebApi } from '../../integrations/spotify/web-api';
import { SpotifyApiError } from '../../integrations/spotify/web-api';
import type { Clock } from '../../runtime/clock';
import { getClock } from '../../runtime/clock';
import type { Logger } from '../../runtime/logger';
import { getTable } from '../../runtime/table';
import { getSpotifyCatalogueApi, toArtistTopTrack, toCatalogueArtist } from './spotify-catalogue';

export interface ArtistCatalogueDependencies {
  table: TableRef;
  clock: Clock;
  /** Spotify's catalogue calls with OpenPie's own token, or null where Spotify is not configured. */
  spotify: () => Promise<Pick<SpotifyWebApi, 'searchArtists' | 'artistTopTracks'> | null>;
}

/** The deployment's table, the product clock and Spotify's catalogue (the sandbox locally). */
export function artistCatalogueDependencies(): ArtistCatalogueDependencies {
  return { table: getTable(), clock: getClock(), spotify: getSpotifyCatalogueApi };
}

/** How many artists one Spotify search brings into the catalogue. */
const spotifySearchSize = 20;
/** A kept copy of an artist's top tracks is fresh this long; older ones are used only when Spotify fails. */
const topTracksFreshMs = msPerDay;
/** The recent part of a fan's listening of one artist: the last 30 UTC days, today included. */
const recentListeningDays = 30;

const unknownArtist = () => new AppError('not_found', 'OpenPie does not know this artist.');

/** `GET /api/artists`: the catalogue by name (default) or popularity, or a name search, one page. */
export async function listArtists(
  { table }: ArtistCatalogueDependencies,
  query: CatalogueArtistsQuery,
): Promise<{ artists: ArtistSummary[]; pagination: Pagination }> {
  const { page, limit } = query;
  const found = query.search
    ? await searchCatalogueArtists(table, query.search, { page, limit })
    : await listCatalogueArtists(table, { page, limit, sort: query.sort, direction: query.direction });
  return { artists: found.artists, pagination: paginationOf(page, limit, found.total) };
}

/**
 * Name search over the catalogue. When the catalogue has fewer matches than a page, Spotify's search (OpenPie's
 * own token) is asked too and what it finds is added to the catalogue, so an artist no OpenPie fan plays yet can
 * still be found and claimed. Spotify failing leaves the catalogue's answer.
 */
export async function searchArtistsEverywhere(
  { table, clock, spotify }: ArtistCatalogueDependencies,
  term: string,
  { page, limit, log }: { page: number; limit: number; log: Logger },
): Promise<{ artists: ArtistSummary[]; pagination: Pagination }> {
  const fromCatalogue = await searchCatalogueArtists(table, term, { page, limit });
  const plan = planNameSearch(term);
  if (fromCatalogue.total >= limit || !plan) {
    return { artists: fromCatalogue.artists, pagination: paginationOf(page, limit, fromCatalogue.total) };
  }
  let found: ArtistSummary[] = [];
  try {
    const api = await spotify();
    const spotifyArtists = api ? await api.searchArtists(term, { limit: spotifySearchSize }) : [];
    const matching = spotifyArtists
      .map(toCatalogueArtist)
      .filter((artist) => matchesNameSearch(artist.name, plan));
    await upsertCatalogueArtists(table, matching, clock.now());
    found = await getCatalogueArtists(
      table,
      matching.map((artist) => artist.id),
    );
  } catch (error) {
    log.warn('spotify artist search failed; answering from the catalogue', {
      error: error instanceof Error ? error.message : String(error),
    });
  }
  // Fewer than a page: the catalogue's answer is every match it has, so the union is complete and sorted here.
  const everything =
    page === 1
      ? fromCatalogue.artists
      : (await searchCatalogueArtists(table, term, { page: 1, limit })).artists;
  const merged = mergeArtistMatches(everything, found);
  return {
    artists: merged.slice((page - 1) * limit, page * limit),
    pagination: paginationOf(page, limit, merged.length),
  };
}

/** The artist's public details, or a 404 for an artist the catalogue does not have. */
export async function readArtistDetails(
  { table, clock }: ArtistCatalogueDependencies,
  id: string,
): Promise<ArtistDetails> {
  const [artist, fansListeningThisMonth] = await Promise.all([
    getCatalogueArtist(table, id),
    countMonthlyListeners(table, id, utcMonthOf(clock.now())),
  ]);
  if (!artist) throw unknownArtist();
  return { ...artist, fansListeningThisMonth };
}

/**
 * An artist's top tracks from Spotify, kept a day in the table. An id Spotify does not know has none; Spotify
 * failing serves an older copy when one is kept, and otherwise says the tracks are unavailable for now.
 */
export async function readArtistTopTracks(
  { table, clock, spotify }: ArtistCatalogueDependencies,
  id: string,
  log: Logger,
): Promise<ArtistTopTrack[]> {
  if (!(await getCatalogueArtist(table, id))) throw unknownArtist();
  const now = clock.now();
  const kept = await getCachedTopTracks(table, id);
  if (kept && now.getTime() - Date.parse(kept.fetchedAt) < topTracksFreshMs) return kept.tracks;
  try {
    const api = await spotify();
    if (!api) return kept?.tracks ?? [];
    const tracks = (await api.artistTopTracks(id)).map(toArtistTopTrack);
    await saveCachedTopTracks(table, id, tracks, now);
    return tracks;
  } catch (error) {
    if (error instanceof SpotifyApiError && (error.status === 404 || error.status === 400)) return [];
    log.warn('spotify top tracks failed', { error: error instanceof Error ? error.message : String(error) });
    if (kept) return kept.tracks;
    throw new AppError('unavailable', 'Top tracks are unavailable right now. Try again later.');
  }
}

/** The artist as this fan sees them: details plus the fan's counted plays and time of them (30 days, all kept). */
export async function readFanArtistDetails(
  deps: ArtistCatalogueDependencies,
  fanId: string,
  id: string,
): Promise<FanArtistDetails> {
  const today = utcDateOf(deps.clock.now());
  const [artist, days] = await Promise.all([
    readArtistDetails(deps, id),
    getDailyListening(deps.table, fanId, firstDayOfPeriod(today, listeningRetentionDays), today),
  ]);
  const { recent, all } = totalArtistListening(days, id, firstDayOfPeriod(today, recentListeningDays));
  return { artist, listening: { last30Days: recent, allTime: all } };
}
