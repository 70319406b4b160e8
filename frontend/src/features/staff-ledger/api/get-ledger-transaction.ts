// GET /api/admin/ledger/transactions/{transactionId}: one whole balanced transaction, what it belongs to, and the
// Stripe object it came from as Stripe has it now.
import useSWR from 'swr';
import type { StaffLedgerTransaction } from '@contracts/admin-ledger';
import { apiClient, isApiError } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';

export function ledgerTransactionUrl(transactionId: string): string {
  return apiPath('GET /api/admin/ledger/transactions/{transactionId}', { params: { transactionId } });
}

export const fetchLedgerTransaction = (transactionId: string) =>
  apiClient.call('GET /api/admin/ledger/transactions/{transactionId}', { params: { transactionId } });

/** An unknown transaction (404) stays so; only a server failure is retried. */
export function useLedgerTransaction(transactionId: string) {
  return useSWR<StaffLedgerTransaction, unknown>(
    ledgerTransactionUrl(transactionId),
    () => fetchLedgerTransaction(transactionId),
    {
      shouldRetryOnError: (error) => !(isApiError(error) && error.status < 500),
    },
  );
}
