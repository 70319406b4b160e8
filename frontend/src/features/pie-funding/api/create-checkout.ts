// POST /api/stripe/createCheckout: a Stripe Checkout page for a new pie; the browser goes there to pay.
import type { CreateCheckoutPayload } from '@contracts/pie';
import { apiClient } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';

export function createCheckout(payload: CreateCheckoutPayload): Promise<{ url: string }> {
  return apiClient.post<{ url: string }>(apiPath('POST /api/stripe/createCheckout'), payload);
}
