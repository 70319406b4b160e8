// The funds screen's money calls (SPEC §7 "Payment account"; decision 029): the office's balances, the lines of its
// payable, its payouts, the quote of a payout now, and the payout request. Cached by SWR under the API path; SPEC
// §7's effect of a payout refreshes the payouts, the transactions, the claims' payouts and the balances.
import useSWR, { useSWRConfig } from 'swr';
import type {
  ConnectedBalanceReply,
  MonthlyFeeReply,
  OfficeBalanceReply,
  OfficeTransaction,
  OfficeTransactionDetail,
  OfficeWalletBalanceReply,
  PayoutListReply,
  PayoutReply,
} from '@contracts/artist-payments';
import type { Pagination } from '@contracts/envelope';
import { apiClient, isApiError } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';

export type TransactionFilter = 'all' | 'credit' | 'payout';

/** A refusal (403, 404, 409) stays so; only a server failure is worth retrying. */
const retryServerFailures = {
  shouldRetryOnError: (error: unknown) => !(isApiError(error) && error.status < 500),
};

function useOfficeRead<T>(officeId: string | null, url: (officeId: string) => string) {
  return useSWR<T, unknown>(
    officeId ? url(officeId) : null,
    (key: string) => apiClient.get<T>(key),
    retryServerFailures,
  );
}

export function useOfficeBalance(officeId: string | null) {
  return useOfficeRead<OfficeBalanceReply>(officeId, (id) =>
    apiPath('GET /api/for-artists/stripe/balance', { query: { officeId: id } }),
  );
}

export function useWalletBalance(officeId: string | null) {
  return useOfficeRead<OfficeWalletBalanceReply>(officeId, (id) =>
    apiPath('GET /api/for-artists/stripe/wallet-balance', { query: { officeId: id } }),
  );
}

export function useConnectedBalance(officeId: string | null) {
  return useOfficeRead<ConnectedBalanceReply>(officeId, (id) =>
    apiPath('GET /api/for-artists/stripe/connected-account-balance', { query: { officeId: id } }),
  );
}

export function useMonthlyFee(officeId: string | null) {
  return useOfficeRead<MonthlyFeeReply>(officeId, (id) =>
    apiPath('GET /api/for-artists/stripe/check-monthly-fee', { query: { officeId: id } }),
  );
}

export function usePayouts(officeId: string | null) {
  return useOfficeRead<PayoutListReply>(officeId, (id) =>
    apiPath('GET /api/for-artists/stripe/payouts', { query: { officeId: id } }),
  );
}

export function usePayout(officeId: string | null, payoutId: string) {
  return useOfficeRead<PayoutReply>(officeId, (id) =>
    apiPath('GET /api/for-artists/stripe/payout-details', { query: { officeId: id, payoutId } }),
  );
}

export function useTransaction(officeId: string | null, transactionId: string) {
  return useOfficeRead<OfficeTransactionDetail>(officeId, (id) =>
    apiPath('GET /api/for-artists/stripe/transaction-details', { query: { officeId: id, transactionId } }),
  );
}

export interface TransactionPage {
  data: OfficeTransaction[];
  pagination: Pagination;
}

export function useOfficeTransactions(officeId: string | null, filter: TransactionFilter, page: number) {
  return useSWR<TransactionPage, unknown>(
    officeId
      ? apiPath('GET /api/for-artists/stripe/transactions', {
          query: { officeId, filter, page: String(page), limit: '10' },
        })
      : null,
    async (key: string) => {
      const reply = await apiClient.send<OfficeTransaction[]>(key);
      return {
        data: reply.data,
        pagination: reply.pagination ?? { page, limit: 10, total: reply.data.length, pages: 1 },
      };
    },
    { ...retryServerFailures, keepPreviousData: true },
  );
}

export function requestPayout(officeId: string): Promise<PayoutReply> {
  return apiClient.post<PayoutReply>(apiPath('POST /api/for-artists/stripe/create-payout'), { officeId });
}

/** SPEC §7: a payout refreshes payouts, transactions, claim payouts and the balances ("balances" and "payouts"). */
export function useRefreshAfterPayout(): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  const stripeCalls = apiPath('GET /api/for-artists/stripe/balance').replace(/balance$/, '');
  const claims = apiPath('GET /api/for-artists/claims');
  return () =>
    mutate(
      (key) =>
        typeof key === 'string' &&
        ((key.startsWith(stripeCalls) && !key.startsWith(`${stripeCalls}account-status`)) ||
          (key.startsWith(claims) && /\/(payouts|transactions)(\?|$)/.test(key))),
    );
}
