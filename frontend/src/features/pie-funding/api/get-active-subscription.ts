// GET /api/stripe/activeSubscription: the fan's subscription as OpenPie last stored it.
import type { Subscription } from '@contracts/payments';
import { apiClient } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';

export function fetchActiveSubscription(): Promise<Subscription | null> {
  return apiClient.get<Subscription | null>(apiPath('GET /api/stripe/activeSubscription'));
}
