// GET /api/fan-wallet/summary: where the fan's money went, as totals.
import useSWR from 'swr';
import type { WalletSummary } from '@contracts/payments';
import { apiClient } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';

export const walletSummaryUrl = apiPath('GET /api/fan-wallet/summary');

export const fetchWalletSummary = () => apiClient.call('GET /api/fan-wallet/summary');

export function useWalletSummary() {
  return useSWR<WalletSummary, unknown>(walletSummaryUrl, fetchWalletSummary, { revalidateOnFocus: false });
}
