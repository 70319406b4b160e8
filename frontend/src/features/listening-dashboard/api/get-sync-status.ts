// GET /api/tracks/user/latestFetchedDate: how the fan's Spotify sync stands (its newest play and when it last ran);
// the URL is its SWR key.
import useSWR from 'swr';
import type { LatestFetchedDate } from '@contracts/spotify-sync';
import { apiClient } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';

export const syncStatusUrl = apiPath('GET /api/tracks/user/latestFetchedDate');

export const fetchSyncStatus = () => apiClient.call('GET /api/tracks/user/latestFetchedDate');

export function useSyncStatus() {
  return useSWR<LatestFetchedDate, unknown>(syncStatusUrl, fetchSyncStatus);
}
