// GET /api/for-artists/stripe/transaction-details: one line of the office's payable, with what it is made of.
import useSWR from 'swr';
import type { OfficeTransactionDetail } from '@contracts/artist-payments';
import { apiClient } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';
import { retryServerFailures } from '../../../lib/retry-server-failures';

export function useTransaction(officeId: string | null, transactionId: string) {
  return useSWR<OfficeTransactionDetail, unknown>(
    officeId
      ? apiPath('GET /api/for-artists/stripe/transaction-details', { query: { officeId, transactionId } })
      : null,
    () =>
      apiClient.call('GET /api/for-artists/stripe/transaction-details', {
        query: { officeId: officeId ?? '', transactionId },
      }),
    retryServerFailures,
  );
}
