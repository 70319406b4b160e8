// PATCH /api/for-artists/offices/{officeId}/members/{member}/role: gives a member another role.
import type { OfficeRole } from '../../../lib/offices';
import { apiClient } from '../../../lib/api-client';

export function changeMemberRole(officeId: string, userId: string, role: OfficeRole) {
  return apiClient.call('PATCH /api/for-artists/offices/{officeId}/members/{member}/role', {
    params: { officeId, member: userId },
    body: { role },
  });
}
