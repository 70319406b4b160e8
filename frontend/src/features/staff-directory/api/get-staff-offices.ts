// GET /api/admin/offices: a page of offices, newest first unless another sort is chosen.
import useSWR from 'swr';
import type { StaffOfficeSummary } from '@contracts/admin-people';
import { apiPath } from '../../../lib/api-path';
import type { StaffListFilter, StaffPage } from '../../../components/staff-table/staff-list';
import {
  fetchStaffPage,
  listQuery,
  sortQuery,
  staffPageSize,
} from '../../../components/staff-table/staff-list';

export function staffOfficesUrl(filter: StaffListFilter, limit = staffPageSize): string {
  return apiPath('GET /api/admin/offices', {
    query: { ...listQuery(filter, limit), ...sortQuery(filter.sort) },
  });
}

export function useStaffOffices(filter: StaffListFilter) {
  return useSWR<StaffPage<StaffOfficeSummary>, unknown>(
    staffOfficesUrl(filter),
    fetchStaffPage<StaffOfficeSummary>,
    { keepPreviousData: true },
  );
}
