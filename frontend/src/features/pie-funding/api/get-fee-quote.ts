// GET /api/stripe/feeQuote: what a pie of an amount pays Stripe and OpenPie, and what reaches artists, before paying.
import useSWR from 'swr';
import type { FeeQuote } from '@contracts/payments';
import { apiClient } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';

export function feeQuoteUrl(amountCents: number): string {
  return apiPath('GET /api/stripe/feeQuote', { query: { amount: String(amountCents) } });
}

export const fetchFeeQuote = (amountCents: number) =>
  apiClient.call('GET /api/stripe/feeQuote', { query: { amount: String(amountCents) } });

/** The quote of a valid amount; no call while the amount is null (not a valid amount yet). */
export function useFeeQuote(amountCents: number | null) {
  return useSWR<FeeQuote, unknown>(
    amountCents === null ? null : feeQuoteUrl(amountCents),
    amountCents === null ? null : () => fetchFeeQuote(amountCents),
    {
      revalidateOnFocus: false,
      // The previous quote stays on screen while the next amount's loads, so the breakdown does not flicker.
      keepPreviousData: true,
    },
  );
}
