// GET /api/stripe/refreshSubscription: the fan's subscription re-read from Stripe (the success page asks while the
// webhook may not have arrived yet).
import type { Subscription } from '@contracts/payments';
import { apiClient } from '../../../lib/api-client';

export function refreshSubscription(): Promise<Subscription | null> {
  return apiClient.call('GET /api/stripe/refreshSubscription');
}
