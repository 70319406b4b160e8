// GET /api/tracks/user/popular: the fan's most played tracks, a page at a time; each page's URL is its SWR key.
import useSWR from 'swr';
import type { TrackListening } from '@contracts/listening-reads';
import { apiClient } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';
import { toPageReply, type PageReply } from '../lib/page-reply';

/** Tracks per page of the most played tracks. */
export const popularTracksPageSize = 10;

function popularTracksQuery(page: number) {
  return { page: String(page), limit: String(popularTracksPageSize) };
}

export function popularTracksUrl(page: number): string {
  return apiPath('GET /api/tracks/user/popular', { query: popularTracksQuery(page) });
}

export async function fetchPopularTracks(page: number): Promise<PageReply<TrackListening>> {
  return toPageReply(
    await apiClient.call('GET /api/tracks/user/popular', { query: popularTracksQuery(page) }),
  );
}

/** The last page stays on screen while the next one loads. */
export function usePopularTracks(page: number) {
  return useSWR<PageReply<TrackListening>, unknown>(popularTracksUrl(page), () => fetchPopularTracks(page), {
    keepPreviousData: true,
  });
}
