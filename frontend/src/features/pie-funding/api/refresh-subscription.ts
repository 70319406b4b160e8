// GET /api/stripe/refreshSubscription: the fan's subscription re-read from Stripe (the success page asks while the
// webhook may not have arrived yet).
import type { Subscription } from '@contracts/payments';
import { apiClient } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';

export function refreshSubscription(): Promise<Subscription | null> {
  return apiClient.get<Subscription | null>(apiPath('GET /api/stripe/refreshSubscription'));
}
