// GET /api/for-artists/claims/{id}/detailed: the claim the verification result pages speak of.
import useSWR, { useSWRConfig } from 'swr';
import type { ClaimDetailReply } from '@contracts/claims';
import { apiClient } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';
import { retryServerFailures } from '../../../lib/retry-server-failures';

/** The same key as the claim screen's, so a verification refreshes it. */
export function claimDetailUrl(claimId: string): string {
  return apiPath('GET /api/for-artists/claims/{id}/detailed', { params: { id: claimId } });
}

export function useVerifiedClaim(claimId: string | null) {
  return useSWR<ClaimDetailReply, unknown>(
    claimId ? claimDetailUrl(claimId) : null,
    () => apiClient.call('GET /api/for-artists/claims/{id}/detailed', { params: { id: claimId ?? '' } }),
    retryServerFailures,
  );
}

/** SPEC §7's "claims" group: the claim, and every claims list that shows its status. */
export function useRefreshClaims(): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return () =>
    mutate((key) => typeof key === 'string' && key.startsWith(apiPath('GET /api/for-artists/claims')));
}
