// GET /api/artists/user: the artists the fan listened to, searched and sorted, a page at a time; each page and
// search has its own URL, which is its SWR key.
import useSWR from 'swr';
import type { ArtistListening, FanArtistSort } from '@contracts/listening-reads';
import { apiClient } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';
import { toPageReply, type PageReply } from '../lib/page-reply';

/** Artists per page of the artists list. */
export const listenedArtistsPageSize = 20;

export interface ListenedArtistsFilter {
  page: number;
  search: string;
  sortBy: FanArtistSort;
}

/** An empty search is left out of the query. */
function listenedArtistsQuery({ page, search, sortBy }: ListenedArtistsFilter) {
  const trimmed = search.trim();
  return {
    page: String(page),
    search: trimmed === '' ? undefined : trimmed,
    sortBy,
    itemsPerPage: String(listenedArtistsPageSize),
  };
}

export function listenedArtistsUrl(filter: ListenedArtistsFilter): string {
  return apiPath('GET /api/artists/user', { query: listenedArtistsQuery(filter) });
}

export async function fetchListenedArtists(
  filter: ListenedArtistsFilter,
): Promise<PageReply<ArtistListening>> {
  return toPageReply(await apiClient.call('GET /api/artists/user', { query: listenedArtistsQuery(filter) }));
}

/** The last page stays on screen while the next one, or the next search, loads. */
export function useListenedArtists(filter: ListenedArtistsFilter) {
  return useSWR<PageReply<ArtistListening>, unknown>(
    listenedArtistsUrl(filter),
    () => fetchListenedArtists(filter),
    { keepPreviousData: true },
  );
}
