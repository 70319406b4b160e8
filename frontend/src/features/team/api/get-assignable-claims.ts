// GET /api/for-artists/claims: the office's claims, to choose the artists a member looks after (only admins
// assign, and they see them all).
import useSWR from 'swr';
import type { ClaimReply } from '@contracts/claims';
import { apiClient } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';
import { retryServerFailures } from '../../../lib/retry-server-failures';

export function useAssignableClaims(officeId: string | null) {
  return useSWR<ClaimReply[], unknown>(
    officeId ? apiPath('GET /api/for-artists/claims', { query: { officeId } }) : null,
    () => apiClient.call('GET /api/for-artists/claims', { query: { officeId: officeId ?? '' } }),
    retryServerFailures,
  );
}
