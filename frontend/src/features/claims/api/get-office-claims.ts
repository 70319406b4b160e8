// GET /api/for-artists/claims: the claims of one office the caller sees, newest first.
import useSWR from 'swr';
import type { ClaimReply } from '@contracts/claims';
import { apiClient } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';

export function officeClaimsUrl(officeId: string): string {
  return apiPath('GET /api/for-artists/claims', { query: { officeId } });
}

/** No call while the office is unknown. */
export function useOfficeClaims(officeId: string | null) {
  return useSWR<ClaimReply[], unknown>(officeId ? officeClaimsUrl(officeId) : null, () =>
    apiClient.call('GET /api/for-artists/claims', { query: { officeId: officeId ?? '' } }),
  );
}
