// Routes of the 'admin-offices' resource (see functions/contracts/routes.ts): staff's offices (decision 037) and staff's
// actions on an office, each with a reason and an audit entry (decision 043).
import { adminOfficesContracts } from '../contracts/api/admin-offices';
import {
  inviteAdminToOffice,
  officeActionDependencies,
  removeOfficeStripeConnection,
} from '../services/admin/office-actions';
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
  'DELETE /api/admin/offices/{id}/stripe-connection': async ({ principal, params, body }) =>
    ok(await removeOfficeStripeConnection(officeActionDependencies(), principal.userId, params.id, body)),
  'POST /api/admin/offices/{id}/admin-invitation': async ({ principal, params, body }) =>
    ok(await inviteAdminToOffice(officeActionDependencies(), principal.userId, params.id, body)),
});
