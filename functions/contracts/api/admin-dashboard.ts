// The staff dashboard (SPEC §7; decision 040): figures, the health of background work, and money by month.
import * as z from 'zod/mini';
import {
  dashboardFinancialSchema,
  dashboardHealthSchema,
  dashboardStatsSchema,
  financialMonthsDefault,
  financialMonthsMax,
} from '../admin-dashboard';
import type { ResourceContracts } from './contract';
import { json } from './contract';
import { wholeNumberParam } from './fields';

export const adminDashboardContracts = {
  'GET /api/admin/dashboard/stats': { reply: json(dashboardStatsSchema) },
  'GET /api/admin/dashboard/health': { reply: json(dashboardHealthSchema) },
  'GET /api/admin/dashboard/financial': {
    query: z.object({ months: wholeNumberParam(financialMonthsMax, financialMonthsDefault) }),
    reply: json(dashboardFinancialSchema),
  },
} satisfies ResourceContracts<'admin-dashboard'>;
