// GET /api/tracks/user/daily: the fan's listening day by day from `startDate` to `endDate` (UTC days); the URL is its
// SWR key. Shared (lib/, not a feature) because the history and the listening dashboard both chart it.
import useSWR from 'swr';
import type { DailyListeningReply } from '@contracts/listening';
import { apiClient } from '../api-client';
import { apiPath } from '../api-path';

function dailyListeningUrl(startDate: string, endDate: string): string {
  return apiPath('GET /api/tracks/user/daily', { query: { startDate, endDate } });
}

const fetchDailyListening = (startDate: string, endDate: string) =>
  apiClient.call('GET /api/tracks/user/daily', { query: { startDate, endDate } });

export function useDailyListening(startDate: string, endDate: string) {
  return useSWR<DailyListeningReply, unknown>(dailyListeningUrl(startDate, endDate), () =>
    fetchDailyListening(startDate, endDate),
  );
}
