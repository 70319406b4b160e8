// Routes of the 'admin-fans' resource (see functions/contracts/routes.ts): staff's fans (decision 037), and staff's
// refund of a fan's payment through Stripe, with a reason and an audit entry (decision 043).
import { adminFansContracts } from '../contracts/api/admin-fans';
import { listFansForStaff, readFanForStaff } from '../services/admin/fans';
import { staffReadDependencies } from '../services/admin/staff-lists';
import { refundFanPayment } from '../services/admin/staff-refunds';
import { ok } from './lib/http';
import { createResourceHandler } from './lib/resource';

export const handler = createResourceHandler('admin-fans', adminFansContracts, {
  'GET /api/admin/fans': async ({ query }) => {
    const { fans, pagination } = await listFansForStaff(staffReadDependencies(), query);
    return ok(fans, { pagination });
  },
  'GET /api/admin/fans/{id}': async ({ params }) =>
    ok(await readFanForStaff(staffReadDependencies(), params.id)),
  'POST /api/admin/fans/{id}/payments/{paymentId}/refund': async ({ principal, params, body }) =>
    ok(await refundFanPayment(staffReadDependencies(), principal.userId, params.id, params.paymentId, body)),
});
