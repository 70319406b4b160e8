// The listening reads the history screen shows (functions/contracts/listening-reads.ts and listening.ts): each URL
// is also the SWR key of its reply, so pages and searches are cached one by one.
import type { Pagination } from '@contracts/envelope';
import type { DailyListeningReply } from '@contracts/listening';
import type { ArtistListening, FanArtistSort, LatestPlay, TrackListening } from '@contracts/listening-reads';
import { apiClient } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';

/** Plays per page of the latest plays. */
export const latestPlaysPageSize = 20;
/** Tracks per page of the most played tracks. */
export const popularTracksPageSize = 10;
/** Artists per page of the artists list. */
export const listenedArtistsPageSize = 20;

export interface PageReply<T> {
  items: T[];
  pagination: Pagination;
}

export function latestPlaysUrl(page: number): string {
  return apiPath('GET /api/tracks/user/latest', { query: { page, limit: latestPlaysPageSize } });
}

export function popularTracksUrl(page: number): string {
  return apiPath('GET /api/tracks/user/popular', { query: { page, limit: popularTracksPageSize } });
}

export interface ListenedArtistsFilter {
  page: number;
  search: string;
  sortBy: FanArtistSort;
}

export function listenedArtistsUrl({ page, search, sortBy }: ListenedArtistsFilter): string {
  const trimmed = search.trim();
  return apiPath('GET /api/artists/user', {
    query: {
      page,
      search: trimmed === '' ? undefined : trimmed,
      sortBy,
      itemsPerPage: listenedArtistsPageSize,
    },
  });
}

export function dailyListeningUrl(startDate: string, endDate: string): string {
  return apiPath('GET /api/tracks/user/daily', { query: { startDate, endDate } });
}

/** A paginated reply: the items, and the pagination the server counted (one page when it sent none). */
async function fetchPage<T>(url: string): Promise<PageReply<T>> {
  const reply = await apiClient.send<T[]>(url);
  return {
    items: reply.data,
    pagination: reply.pagination ?? { page: 1, limit: reply.data.length, total: reply.data.length, pages: 1 },
  };
}

export const fetchLatestPlays = (url: string) => fetchPage<LatestPlay>(url);
export const fetchPopularTracks = (url: string) => fetchPage<TrackListening>(url);
export const fetchListenedArtists = (url: string) => fetchPage<ArtistListening>(url);
export const fetchDailyListening = (url: string) => apiClient.get<DailyListeningReply>(url);
