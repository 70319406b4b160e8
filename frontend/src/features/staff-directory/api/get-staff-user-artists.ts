// GET /api/admin/user-artists: a page of artist-side users, newest first.
import { listQuery, staffList } from '../../../components/staff-table/staff-list';

export const staffUserArtists = staffList('GET /api/admin/user-artists', listQuery);
