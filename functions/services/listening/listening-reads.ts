// The fan's listening reading calls (docs/decisions/010-listening-reads.md), behind the fan-tracks and
// fan-artists handlers: who may read whose listening, and the reads behind each call. Periods end today by the
// product clock.
import type { Pagination } from '../../contracts/envelope';
import type { DailyListeningReply } from '../../contracts/listening';
import type {
  ArtistListening,
  FanArtistsQuery,
  LatestPlay,
  PopularTracksQuery,
  RecentArtist,
  TopListQuery,
  TrackListening,
} from '../../contracts/listening-reads';
import type { LatestFetchedDate } from '../../contracts/spotify-sync';
import { getAccount } from '../../data/accounts';
import { getCatalogueArtists } from '../../data/catalogue/artists';
import { getFanProfile } from '../../data/fan-profiles';
import { getDailyListening } from '../../data/listening';
import { getDailyTrackListening, listDayPlayCounts, listPlaysNewestFirst } from '../../data/listening-reads';
import { readLatestFetchedDate as readSyncStatus } from '../../data/spotify-sync';
import type { TableRef } from '../../data/table';
import { firstDayOfPeriod, utcDateOf } from '../../domain/calendar';
import { AppError } from '../../domain/errors';
import {
  filterArtistsByName,
  isCountedListening,
  listRecentArtists,
  locatePlayOffset,
  pageOf,
  paginationOf,
  sortArtists,
  sumArtistDays,
  sumTrackDays,
} from '../../domain/listening/listening-reads';
import { canSeeFan } from '../../domain/listening/visibility';
import type { Clock } from '../../runtime/clock';
import { getClock } from '../../runtime/clock';
import { getTable } from '../../runtime/table';

export interface ListeningReadsDependencies {
  table: TableRef;
  clock: Clock;
}

/** The deployment's table and the product clock. */
export function listeningReadsDependencies(): ListeningReadsDependencies {
  return { table: getTable(), clock: getClock() };
}

/** Plays read at most to find the recently listened artists. */
const recentArtistsPlayBudget = 300;

const notFound = () =>
  new AppError('not_found', 'There is no fan with this id, or their listening is private.');

/**
 * Refuses with 404 unless `viewerId` may read the listening of `fanId` (`canSeeFan`). A signed-in fan's own account
 * is active, so reading one's own listening needs no read.
 */
export async function assertCanSeeListening(
  { table }: ListeningReadsDependencies,
  viewerId: string,
  fanId: string,
): Promise<void> {
  if (viewerId === fanId) return;
  const [account, profile] = await Promise.all([
    getAccount(table, 'fan', fanId),
    getFanProfile(table, fanId),
  ]);
  const seen = { id: fanId, active: account?.status === 'active', visibility: profile.visibility };
  if (!canSeeFan(viewerId, seen)) throw notFound();
}

/** `GET /tracks/user/latest`: one numbered page of the fan's stored plays, newest first, the total from the day counts. */
export async function readLatestPlays(
  { table }: ListeningReadsDependencies,
  fanId: string,
  { page, limit }: { page: number; limit: number },
): Promise<{ plays: LatestPlay[]; pagination: Pagination }> {
  const days = await listDayPlayCounts(table, fanId);
  const total = days.reduce((sum, day) => sum + day.storedPlays, 0);
  const pagination = paginationOf(page, limit, total);
  const start = locatePlayOffset(days, (page - 1) * limit);
  if (!start) return { plays: [], pagination };
  const read = await listPlaysNewestFirst(table, fanId, start.skip + limit, start.date);
  const plays = read.slice(start.skip).map((play) => ({ ...play, counted: isCountedListening(play) }));
  return { plays, pagination };
}

/** The fan's day totals over the last `days` days, today included, read by `readDays` and summed by `sum`. */
async function sumLastDays<Day, Entry>(
  { table, clock }: ListeningReadsDependencies,
  fanId: string,
  days: number,
  readDays: (table: TableRef, fanId: string, from: string, to: string) => Promise<Day[]>,
  sum: (days: Day[]) => Entry[],
): Promise<Entry[]> {
  const today = utcDateOf(clock.now());
  return sum(await readDays(table, fanId, firstDayOfPeriod(today, days), today));
}

