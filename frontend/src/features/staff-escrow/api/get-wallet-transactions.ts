// GET /api/admin/wallet-transactions: a page of every fan's wallet lines, newest first unless sorted.
import useSWR from 'swr';
import type { StaffWalletTransaction } from '@contracts/admin-escrow';
import { walletTransactionKinds } from '@contracts/payments';
import { apiPath } from '../../../lib/api-path';
import type { StaffListFilter, StaffPage } from '../../../components/staff-table/staff-list';
import {
  fetchStaffPage,
  listQuery,
  sortQuery,
  staffPageSize,
} from '../../../components/staff-table/staff-list';

/** `choice` is money in (`credit`), out (`debit`), one kind of line (the server's `status`), or empty for all. */
export function staffWalletTransactionsUrl(filter: StaffListFilter, limit = staffPageSize): string {
  const kind = walletTransactionKinds.find((candidate) => candidate === filter.choice);
  return apiPath('GET /api/admin/wallet-transactions', {
    query: {
      ...listQuery(filter, limit),
      ...sortQuery(filter.sort),
      ...(filter.choice === 'credit' || filter.choice === 'debit' ? { type: filter.choice } : {}),
      ...(kind ? { status: kind } : {}),
    },
  });
}

export function useStaffWalletTransactions(filter: StaffListFilter) {
  return useSWR<StaffPage<StaffWalletTransaction>, unknown>(
    staffWalletTransactionsUrl(filter),
    fetchStaffPage<StaffWalletTransaction>,
    { keepPreviousData: true },
  );
}
