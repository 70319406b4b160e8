// GET /api/for-artists/stripe/payout-details: one payout of the office.
import useSWR from 'swr';
import type { PayoutReply } from '@contracts/artist-payments';
import { apiClient } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';
import { retryServerFailures } from '../../../lib/retry-server-failures';

export function usePayout(officeId: string | null, payoutId: string) {
  return useSWR<PayoutReply, unknown>(
    officeId
      ? apiPath('GET /api/for-artists/stripe/payout-details', { query: { officeId, payoutId } })
      : null,
    () =>
      apiClient.call('GET /api/for-artists/stripe/payout-details', {
        query: { officeId: officeId ?? '', payoutId },
      }),
    retryServerFailures,
  );
}
