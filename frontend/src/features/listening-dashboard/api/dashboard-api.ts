// The calls the dashboard makes: how the Spotify sync stands, this period's listening, and "Sync now". Each URL is
// also the SWR key of its reply.
import type { DailyListeningReply } from '@contracts/listening';
import type { LatestFetchedDate, SpotifySyncResult } from '@contracts/spotify-sync';
import { apiClient } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';

export const syncStatusUrl = apiPath('GET /api/tracks/user/latestFetchedDate');

export function periodListeningUrl(startDate: string, endDate: string): string {
  return apiPath('GET /api/tracks/user/daily', { query: { startDate, endDate } });
}

export const fetchSyncStatus = (url: string) => apiClient.get<LatestFetchedDate>(url);
export const fetchPeriodListening = (url: string) => apiClient.get<DailyListeningReply>(url);

/** Reads the fan's newest plays from Spotify now. */
export function syncNow(): Promise<SpotifySyncResult> {
  return apiClient.get<SpotifySyncResult>(apiPath('GET /api/tracks/user/fetchLatestFromSpotify'));
}
