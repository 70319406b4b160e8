// GET /api/admin/user-artists: a page of artist-side users, newest first.
import useSWR from 'swr';
import type { StaffUserArtistSummary } from '@contracts/admin-people';
import { apiPath } from '../../../lib/api-path';
import type { StaffListFilter, StaffPage } from '../../../components/staff-table/staff-list';
import { fetchStaffPage, listQuery, staffPageSize } from '../../../components/staff-table/staff-list';

export function staffUserArtistsUrl(filter: StaffListFilter, limit = staffPageSize): string {
  return apiPath('GET /api/admin/user-artists', { query: listQuery(filter, limit) });
}

export function useStaffUserArtists(filter: StaffListFilter) {
  return useSWR<StaffPage<StaffUserArtistSummary>, unknown>(
    staffUserArtistsUrl(filter),
    fetchStaffPage<StaffUserArtistSummary>,
    { keepPreviousData: true },
  );
}
