// The staff dashboard (SPEC §7; its replies are not shown there), built after issue #13.
import type { ResourceContracts } from './contract';
import { notBuilt } from './contract';

const later = 'the staff area, after #13';

export const adminDashboardContracts = {
  'GET /api/admin/dashboard/stats': { reply: notBuilt(later) },
  'GET /api/admin/dashboard/health': { reply: notBuilt(later) },
  'GET /api/admin/dashboard/financial': { reply: notBuilt(later) },
} satisfies ResourceContracts<'admin-dashboard'>;
