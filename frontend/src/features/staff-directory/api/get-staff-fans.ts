// GET /api/admin/fans: a page of fans, by what their cards paid unless another sort is chosen.
import useSWR from 'swr';
import type { StaffFanSummary } from '@contracts/admin-people';
import { apiPath } from '../../../lib/api-path';
import type { StaffListFilter, StaffPage } from '../../../components/staff-table/staff-list';
import {
  fetchStaffPage,
  listQuery,
  sortQuery,
  staffPageSize,
} from '../../../components/staff-table/staff-list';

/** `choice` is the active-pie filter: `true`, `false` or empty for every fan. */
export function staffFansUrl(filter: StaffListFilter, limit = staffPageSize): string {
  return apiPath('GET /api/admin/fans', {
    query: {
      ...listQuery(filter, limit),
      ...(filter.choice === 'true' || filter.choice === 'false' ? { activePie: filter.choice } : {}),
      ...sortQuery(filter.sort),
    },
  });
}

export function useStaffFans(filter: StaffListFilter) {
  return useSWR<StaffPage<StaffFanSummary>, unknown>(staffFansUrl(filter), fetchStaffPage<StaffFanSummary>, {
    keepPreviousData: true,
  });
}
