// GET /api/for-artists/stripe/connected-account-balance: what the office's Stripe account holds, available and on its way.
import useSWR from 'swr';
import type { ConnectedBalanceReply } from '@contracts/artist-payments';
import { apiClient } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';
import { retryServerFailures } from '../../../lib/retry-server-failures';

export function useConnectedBalance(officeId: string | null) {
  return useSWR<ConnectedBalanceReply, unknown>(
    officeId
      ? apiPath('GET /api/for-artists/stripe/connected-account-balance', { query: { officeId } })
      : null,
    () =>
      apiClient.call('GET /api/for-artists/stripe/connected-account-balance', {
        query: { officeId: officeId ?? '' },
      }),
    retryServerFailures,
  );
}
