// POST /api/for-artists/claims: the claim wizard's last step, a claim of an artist for an office.
import type { CreateClaimPayload } from '@contracts/claims';
import { apiClient } from '../../../lib/api-client';

export function createClaim(payload: CreateClaimPayload) {
  return apiClient.call('POST /api/for-artists/claims', { body: payload });
}
