// GET /api/fan-wallet/balance: what is in the fan's wallet now.
import useSWR from 'swr';
import type { walletBalanceSchema } from '@contracts/payments';
import { apiClient } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';
import type * as z from 'zod/mini';

export type WalletBalance = z.infer<typeof walletBalanceSchema>;

export const walletBalanceUrl = apiPath('GET /api/fan-wallet/balance');

export const fetchWalletBalance = () => apiClient.call('GET /api/fan-wallet/balance');

export function useWalletBalance() {
  return useSWR<WalletBalance, unknown>(walletBalanceUrl, fetchWalletBalance, { revalidateOnFocus: false });
}
