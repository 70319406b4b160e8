// Routes of the 'admin-fans' resource (see functions/contracts/routes.ts). Those not built yet answer 501.
import { adminFansContracts } from '../contracts/api/admin-fans';
import { createResourceHandler } from './lib/resource';

export const handler = createResourceHandler('admin-fans', adminFansContracts, {});
