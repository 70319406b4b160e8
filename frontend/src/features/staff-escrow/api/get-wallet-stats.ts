// GET /api/admin/wallet-transactions/stats: every fan's wallet lines of a period, totalled by kind.
import useSWR from 'swr';
import type { StaffWalletStats, staffWalletPeriods } from '@contracts/admin-escrow';
import { apiClient } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';

export type WalletStatsPeriod = (typeof staffWalletPeriods)[number];

export function staffWalletStatsUrl(period: WalletStatsPeriod): string {
  return apiPath('GET /api/admin/wallet-transactions/stats', { query: { period } });
}

export function useStaffWalletStats(period: WalletStatsPeriod) {
  return useSWR<StaffWalletStats, unknown>(staffWalletStatsUrl(period), () =>
    apiClient.call('GET /api/admin/wallet-transactions/stats', { query: { period } }),
  );
}
