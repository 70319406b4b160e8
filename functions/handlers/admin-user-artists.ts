// Routes of the 'admin-user-artists' resource (see functions/contracts/routes.ts): staff's artist-side users
// (decision 037).
import { adminUserArtistsContracts } from '../contracts/api/admin-user-artists';
import { staffReadDependencies } from '../services/admin/staff-lists';
import { listUserArtistsForStaff, readUserArtistForStaff } from '../services/admin/user-artists';
import { ok } from './lib/http';
import { createResourceHandler } from './lib/resource';

export const handler = createResourceHandler('admin-user-artists', adminUserArtistsContracts, {
  'GET /api/admin/user-artists': async ({ query }) => {
    const { users, pagination } = await listUserArtistsForStaff(staffReadDependencies(), query);
    return ok(users, { pagination });
  },
  'GET /api/admin/user-artists/{id}': async ({ params }) =>
    ok(await readUserArtistForStaff(staffReadDependencies(), params.id)),
});
