// DELETE /api/admin/offices/{id}/stripe-connection: staff remove an office's Stripe connection, with a reason and the
// office's name typed to confirm.
import type {
  RemoveStripeConnectionBody,
  RemoveStripeConnectionReply,
} from '../../../../../functions/contracts/admin-audit';
import { apiClient } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';

export async function removeStripeConnection(
  officeId: string,
  body: RemoveStripeConnectionBody,
): Promise<RemoveStripeConnectionReply> {
  const reply = await apiClient.send<RemoveStripeConnectionReply>(
    apiPath('DELETE /api/admin/offices/{id}/stripe-connection', { params: { id: officeId } }),
    { method: 'DELETE', body },
  );
  return reply.data;
}
