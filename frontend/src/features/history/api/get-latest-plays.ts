// GET /api/tracks/user/latest: the fan's latest plays, a page at a time; each page's URL is its SWR key.
import useSWR from 'swr';
import type { LatestPlay } from '@contracts/listening-reads';
import { apiClient } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';
import { toPageReply, type PageReply } from '../lib/page-reply';

/** Plays per page of the latest plays. */
export const latestPlaysPageSize = 20;

function latestPlaysQuery(page: number) {
  return { page: String(page), limit: String(latestPlaysPageSize) };
}

export function latestPlaysUrl(page: number): string {
  return apiPath('GET /api/tracks/user/latest', { query: latestPlaysQuery(page) });
}

export async function fetchLatestPlays(page: number): Promise<PageReply<LatestPlay>> {
  return toPageReply(await apiClient.call('GET /api/tracks/user/latest', { query: latestPlaysQuery(page) }));
}

/** The last page stays on screen while the next one loads. */
export function useLatestPlays(page: number) {
  return useSWR<PageReply<LatestPlay>, unknown>(latestPlaysUrl(page), () => fetchLatestPlays(page), {
    keepPreviousData: true,
  });
}
