// GET /api/fan-wallet/transactions: the wallet's lines, newest first, a page at a time, filtered by direction.
import useSWR from 'swr';
import type { Pagination } from '@contracts/envelope';
import type { WalletTransaction, walletTransactionFilters } from '@contracts/payments';
import { apiClient, type ApiReply } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';

export type WalletFilter = (typeof walletTransactionFilters)[number];

/** SPEC §9: 20 lines per page. */
export const walletPageSize = 20;

export function walletTransactionsUrl(filter: WalletFilter, page: number): string {
  return apiPath('GET /api/fan-wallet/transactions', {
    query: { type: filter, page, limit: walletPageSize },
  });
}

export interface WalletTransactionsPage {
  transactions: WalletTransaction[];
  pagination: Pagination | undefined;
}

export async function fetchWalletTransactions(url: string): Promise<WalletTransactionsPage> {
  const reply: ApiReply<WalletTransaction[]> = await apiClient.send<WalletTransaction[]>(url);
  return { transactions: reply.data, pagination: reply.pagination };
}

export function useWalletTransactions(filter: WalletFilter, page: number) {
  return useSWR<WalletTransactionsPage, unknown>(
    walletTransactionsUrl(filter, page),
    fetchWalletTransactions,
    {
      revalidateOnFocus: false,
      keepPreviousData: true,
    },
  );
}
