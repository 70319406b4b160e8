// GET /api/admin/user-artists/{id}: one artist-side user with offices and claims.
import useSWR from 'swr';
import type { StaffUserArtistDetail } from '@contracts/admin-people';
import { apiClient, isApiError } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';

export function staffUserArtistUrl(id: string): string {
  return apiPath('GET /api/admin/user-artists/{id}', { params: { id } });
}

export const fetchStaffUserArtist = (id: string) =>
  apiClient.call('GET /api/admin/user-artists/{id}', { params: { id } });

/** An unknown artist-side user (404) stays so; only a server failure is retried. */
export function useStaffUserArtist(id: string) {
  return useSWR<StaffUserArtistDetail, unknown>(staffUserArtistUrl(id), () => fetchStaffUserArtist(id), {
    shouldRetryOnError: (error) => !(isApiError(error) && error.status < 500),
  });
}
