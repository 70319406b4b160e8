// GET /api/admin/escrow: a page of the artists (and names heard alone) money is held for, most held first unless sorted.
import { staffEscrowKinds, staffEscrowSorts } from '@contracts/admin-escrow';
import { listQuery, oneOf, sortQuery, staffList } from '../../../components/staff-table/staff-list';

/** `choice` is the kind: `catalogue`, `name-only` or empty for both. */
export const staffEscrow = staffList('GET /api/admin/escrow', (filter, limit) => ({
  ...listQuery(filter, limit),
  ...sortQuery(filter.sort, staffEscrowSorts),
  kind: oneOf(filter.choice, staffEscrowKinds),
}));
