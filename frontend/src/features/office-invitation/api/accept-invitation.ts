// POST /api/for-artists/offices/accept-invitation/{token}: the signed-in artist joins the office, answering it.
import { apiClient } from '../../../lib/api-client';

export function acceptInvitation(token: string, officeId: string) {
  return apiClient.call('POST /api/for-artists/offices/accept-invitation/{token}', {
    params: { token },
    body: { officeId },
  });
}
