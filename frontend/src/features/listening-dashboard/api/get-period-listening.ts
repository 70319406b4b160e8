// GET /api/tracks/user/daily: the fan's listening day by day over the dashboard's period; the URL is its SWR key.
import useSWR from 'swr';
import type { DailyListeningReply } from '@contracts/listening';
import { apiClient } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';

export function periodListeningUrl(startDate: string, endDate: string): string {
  return apiPath('GET /api/tracks/user/daily', { query: { startDate, endDate } });
}

export const fetchPeriodListening = (startDate: string, endDate: string) =>
  apiClient.call('GET /api/tracks/user/daily', { query: { startDate, endDate } });

export function usePeriodListening(startDate: string, endDate: string) {
  return useSWR<DailyListeningReply, unknown>(periodListeningUrl(startDate, endDate), () =>
    fetchPeriodListening(startDate, endDate),
  );
}
