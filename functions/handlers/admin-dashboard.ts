// Routes of the 'admin-dashboard' resource (see functions/contracts/routes.ts): staff's dashboard (decision 040).
import { adminDashboardContracts } from '../contracts/api/admin-dashboard';
import {
  dashboardDependencies,
  readDashboardFinancial,
  readDashboardHealth,
  readDashboardStats,
} from '../services/admin/dashboard';
import { ok } from './lib/http';
import { createResourceHandler } from './lib/resource';

export const handler = createResourceHandler('admin-dashboard', adminDashboardContracts, {
  'GET /api/admin/dashboard/stats': async () => ok(await readDashboardStats(dashboardDependencies())),
  'GET /api/admin/dashboard/health': async () => ok(await readDashboardHealth(dashboardDependencies())),
  'GET /api/admin/dashboard/financial': async ({ query }) =>
    ok(await readDashboardFinancial(dashboardDependencies(), query.months)),
});
