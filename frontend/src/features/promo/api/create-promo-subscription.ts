// POST /api/stripe/createPromoSubscription (SPEC §7): starts the free $5 pie with the fan's settings.
import type { PieSummary } from '@contracts/payments';
import type { PromoSubscriptionPayload } from '@contracts/pie';
import { apiClient } from '../../../lib/api-client';

export function createPromoSubscription(payload: PromoSubscriptionPayload): Promise<PieSummary> {
  return apiClient.call('POST /api/stripe/createPromoSubscription', { body: payload });
}
