// GET /api/admin/escrow: a page of the artists (and names heard alone) money is held for, most held first unless sorted.
import useSWR from 'swr';
import type { StaffEscrowArtist } from '../../../../../functions/contracts/admin-escrow';
import { apiPath } from '../../../lib/api-path';
import type { EscrowListFilter, EscrowPage } from '../lib/escrow-list';
import { escrowPageSize, fetchEscrowPage, listQuery } from '../lib/escrow-list';

/** `choice` is the kind: `catalogue`, `name-only` or empty for both. */
export function staffEscrowUrl(filter: EscrowListFilter, limit = escrowPageSize): string {
  return apiPath('GET /api/admin/escrow', {
    query: {
      ...listQuery(filter, limit),
      ...(filter.choice === 'catalogue' || filter.choice === 'name-only' ? { kind: filter.choice } : {}),
    },
  });
}

export function useStaffEscrow(filter: EscrowListFilter) {
  return useSWR<EscrowPage<StaffEscrowArtist>, unknown>(
    staffEscrowUrl(filter),
    fetchEscrowPage<StaffEscrowArtist>,
    { keepPreviousData: true },
  );
}
