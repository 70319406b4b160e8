// Routes of the 'admin-offices' resource (see functions/contracts/routes.ts): staff's offices (decision 037). Those
// not built yet answer 501.
import { adminOfficesContracts } from '../contracts/api/admin-offices';
import { listOfficesForStaff, readOfficeForStaff } from '../services/admin/offices';
import { staffReadDependencies } from '../services/admin/staff-lists';
import { ok } from './lib/http';
import { createResourceHandler } from './lib/resource';

export const handler = createResourceHandler('admin-offices', adminOfficesContracts, {
  'GET /api/admin/offices': async ({ query }) => {
    const { offices, pagination } = await listOfficesForStaff(staffReadDependencies(), query);
    return ok(offices, { pagination });
  },
  'GET /api/admin/offices/{id}': async ({ params }) =>
    ok(await readOfficeForStaff(staffReadDependencies(), params.id)),
});
