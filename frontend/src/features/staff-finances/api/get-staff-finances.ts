// GET /api/admin/finances?period=: the period's totals and its days.
import useSWR from 'swr';
import type { FinancePeriod, StaffFinances } from '../../../../../functions/contracts/staff-finances';
import { apiClient } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';

export function staffFinancesUrl(period: FinancePeriod): string {
  return apiPath('GET /api/admin/finances', { query: { period } });
}

export const fetchStaffFinances = (url: string) => apiClient.get<StaffFinances>(url);

export function useStaffFinances(period: FinancePeriod) {
  return useSWR<StaffFinances, unknown>(staffFinancesUrl(period), fetchStaffFinances, {
    keepPreviousData: true,
  });
}
