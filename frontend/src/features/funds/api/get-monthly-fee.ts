// GET /api/for-artists/stripe/check-monthly-fee: the quote of a payout now, the month's fee included.
import useSWR from 'swr';
import type { MonthlyFeeReply } from '@contracts/artist-payments';
import { apiClient } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';
import { retryServerFailures } from '../../../lib/retry-server-failures';

export function useMonthlyFee(officeId: string | null) {
  return useSWR<MonthlyFeeReply, unknown>(
    officeId ? apiPath('GET /api/for-artists/stripe/check-monthly-fee', { query: { officeId } }) : null,
    () =>
      apiClient.call('GET /api/for-artists/stripe/check-monthly-fee', {
        query: { officeId: officeId ?? '' },
      }),
    retryServerFailures,
  );
}
