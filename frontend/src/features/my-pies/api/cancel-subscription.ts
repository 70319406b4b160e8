// POST /api/stripe/cancelSubscription: the subscription stops renewing; the running pie runs to the end of its period.
import type { Subscription } from '@contracts/payments';
import { apiClient } from '../../../lib/api-client';

export function cancelSubscription(subscriptionId: string): Promise<Subscription> {
  return apiClient.call('POST /api/stripe/cancelSubscription', { body: { subscriptionId } });
}
