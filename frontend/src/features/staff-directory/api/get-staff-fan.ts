// GET /api/admin/fans/{id}: one fan with pies, wallet, payments, refunds, disputes and listening.
import useSWR from 'swr';
import type { StaffFanDetail } from '@contracts/admin-people';
import { apiClient, isApiError } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';

export function staffFanUrl(id: string): string {
  return apiPath('GET /api/admin/fans/{id}', { params: { id } });
}

export const fetchStaffFan = (id: string) => apiClient.call('GET /api/admin/fans/{id}', { params: { id } });

/** An unknown fan (404) stays so; only a server failure is retried. */
export function useStaffFan(id: string) {
  return useSWR<StaffFanDetail, unknown>(staffFanUrl(id), () => fetchStaffFan(id), {
    shouldRetryOnError: (error) => !(isApiError(error) && error.status < 500),
  });
}
