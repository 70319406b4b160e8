// POST /api/for-artists/offices/{officeId}/resend-invitation: sends a pending invitation's e-mail again.
import { apiClient } from '../../../lib/api-client';

export function resendInvitation(officeId: string, email: string) {
  return apiClient.call('POST /api/for-artists/offices/{officeId}/resend-invitation', {
    params: { officeId },
    body: { email },
  });
}
