// GET /api/stripe/promoEligibility (SPEC §3, §7): whether this signed-in fan may start the free pie, and whether they
// already did.
import useSWR from 'swr';
import type * as z from 'zod/mini';
import type { promoEligibilitySchema } from '@contracts/pie';
import { apiClient } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';

export type PromoEligibility = z.infer<typeof promoEligibilitySchema>;

export const promoEligibilityUrl = apiPath('GET /api/stripe/promoEligibility');

export const fetchPromoEligibility = () => apiClient.call('GET /api/stripe/promoEligibility');

export function usePromoEligibility() {
  return useSWR<PromoEligibility, unknown>(promoEligibilityUrl, fetchPromoEligibility, {
    revalidateOnFocus: false,
  });
}
