// Routes of the 'admin-fans' resource (see functions/contracts/routes.ts): staff's fans (decision 037).
import { adminFansContracts } from '../contracts/api/admin-fans';
import { listFansForStaff, readFanForStaff } from '../services/admin/fans';
import { staffReadDependencies } from '../services/admin/staff-lists';
import { ok } from './lib/http';
import { createResourceHandler } from './lib/resource';

export const handler = createResourceHandler('admin-fans', adminFansContracts, {
  'GET /api/admin/fans': async ({ query }) => {
    const { fans, pagination } = await listFansForStaff(staffReadDependencies(), query);
    return ok(fans, { pagination });
  },
  'GET /api/admin/fans/{id}': async ({ params }) =>
    ok(await readFanForStaff(staffReadDependencies(), params.id)),
});
