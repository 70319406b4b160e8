// GET /api/admin/wallet-transactions: a page of every fan's wallet lines, newest first unless sorted.
import useSWR from 'swr';
import type { StaffWalletTransaction } from '../../../../../functions/contracts/admin-escrow';
import { walletTransactionKinds } from '../../../../../functions/contracts/payments';
import { apiPath } from '../../../lib/api-path';
import type { EscrowListFilter, EscrowPage } from '../lib/escrow-list';
import { escrowPageSize, fetchEscrowPage, listQuery } from '../lib/escrow-list';

/** `choice` is money in (`credit`), out (`debit`), one kind of line (the server's `status`), or empty for all. */
export function staffWalletTransactionsUrl(filter: EscrowListFilter, limit = escrowPageSize): string {
  const kind = walletTransactionKinds.find((candidate) => candidate === filter.choice);
  return apiPath('GET /api/admin/wallet-transactions', {
    query: {
      ...listQuery(filter, limit),
      ...(filter.choice === 'credit' || filter.choice === 'debit' ? { type: filter.choice } : {}),
      ...(kind ? { status: kind } : {}),
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
