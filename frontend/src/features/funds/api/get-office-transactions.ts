// GET /api/for-artists/stripe/transactions: a page of the lines of the office's payable, money in or payouts.
import useSWR from 'swr';
import type { OfficeTransaction } from '@contracts/artist-payments';
import type { PagedReply } from '../../../lib/api-client';
import { apiClient } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';
import { retryServerFailures } from '../../../lib/retry-server-failures';

export type TransactionFilter = 'all' | 'credit' | 'payout';

export function useOfficeTransactions(officeId: string | null, filter: TransactionFilter, page: number) {
  const query = officeId ? { officeId, filter, page: String(page), limit: '10' } : null;
  return useSWR<PagedReply<OfficeTransaction[]>, unknown>(
    query ? apiPath('GET /api/for-artists/stripe/transactions', { query }) : null,
    () => apiClient.call('GET /api/for-artists/stripe/transactions', { query: query ?? { officeId: '' } }),
    { ...retryServerFailures, keepPreviousData: true },
  );
}
