// GET /api/admin/wallet-transactions: a page of every fan's wallet lines, newest first unless sorted.
import useSWR from 'swr';
import type { StaffWalletTransaction } from '../../../../../functions/contracts/admin-escrow';
import { apiPath } from '../../../lib/api-path';
import type { EscrowListFilter, EscrowPage } from '../lib/escrow-list';
import { escrowPageSize, fetchEscrowPage, listQuery } from '../lib/escrow-list';

/** `choice` is money in (`credit`), out (`debit`) or empty for both. */
export function staffWalletTransactionsUrl(filter: EscrowListFilter, limit = escrowPageSize): string {
  return apiPath('GET /api/admin/wallet-transactions', {
    query: {
      ...listQuery(filter, limit),
      ...(filter.choice === 'credit' || filter.choice === 'debit' ? { type: filter.choice } : {}),
    },
  });
}

export function useStaffWalletTransactions(filter: EscrowListFilter) {
  return useSWR<EscrowPage<StaffWalletTransaction>, unknown>(
    staffWalletTransactionsUrl(filter),
    fetchEscrowPage<StaffWalletTransaction>,
    { keepPreviousData: true },
  );
}
