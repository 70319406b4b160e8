// GET /api/admin/fans: a page of fans, by what their cards paid unless another sort is chosen.
import { staffFanSorts } from '@contracts/admin-people';
import { listQuery, oneOf, sortQuery, staffList } from '../../../components/staff-table/staff-list';

const activePieChoices = ['true', 'false'] as const;

/** `choice` is the active-pie filter: `true`, `false` or empty for every fan. */
export const staffFans = staffList('GET /api/admin/fans', (filter, limit) => ({
  ...listQuery(filter, limit),
  activePie: oneOf(filter.choice, activePieChoices),
  ...sortQuery(filter.sort, staffFanSorts),
}));
