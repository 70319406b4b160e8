// POST /api/for-artists/offices/{officeId}/members: invites someone to the office by e-mail, with a role.
import type { OfficeRole } from '../../../lib/offices';
import { apiClient } from '../../../lib/api-client';

export function inviteMember(officeId: string, input: { email: string; role: OfficeRole }) {
  return apiClient.call('POST /api/for-artists/offices/{officeId}/members', {
    params: { officeId },
    body: input,
  });
}
