// GET /api/admin/offices: a page of offices, newest first unless another sort is chosen.
import { staffOfficeSorts } from '@contracts/admin-people';
import { listQuery, sortQuery, staffList } from '../../../components/staff-table/staff-list';

export const staffOffices = staffList('GET /api/admin/offices', (filter, limit) => ({
  ...listQuery(filter, limit),
  ...sortQuery(filter.sort, staffOfficeSorts),
}));
