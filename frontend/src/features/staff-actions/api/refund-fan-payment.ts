// POST /api/admin/fans/{id}/payments/{paymentId}/refund: staff refund a fan's payment through Stripe, in full or in
// part, with a reason; the webhook books it.
import type { StaffRefundBody, StaffRefundReply } from '@contracts/admin-audit';
import { apiClient } from '../../../lib/api-client';

export function refundFanPayment(
  fanId: string,
  paymentId: string,
  body: StaffRefundBody,
): Promise<StaffRefundReply> {
  return apiClient.call('POST /api/admin/fans/{id}/payments/{paymentId}/refund', {
    params: { id: fanId, paymentId },
    body,
  });
}