/** Tracks by counted plays over the last `days` days, today included. */
const readTrackListening = (deps: ListeningReadsDependencies, fanId: string, days: number) =>
  sumLastDays(deps, fanId, days, getDailyTrackListening, sumTrackDays);

/** `GET /tracks/user/popular`: the fan's own tracks of the period, most played first, one page. */
export async function readPopularTracks(
  deps: ListeningReadsDependencies,
  fanId: string,
  query: PopularTracksQuery,
): Promise<{ tracks: TrackListening[]; pagination: Pagination }> {
  const { items, pagination } = pageOf(
    await readTrackListening(deps, fanId, query.days),
    query.page,
    query.limit,
  );
  return { tracks: items, pagination };
}

/** `GET /tracks/user/{id}/top`: a fan's most played tracks, as the viewer may see them. */
export async function readTopTracksOf(
  deps: ListeningReadsDependencies,
  viewerId: string,
  fanId: string,
  query: TopListQuery,
): Promise<TrackListening[]> {
  await assertCanSeeListening(deps, viewerId, fanId);
  return (await readTrackListening(deps, fanId, query.days)).slice(0, query.limit);
}

/** Artists by counted listening over the last `days` days, today included. */
const readArtistListening = (deps: ListeningReadsDependencies, fanId: string, days: number) =>
  sumLastDays(deps, fanId, days, getDailyListening, sumArtistDays);

/** `GET /artists/user`: searched, sorted, one page, and only that page's artists looked up in the catalogue. */
export async function readFanArtists(
  deps: ListeningReadsDependencies,
  fanId: string,
  query: FanArtistsQuery,
): Promise<{ artists: ArtistListening[]; pagination: Pagination }> {
  const listed = sortArtists(
    filterArtistsByName(await readArtistListening(deps, fanId, query.days), query.search),
    query.sortBy,
  );
  const { items, pagination } = pageOf(listed, query.page, query.itemsPerPage);
  return { artists: await attachCatalogueArtists(deps.table, items), pagination };
}

/** `GET /artists/user/{id}/top`: a fan's most listened artists, as the viewer may see them. */
export async function readTopArtistsOf(
  deps: ListeningReadsDependencies,
  viewerId: string,
  fanId: string,
  query: TopListQuery,
): Promise<ArtistListening[]> {
  await assertCanSeeListening(deps, viewerId, fanId);
  const artists = await readArtistListening(deps, fanId, query.days);
  return attachCatalogueArtists(deps.table, artists.slice(0, query.limit));
}

/** `GET /artists/recent-listened[/{userId}]`: the distinct artists of a fan's latest counted plays, latest first. */
export async function readRecentArtistsOf(
  deps: ListeningReadsDependencies,
  viewerId: string,
  fanId: string,
  limit: number,
): Promise<RecentArtist[]> {
  await assertCanSeeListening(deps, viewerId, fanId);
  const plays = await listPlaysNewestFirst(deps.table, fanId, recentArtistsPlayBudget);
  return attachCatalogueArtists(deps.table, listRecentArtists(plays, limit));
}

/** `GET /tracks/user/daily`: the fan's day totals between two UTC dates, inclusive. */
export async function readDailyListening(
  { table }: ListeningReadsDependencies,
  fanId: string,
  { startDate, endDate }: { startDate: string; endDate: string },
): Promise<DailyListeningReply> {
  return getDailyListening(table, fanId, startDate, endDate);
}

/** `GET /tracks/user/latestFetchedDate`: when the fan's listening was last synced, and whether Spotify is connected. */
export async function readLatestFetchedDate(
  { table }: ListeningReadsDependencies,
  fanId: string,
): Promise<LatestFetchedDate> {
  return readSyncStatus(table, fanId);
}

/** Adds the catalogue entry of each artist known by id (artists known only by name keep none). */
async function attachCatalogueArtists<T extends { artistId?: string }>(
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
