// Routes of the 'admin-reconciliation' resource (see functions/contracts/routes.ts). Those not built yet answer 501.
import { adminReconciliationContracts } from '../contracts/api/admin-reconciliation';
import { createResourceHandler } from './lib/resource';

export const handler = createResourceHandler('admin-reconciliation', adminReconciliationContracts, {});
