// GET /api/stripe/promoAvailability (SPEC §3, §7): whether free pies are left and how many, asked with a human-check
// token. The token is single-use, so the call is made once per visit and not retried on its own.
import useSWR from 'swr';
import type * as z from 'zod/mini';
import type { promoAvailabilitySchema } from '@contracts/pie';
import { apiClient, isApiError } from '../../../lib/api-client';
import type { PromoHumanCheck } from '../lib/promo-human-check';

export type PromoAvailability = z.infer<typeof promoAvailabilitySchema>;

export const promoAvailabilityText = {
  /** SPEC §8: the human check is unavailable on the promo page. */
  humanCheckUnavailable: 'reCAPTCHA not available',
  /** SPEC §8: the availability check failed without a message. */
  checkFailed: 'Failed to check promotion code availability',
} as const;

/** A failed check, in SPEC §8's words. */
export class PromoCheckError extends Error {
  override readonly name = 'PromoCheckError';
}

/**
 * SPEC §8: the response's own message when the server sent one. Every failure envelope of OpenPie carries a requestId
 * (DESIGN §1); a failure without one is the client's own wording (no network, an unreadable reply), not a response.
 */
function readServerMessage(error: unknown): string | null {
  return isApiError(error) && error.requestId !== undefined && error.message !== '' ? error.message : null;
}

export async function fetchPromoAvailability(humanCheck: PromoHumanCheck): Promise<PromoAvailability> {
  const check = await humanCheck().catch(() => ({ available: false as const }));
  if (!check.available) throw new PromoCheckError(promoAvailabilityText.humanCheckUnavailable);
  try {
    return await apiClient.call('GET /api/stripe/promoAvailability', {
      query: { recaptchaToken: check.token },
    });
  } catch (error) {
    throw new PromoCheckError(readServerMessage(error) ?? promoAvailabilityText.checkFailed);
  }
}

export const promoAvailabilityKey = 'promo-availability';

export function usePromoAvailability(humanCheck: PromoHumanCheck) {
  return useSWR<PromoAvailability, PromoCheckError>(
    promoAvailabilityKey,
    () => fetchPromoAvailability(humanCheck),
    { revalidateOnFocus: false, revalidateOnReconnect: false, shouldRetryOnError: false },
  );
}
