// Routes of the 'admin-audit' resource (see functions/contracts/routes.ts): the audit trail of staff actions
// (decision 043).
import { adminAuditContracts } from '../contracts/api/admin-audit';
import { auditDependencies, listAuditForStaff } from '../services/admin/audit';
import { ok } from './lib/http';
import { createResourceHandler } from './lib/resource';

export const handler = createResourceHandler('admin-audit', adminAuditContracts, {
  'GET /api/admin/audit': async ({ query }) => {
    const { entries, pagination } = await listAuditForStaff(auditDependencies(), query);
    return ok(entries, { pagination });
  },
});
