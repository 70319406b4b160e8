// Routes of the 'admin-claims' resource (see functions/contracts/routes.ts). Those not built yet answer 501.
import { adminClaimsContracts } from '../contracts/api/admin-claims';
import { createResourceHandler } from './lib/resource';

export const handler = createResourceHandler('admin-claims', adminClaimsContracts, {});
