// GET /api/admin/finances?period=: the period's totals and its days.
import useSWR from 'swr';
import type { FinancePeriod, StaffFinances } from '@contracts/staff-finances';
import { apiClient } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';

export function staffFinancesUrl(period: FinancePeriod): string {
  return apiPath('GET /api/admin/finances', { query: { period } });
}

export const fetchStaffFinances = (period: FinancePeriod) =>
  apiClient.call('GET /api/admin/finances', { query: { period } });

export function useStaffFinances(period: FinancePeriod) {
  return useSWR<StaffFinances, unknown>(staffFinancesUrl(period), () => fetchStaffFinances(period), {
    keepPreviousData: true,
  });
}
