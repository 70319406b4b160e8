// POST /api/stripe/cancelSubscription: the subscription stops renewing; the running pie runs to the end of its period.
import type { Subscription } from '@contracts/payments';
import { apiClient } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';

export function cancelSubscription(subscriptionId: string): Promise<Subscription> {
  return apiClient.post<Subscription>(apiPath('POST /api/stripe/cancelSubscription'), { subscriptionId });
}
