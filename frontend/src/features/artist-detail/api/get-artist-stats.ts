// The artist screen's call: GET /api/for-artists/claims/{id}/stats.
import useSWR from 'swr';
import type { ArtistStatsReply } from '@contracts/give-back';
import { apiClient, isApiError } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';

export function useArtistStats(claimId: string) {
  return useSWR<ArtistStatsReply, unknown>(
    apiPath('GET /api/for-artists/claims/{id}/stats', { params: { id: claimId } }),
    (url: string) => apiClient.get<ArtistStatsReply>(url),
    { shouldRetryOnError: (error) => !(isApiError(error) && error.status < 500) },
  );
}
