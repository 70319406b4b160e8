// GET /api/pie/{pieId}/realtime-stats: the live split of a pie (what each artist would get now), with a what-if of
// the settings that is never saved.
import useSWR from 'swr';
import type { RouteQuery } from '@contracts/api/index';
import type { RealtimeStats } from '@contracts/pie';
import { apiClient, type ApiClient } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';
import { withPrefetchedReply } from '../../../lib/first-screen-data';

export interface PieWhatIf {
  limit: number;
  artistPopularity: number;
  excludeNonActive: boolean;
}

type RealtimeStatsQuery = RouteQuery<'GET /api/pie/{pieId}/realtime-stats'>;

/** The query of a preview: none for the saved settings, the what-if's three settings otherwise. */
function realtimeStatsQuery(whatIf?: PieWhatIf): RealtimeStatsQuery {
  if (!whatIf) return {};
  return {
    limit: String(whatIf.limit),
    artistPopularity: String(whatIf.artistPopularity),
    excludeNonActive: whatIf.excludeNonActive ? 'true' : 'false',
  };
}

/** The forecast of a pie with no listening of its own: its split of the fan's last 30 days. */
const forecastQuery: RealtimeStatsQuery = { forecast: 'last-30-days' };

export function realtimeStatsUrl(pieId: string, whatIf?: PieWhatIf): string {
  return apiPath('GET /api/pie/{pieId}/realtime-stats', {
    params: { pieId },
    query: realtimeStatsQuery(whatIf),
  });
}

export function forecastStatsUrl(pieId: string): string {
  return apiPath('GET /api/pie/{pieId}/realtime-stats', { params: { pieId }, query: forecastQuery });
}

function fetchRealtimeStats(
  pieId: string,
  query: RealtimeStatsQuery,
  client: ApiClient = apiClient,
): Promise<RealtimeStats> {
  return client.call('GET /api/pie/{pieId}/realtime-stats', { params: { pieId }, query });
}

/** The preview with the saved settings, the one /pie shows first (asked early by app/first-screen-data.ts). */
export function fetchLiveStats(pieId: string, client: ApiClient = apiClient): Promise<RealtimeStats> {
  return fetchRealtimeStats(pieId, realtimeStatsQuery(), client);
}

/** The forecast, asked only while `pieId` is set (the screen sets it while the pie has no listening yet). */
export function useForecastStats(pieId: string | null) {
  return useSWR<RealtimeStats, unknown>(
    pieId ? forecastStatsUrl(pieId) : null,
    pieId ? () => fetchRealtimeStats(pieId, forecastQuery) : null,
    { revalidateOnFocus: false },
  );
}

export interface RealtimeStatsOptions {
  /** Milliseconds between refreshes while the screen is open; 0 for none. */
  refreshInterval?: number;
}

/** The pie's preview with its saved settings, or with `whatIf` over them; no call while `pieId` is null. */
export function useRealtimeStats(
  pieId: string | null,
  whatIf?: PieWhatIf,
  { refreshInterval = 0 }: RealtimeStatsOptions = {},
) {
  return useSWR<RealtimeStats, unknown>(
    pieId ? realtimeStatsUrl(pieId, whatIf) : null,
    pieId
      ? withPrefetchedReply(realtimeStatsUrl(pieId, whatIf), () =>
          fetchRealtimeStats(pieId, realtimeStatsQuery(whatIf)),
        )
      : null,
    {
      refreshInterval,
      revalidateOnFocus: true,
      // A what-if keeps the last preview on screen while the next one loads, so moving a slider does not flicker.
      keepPreviousData: true,
    },
  );
}
