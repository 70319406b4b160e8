// GET /api/for-artists/stripe/wallet-balance: what the office's wallet holds for its artists.
import useSWR from 'swr';
import type { OfficeWalletBalanceReply } from '@contracts/artist-payments';
import { apiClient } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';
import { retryServerFailures } from '../../../lib/retry-server-failures';

export function useWalletBalance(officeId: string | null) {
  return useSWR<OfficeWalletBalanceReply, unknown>(
    officeId ? apiPath('GET /api/for-artists/stripe/wallet-balance', { query: { officeId } }) : null,
    () =>
      apiClient.call('GET /api/for-artists/stripe/wallet-balance', { query: { officeId: officeId ?? '' } }),
    retryServerFailures,
  );
}
