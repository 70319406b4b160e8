// GET /api/admin/claims/{id}: one claim with its attempts, reports, other offices' claims, audit log, the moves the
// server allows now and what is held for the artist.
import useSWR from 'swr';
import type { StaffClaimDetail } from '@contracts/admin-claims';
import { apiClient, isApiError } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';

export function staffClaimUrl(id: string): string {
  return apiPath('GET /api/admin/claims/{id}', { params: { id } });
}

export const fetchStaffClaim = (id: string) =>
  apiClient.call('GET /api/admin/claims/{id}', { params: { id } });

/** An unknown claim (404) stays so; only a server failure is retried. */
export function useStaffClaim(id: string) {
  return useSWR<StaffClaimDetail, unknown>(staffClaimUrl(id), () => fetchStaffClaim(id), {
    shouldRetryOnError: (error) => !(isApiError(error) && error.status < 500),
  });
}
