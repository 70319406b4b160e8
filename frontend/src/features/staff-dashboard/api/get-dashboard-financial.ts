// GET /api/admin/dashboard/financial: money in, split, held and paid out by month, oldest first.
import useSWR from 'swr';
import type { DashboardFinancial } from '@contracts/admin-dashboard';
import { apiClient } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';

export function dashboardFinancialUrl(months: number): string {
  return apiPath('GET /api/admin/dashboard/financial', { query: { months: String(months) } });
}

export const fetchDashboardFinancial = (months: number) =>
  apiClient.call('GET /api/admin/dashboard/financial', { query: { months: String(months) } });

export function useDashboardFinancial(months: number) {
  return useSWR<DashboardFinancial, unknown>(dashboardFinancialUrl(months), () =>
    fetchDashboardFinancial(months),
  );
}
