// Routes of the 'admin-artists' resource (see functions/contracts/routes.ts): staff's list of catalogue artists
// (decision 037).
import { adminArtistsContracts } from '../contracts/api/admin-artists';
import { listArtistsForStaff } from '../services/admin/artists';
import { staffReadDependencies } from '../services/admin/staff-lists';
import { ok } from './lib/http';
import { createResourceHandler } from './lib/resource';

export const handler = createResourceHandler('admin-artists', adminArtistsContracts, {
  'GET /api/admin/artists': async ({ query }) => {
    const { artists, pagination } = await listArtistsForStaff(staffReadDependencies(), query);
    return ok(artists, { pagination });
  },
});
