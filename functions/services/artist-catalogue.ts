// The catalogue calls' work, shared by the artist area's search and the fans' artist calls: a name search that asks
// Spotify when OpenPie knows too few artists, an artist's details with this month's listening fans, an artist's top
// tracks (kept a day in the table), and one fan's listening of one artist.
import type { Pagination } from '../contracts/envelope';
import type {
  ArtistDetails,
  ArtistSummary,
  ArtistTopTrack,
  FanArtistDetails,
  ListeningTotals,
} from '../contracts/artists';
import {
  countMonthlyListeners,
  getCachedTopTracks,
  getCatalogueArtist,
  getCatalogueArtists,
  saveCachedTopTracks,
  searchCatalogueArtists,
  upsertCatalogueArtists,
} from '../data/catalogue';
import { getDailyListening, listeningRetentionDays } from '../data/listening';
import type { TableRef } from '../data/table';
import { matchesNameSearch, planNameSearch } from '../domain/listening/artist-name-search';
import { AppError } from '../domain/errors';
import { SpotifyApiError } from '../integrations/spotify/web-api';
import type { Logger } from '../runtime/logger';
import { getSpotifyCatalogueApi, toArtistTopTrack, toCatalogueArtist } from './spotify-catalogue';

/** How many artists one Spotify search brings into the catalogue. */
const spotifySearchSize = 20;
/** A kept copy of an artist's top tracks is fresh this long; older ones are used only when Spotify fails. */
const topTracksFreshMs = 24 * 3_600_000;

export function paginationOf(page: number, limit: number, total: number): Pagination {
  return { page, limit, total, pages: Math.ceil(total / limit) };
}

/**
 * Name search over the catalogue. When the catalogue has fewer matches than a page, Spotify's search (OpenPie's
 * own token) is asked too and what it finds is added to the catalogue, so an artist no OpenPie fan plays yet can
 * still be found and claimed. Spotify failing leaves the catalogue's answer.
 */
export async function searchArtistsEverywhere(
  table: TableRef,
  term: string,
  { page, limit, now, log }: { page: number; limit: number; now: Date; log: Logger },
): Promise<{ artists: ArtistSummary[]; pagination: Pagination }> {
  const fromCatalogue = await searchCatalogueArtists(table, term, { page, limit });
  const plan = planNameSearch(term);
  if (fromCatalogue.total >= limit || !plan) {
    return { artists: fromCatalogue.artists, pagination: paginationOf(page, limit, fromCatalogue.total) };
  }
  let found: ArtistSummary[] = [];
  try {
    const api = await getSpotifyCatalogueApi();
    const spotifyArtists = api ? await api.searchArtists(term, { limit: spotifySearchSize }) : [];
    const matching = spotifyArtists
      .map(toCatalogueArtist)
      .filter((artist) => matchesNameSearch(artist.name, plan));
    await upsertCatalogueArtists(table, matching, now);
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
  const byId = new Map([...everything, ...found].map((artist) => [artist.id, artist]));
  const merged = [...byId.values()].sort(
    (a, b) => (b.popularity ?? 0) - (a.popularity ?? 0) || a.name.localeCompare(b.name),
  );
  return {
    artists: merged.slice((page - 1) * limit, page * limit),
    pagination: paginationOf(page, limit, merged.length),
  };
}

/** The artist's public details, or a 404 for an artist the catalogue does not have. */
export async function readArtistDetails(table: TableRef, id: string, now: Date): Promise<ArtistDetails> {
  const [artist, fansListeningThisMonth] = await Promise.all([
    getCatalogueArtist(table, id),
    countMonthlyListeners(table, id, now.toISOString().slice(0, 7)),
  ]);
  if (!artist) throw new AppError('not_found', 'OpenPie does not know this artist.');
  return { ...artist, fansListeningThisMonth };
}

/**
 * An artist's top tracks from Spotify, kept a day in the table. An id Spotify does not know has none; Spotify
 * failing serves an older copy when one is kept, and otherwise says the tracks are unavailable for now.
 */
export async function readArtistTopTracks(
  table: TableRef,
  id: string,
  { now, log }: { now: Date; log: Logger },
): Promise<ArtistTopTrack[]> {
  if (!(await getCatalogueArtist(table, id)))
    throw new AppError('not_found', 'OpenPie does not know this artist.');
  const kept = await getCachedTopTracks<ArtistTopTrack>(table, id);
  if (kept && now.getTime() - Date.parse(kept.fetchedAt) < topTracksFreshMs) return kept.tracks;
  try {
    const api = await getSpotifyCatalogueApi();
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
  table: TableRef,
  fanId: string,
  id: string,
  now: Date,
): Promise<FanArtistDetails> {
  const today = now.toISOString().slice(0, 10);
  const daysBefore = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString().slice(0, 10);
  const last30From = daysBefore(29);
  const [artist, days] = await Promise.all([
    readArtistDetails(table, id, now),
    getDailyListening(table, fanId, daysBefore(listeningRetentionDays - 1), today),
  ]);
  const last30Days: ListeningTotals = { plays: 0, msPlayed: 0 };
  const allTime: ListeningTotals = { plays: 0, msPlayed: 0 };
  for (const day of days) {
    for (const entry of day.artists) {
      if (entry.artistId !== id) continue;
      allTime.plays += entry.plays;
      allTime.msPlayed += entry.msPlayed;
      if (day.date >= last30From) {
        last30Days.plays += entry.plays;
        last30Days.msPlayed += entry.msPlayed;
      }
    }
  }
  return { artist, listening: { last30Days, allTime } };
}
