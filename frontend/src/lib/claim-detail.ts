// GET /api/for-artists/claims/{id}/detailed: one claim with its artist, office and verification, as the claim screen
// and the verification result pages share it: one SWR key, so a verification refreshes the claim screen.
import useSWR from 'swr';
import type { ClaimDetailReply } from '@contracts/claims';
import { apiClient } from './api-client';
import { apiPath } from './api-path';
import { retryServerFailures } from './retry-server-failures';

export function claimDetailUrl(claimId: string): string {
  return apiPath('GET /api/for-artists/claims/{id}/detailed', { params: { id: claimId } });
}

/**
 * A claim that is not there (404) or not the caller's stays so: only a server failure is worth retrying. No call
 * while the claim is unknown.
 */
export function useClaimDetail(claimId: string | null) {
  return useSWR<ClaimDetailReply, unknown>(
    claimId ? claimDetailUrl(claimId) : null,
    () => apiClient.call('GET /api/for-artists/claims/{id}/detailed', { params: { id: claimId ?? '' } }),
    retryServerFailures,
  );
}
