// GET /api/admin/artists: a page of catalogue artists by name, all, claimed or unclaimed.
import useSWR from 'swr';
import type { StaffArtistSummary } from '@contracts/admin-people';
import { apiPath } from '../../../lib/api-path';
import type { StaffListFilter, StaffPage } from '../../../components/staff-table/staff-list';
import { fetchStaffPage, listQuery, staffPageSize } from '../../../components/staff-table/staff-list';

/** `choice` is the status filter: `claimed`, `unclaimed` or empty for every artist. */
export function staffArtistsUrl(filter: StaffListFilter, limit = staffPageSize): string {
  return apiPath('GET /api/admin/artists', {
    query: {
      ...listQuery(filter, limit),
      ...(filter.choice === 'claimed' || filter.choice === 'unclaimed' ? { status: filter.choice } : {}),
    },
  });
}

export function useStaffArtists(filter: StaffListFilter) {
  return useSWR<StaffPage<StaffArtistSummary>, unknown>(
    staffArtistsUrl(filter),
    fetchStaffPage<StaffArtistSummary>,
    { keepPreviousData: true },
  );
}
