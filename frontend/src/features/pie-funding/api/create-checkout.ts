// POST /api/stripe/createCheckout: a Stripe Checkout page for a new pie; the browser goes there to pay.
import type { CreateCheckoutPayload } from '@contracts/pie';
import { apiClient } from '../../../lib/api-client';

export function createCheckout(payload: CreateCheckoutPayload): Promise<{ url: string }> {
  return apiClient.call('POST /api/stripe/createCheckout', { body: payload });
}
