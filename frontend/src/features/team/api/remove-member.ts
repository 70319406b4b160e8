// DELETE /api/for-artists/offices/{officeId}/members/{member}: removes a member, or withdraws the pending
// invitation of that address.
import { apiClient } from '../../../lib/api-client';

export function removeMember(officeId: string, email: string) {
  return apiClient.call('DELETE /api/for-artists/offices/{officeId}/members/{member}', {
    params: { officeId, member: email },
  });
}
