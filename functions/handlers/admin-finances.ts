// Routes of the 'admin-finances' resource (see functions/contracts/routes.ts). Those not built yet answer 501.
import { adminFinancesContracts } from '../contracts/api/admin-finances';
import { createResourceHandler } from './lib/resource';

export const handler = createResourceHandler('admin-finances', adminFinancesContracts, {});
