// GET /api/fan-wallet/transactions: the wallet's lines, newest first, a page at a time, filtered by direction.
import useSWR from 'swr';
import type { Pagination } from '@contracts/envelope';
import type { WalletTransaction, walletTransactionFilters } from '@contracts/payments';
import { apiClient } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';

export type WalletFilter = (typeof walletTransactionFilters)[number];

/** SPEC §9: 20 lines per page. */
export const walletPageSize = 20;

function walletTransactionsQuery(filter: WalletFilter, page: number) {
  return { type: filter, page: String(page), limit: String(walletPageSize) };
}

export function walletTransactionsUrl(filter: WalletFilter, page: number): string {
  return apiPath('GET /api/fan-wallet/transactions', { query: walletTransactionsQuery(filter, page) });
}

export interface WalletTransactionsPage {
  transactions: WalletTransaction[];
  pagination: Pagination | undefined;
}

export async function fetchWalletTransactions(
  filter: WalletFilter,
  page: number,
): Promise<WalletTransactionsPage> {
  const reply = await apiClient.call('GET /api/fan-wallet/transactions', {
    query: walletTransactionsQuery(filter, page),
  });
  return { transactions: reply.data, pagination: reply.pagination };
}

export function useWalletTransactions(filter: WalletFilter, page: number) {
  return useSWR<WalletTransactionsPage, unknown>(
    walletTransactionsUrl(filter, page),
    () => fetchWalletTransactions(filter, page),
    {
      revalidateOnFocus: false,
      keepPreviousData: true,
    },
  );
}
