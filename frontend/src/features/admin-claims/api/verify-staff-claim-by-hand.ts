// POST /api/admin/claims/{id}/verify-bio: staff record whether they found the verification string in the bio.
import type { StaffClaimDecision } from '@contracts/admin-claims';
import { apiClient } from '../../../lib/api-client';

export function verifyStaffClaimByHand(id: string, found: boolean): Promise<StaffClaimDecision> {
  return apiClient.call('POST /api/admin/claims/{id}/verify-bio', {
    params: { id },
    body: { manualVerification: found },
  });
}
