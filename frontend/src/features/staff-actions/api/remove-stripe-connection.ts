// DELETE /api/admin/offices/{id}/stripe-connection: staff remove an office's Stripe connection, with a reason and the
// office's name typed to confirm.
import type { RemoveStripeConnectionBody, RemoveStripeConnectionReply } from '@contracts/admin-audit';
import { apiClient } from '../../../lib/api-client';

export function removeStripeConnection(
  officeId: string,
  body: RemoveStripeConnectionBody,
): Promise<RemoveStripeConnectionReply> {
  return apiClient.call('DELETE /api/admin/offices/{id}/stripe-connection', {
    params: { id: officeId },
    body,
  });
}
