// POST /api/for-artists/stripe/create-payout: pays out what the office's Stripe account holds.
import { apiClient } from '../../../lib/api-client';

export function requestPayout(officeId: string) {
  return apiClient.call('POST /api/for-artists/stripe/create-payout', { body: { officeId } });
}
