// GET /api/for-artists/stripe/payouts: the office's payouts, newest first.
import useSWR from 'swr';
import type { PayoutListReply } from '@contracts/artist-payments';
import { apiClient } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';
import { retryServerFailures } from '../../../lib/retry-server-failures';

export function usePayouts(officeId: string | null) {
  return useSWR<PayoutListReply, unknown>(
    officeId ? apiPath('GET /api/for-artists/stripe/payouts', { query: { officeId } }) : null,
    () => apiClient.call('GET /api/for-artists/stripe/payouts', { query: { officeId: officeId ?? '' } }),
    retryServerFailures,
  );
}
