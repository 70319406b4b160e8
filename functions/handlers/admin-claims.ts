// Routes of the 'admin-claims' resource (see functions/contracts/routes.ts): staff decide claims (decision 028).
import { adminClaimsContracts } from '../contracts/api/admin-claims';
import {
  changeClaimStatusByStaff,
  listClaimsForStaff,
  readClaimForStaff,
  staffClaimDependencies,
  verifyClaimByStaff,
} from '../services/claims/staff-claims';
import { ok } from './lib/http';
import { createResourceHandler } from './lib/resource';

export const handler = createResourceHandler('admin-claims', adminClaimsContracts, {
  'GET /api/admin/claims/list': async ({ query }) => {
    const { claims, pagination } = await listClaimsForStaff(staffClaimDependencies(), query);
    return ok(claims, { pagination });
  },
  'GET /api/admin/claims/{id}': async ({ params }) =>
    ok(await readClaimForStaff(staffClaimDependencies(), params.id)),
  'PATCH /api/admin/claims/{id}/status': async ({ principal, params, body }) =>
    ok(await changeClaimStatusByStaff(staffClaimDependencies(), principal.userId, params.id, body)),
  'POST /api/admin/claims/{id}/verify-bio': async ({ principal, params, body }) =>
    ok(
      await verifyClaimByStaff(
        staffClaimDependencies(),
        principal.userId,
        params.id,
        body.manualVerification,
      ),
    ),
});
