// GET /api/stripe/activeSubscription: the fan's subscription as OpenPie last stored it.
import type { Subscription } from '@contracts/payments';
import { apiClient } from '../../../lib/api-client';

export function fetchActiveSubscription(): Promise<Subscription | null> {
  return apiClient.call('GET /api/stripe/activeSubscription');
}
