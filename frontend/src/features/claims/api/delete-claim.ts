// DELETE /api/for-artists/claims/{id}: withdraws a claim.
import { apiClient } from '../../../lib/api-client';

export function deleteClaim(claimId: string) {
  return apiClient.call('DELETE /api/for-artists/claims/{id}', { params: { id: claimId } });
}
