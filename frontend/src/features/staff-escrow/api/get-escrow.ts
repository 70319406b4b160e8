// GET /api/admin/escrow: a page of the artists (and names heard alone) money is held for, most held first unless sorted.
import useSWR from 'swr';
import type { StaffEscrowArtist } from '@contracts/admin-escrow';
import { apiPath } from '../../../lib/api-path';
import type { StaffListFilter, StaffPage } from '../../../components/staff-table/staff-list';
import {
  fetchStaffPage,
  listQuery,
  sortQuery,
  staffPageSize,
} from '../../../components/staff-table/staff-list';

/** `choice` is the kind: `catalogue`, `name-only` or empty for both. */
export function staffEscrowUrl(filter: StaffListFilter, limit = staffPageSize): string {
  return apiPath('GET /api/admin/escrow', {
    query: {
      ...listQuery(filter, limit),
      ...sortQuery(filter.sort),
      ...(filter.choice === 'catalogue' || filter.choice === 'name-only' ? { kind: filter.choice } : {}),
    },
  });
}

export function useStaffEscrow(filter: StaffListFilter) {
  return useSWR<StaffPage<StaffEscrowArtist>, unknown>(
    staffEscrowUrl(filter),
    fetchStaffPage<StaffEscrowArtist>,
    { keepPreviousData: true },
  );
}
