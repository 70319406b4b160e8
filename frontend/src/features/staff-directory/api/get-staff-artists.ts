// GET /api/admin/artists: a page of catalogue artists by name, all, claimed or unclaimed.
import { staffArtistStatuses } from '@contracts/admin-people';
import { listQuery, oneOf, staffList } from '../../../components/staff-table/staff-list';

/** `choice` is the status filter: `claimed`, `unclaimed` or empty for every artist. */
export const staffArtists = staffList('GET /api/admin/artists', (filter, limit) => ({
  ...listQuery(filter, limit),
  status: oneOf(filter.choice, staffArtistStatuses),
}));
