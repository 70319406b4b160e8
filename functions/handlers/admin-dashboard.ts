// Routes of the 'admin-dashboard' resource (see functions/contracts/routes.ts). Those not built yet answer 501.
import { adminDashboardContracts } from '../contracts/api/admin-dashboard';
import { createResourceHandler } from './lib/resource';

export const handler = createResourceHandler('admin-dashboard', adminDashboardContracts, {});
