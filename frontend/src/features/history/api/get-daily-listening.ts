// GET /api/tracks/user/daily: the fan's listening day by day from `startDate` to `endDate` (UTC days); the URL is
// its SWR key.
import useSWR from 'swr';
import type { DailyListeningReply } from '@contracts/listening';
import { apiClient } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';

export function dailyListeningUrl(startDate: string, endDate: string): string {
  return apiPath('GET /api/tracks/user/daily', { query: { startDate, endDate } });
}

export const fetchDailyListening = (startDate: string, endDate: string) =>
  apiClient.call('GET /api/tracks/user/daily', { query: { startDate, endDate } });

export function useDailyListening(startDate: string, endDate: string) {
  return useSWR<DailyListeningReply, unknown>(dailyListeningUrl(startDate, endDate), () =>
    fetchDailyListening(startDate, endDate),
  );
}
