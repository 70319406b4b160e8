// GET /api/for-artists/claims/{id}/stats: the artist screen's figures for one claimed artist.
import useSWR from 'swr';
import type { ArtistStatsReply } from '@contracts/give-back';
import { apiClient } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';
import { retryServerFailures } from '../../../lib/retry-server-failures';

export function artistStatsUrl(claimId: string): string {
  return apiPath('GET /api/for-artists/claims/{id}/stats', { params: { id: claimId } });
}

/** A claim that is not there or not the caller's (4xx) stays so; only a server failure is retried. */
export function useArtistStats(claimId: string) {
  return useSWR<ArtistStatsReply, unknown>(
    artistStatsUrl(claimId),
    () => apiClient.call('GET /api/for-artists/claims/{id}/stats', { params: { id: claimId } }),
    retryServerFailures,
  );
}
