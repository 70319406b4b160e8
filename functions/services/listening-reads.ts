// The fan's listening reading calls (issue #5), shared by the fan-tracks and fan-artists handlers: who may read whose
// listening, and the reads behind each call.
import type { Pagination } from '../contracts/envelope';
import type {
  ArtistListening,
  FanArtistSort,
  LatestPlay,
  RecentArtist,
  TrackListening,
} from '../contracts/listening-reads';
import { getAccount } from '../data/accounts';
import { getCatalogueArtists } from '../data/catalogue';
import { getFanProfile } from '../data/fan-profiles';
import { getDailyListening } from '../data/listening';
import { getDailyTrackListening, listDayPlayCounts, listPlaysNewestFirst } from '../data/listening-reads';
import type { TableRef } from '../data/table';
import { AppError } from '../domain/errors';
import type { ArtistListingEntry } from '../domain/listening/listening-reads';
import {
  filterArtistsByName,
  isCountedListening,
  listRecentArtists,
  locatePlayOffset,
  pageOf,
  periodStartOf,
  sortArtists,
  sumArtistDays,
  sumTrackDays,
} from '../domain/listening/listening-reads';
import { canSeeListeningOf } from '../domain/listening/visibility';

/** Plays read at most to find the recently listened artists. */
const recentArtistsPlayBudget = 300;

const notFound = () =>
  new AppError('not_found', 'There is no fan with this id, or their listening is private.');

/**
 * Refuses with 404 unless `viewerId` may read the listening of `ownerId`: themselves, or a fan whose visibility
 * lets other fans see it. An unknown, deleted or private fan looks the same, so a refusal reveals nothing.
 */
export async function assertCanSeeListening(
  table: TableRef,
  viewerId: string,
  ownerId: string,
): Promise<void> {
  if (viewerId === ownerId) return;
  const [account, profile] = await Promise.all([
    getAccount(table, 'fan', ownerId),
    getFanProfile(table, ownerId),
  ]);
  if (!account || account.status !== 'active') throw notFound();
  if (!canSeeListeningOf(viewerId, ownerId, profile.visibility)) throw notFound();
}

const todayOf = (now: Date) => now.toISOString().slice(0, 10);

/** The fan's stored plays, newest first, one numbered page of them, with the total from the per-day counts. */
export async function readLatestPlays(
  table: TableRef,
  fanId: string,
  page: number,
  limit: number,
): Promise<{ plays: LatestPlay[]; pagination: Pagination }> {
  const days = await listDayPlayCounts(table, fanId);
  const total = days.reduce((sum, day) => sum + day.storedPlays, 0);
  const pagination = { page, limit, total, pages: Math.ceil(total / limit) };
  const start = locatePlayOffset(days, (page - 1) * limit);
  if (!start) return { plays: [], pagination };
  const read = await listPlaysNewestFirst(table, fanId, start.skip + limit, start.date);
  const plays = read.slice(start.skip).map((play) => ({ ...play, counted: isCountedListening(play) }));
  return { plays, pagination };
}

/** Tracks by counted plays over the last `days` days, today included. */
export async function readTrackListening(
  table: TableRef,
  fanId: string,
  days: number,
  now: Date,
): Promise<TrackListening[]> {
  const today = todayOf(now);
  return sumTrackDays(await getDailyTrackListening(table, fanId, periodStartOf(today, days), today));
}

/** Artists by counted listening over the last `days` days, today included, with their catalogue entry. */
export async function readArtistListening(
  table: TableRef,
  fanId: string,
  days: number,
  now: Date,
): Promise<ArtistListingEntry[]> {
  const today = todayOf(now);
  return sumArtistDays(await getDailyListening(table, fanId, periodStartOf(today, days), today));
}

export interface FanArtistsRequest {
  page: number;
  itemsPerPage: number;
  sortBy: FanArtistSort;
  search?: string | undefined;
  days: number;
}

/** `GET /artists/user`: searched, sorted, one page, and only that page's artists looked up in the catalogue. */
export async function readFanArtists(
  table: TableRef,
  fanId: string,
  request: FanArtistsRequest,
  now: Date,
): Promise<{ artists: ArtistListening[]; pagination: Pagination }> {
  const listed = sortArtists(
    filterArtistsByName(await readArtistListening(table, fanId, request.days, now), request.search),
    request.sortBy,
  );
  const { items, pagination } = pageOf(listed, request.page, request.itemsPerPage);
  return { artists: await attachCatalogueArtists(table, items), pagination };
}

/** The distinct artists of the fan's latest counted plays, latest first. */
export async function readRecentArtists(
  table: TableRef,
  fanId: string,
  limit: number,
): Promise<RecentArtist[]> {
  const plays = await listPlaysNewestFirst(table, fanId, recentArtistsPlayBudget);
  return attachCatalogueArtists(table, listRecentArtists(plays, limit));
}

/** Adds the catalogue entry of each artist known by id (artists known only by name keep none). */
export async function attachCatalogueArtists<T extends { artistId?: string }>(
  table: TableRef,
  artists: readonly T[],
): Promise<(T & Pick<ArtistListening, 'artist'>)[]> {
  const ids = artists.flatMap((artist) => (artist.artistId ? [artist.artistId] : []));
  if (ids.length === 0) return [...artists];
  const found = new Map((await getCatalogueArtists(table, ids)).map((artist) => [artist.id, artist]));
  return artists.map((entry) => {
    const artist = entry.artistId ? found.get(entry.artistId) : undefined;
    return artist ? { ...entry, artist } : entry;
  });
}
