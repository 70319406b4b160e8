// GET /api/admin/offices/{id}: one office with members, claims, funds, payouts and Connect state.
import useSWR from 'swr';
import type { StaffOfficeDetail } from '@contracts/admin-people';
import { apiClient, isApiError } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';

export function staffOfficeUrl(id: string): string {
  return apiPath('GET /api/admin/offices/{id}', { params: { id } });
}

export const fetchStaffOffice = (id: string) =>
  apiClient.call('GET /api/admin/offices/{id}', { params: { id } });

/** An unknown office (404) stays so; only a server failure is retried. */
export function useStaffOffice(id: string) {
  return useSWR<StaffOfficeDetail, unknown>(staffOfficeUrl(id), () => fetchStaffOffice(id), {
    shouldRetryOnError: (error) => !(isApiError(error) && error.status < 500),
  });
}
