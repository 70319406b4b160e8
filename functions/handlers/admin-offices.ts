// Routes of the 'admin-offices' resource (see functions/contracts/routes.ts). Those not built yet answer 501.
import { adminOfficesContracts } from '../contracts/api/admin-offices';
import { createResourceHandler } from './lib/resource';

export const handler = createResourceHandler('admin-offices', adminOfficesContracts, {});
