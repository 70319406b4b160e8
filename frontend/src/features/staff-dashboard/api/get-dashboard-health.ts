// GET /api/admin/dashboard/health: each job's last run, backlogs, pies waiting, the last reconciliation.
import useSWR from 'swr';
import type { DashboardHealth } from '@contracts/admin-dashboard';
import { apiClient } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';

export const dashboardHealthUrl = apiPath('GET /api/admin/dashboard/health');

export const fetchDashboardHealth = () => apiClient.call('GET /api/admin/dashboard/health');

export function useDashboardHealth() {
  return useSWR<DashboardHealth, unknown>(dashboardHealthUrl, fetchDashboardHealth);
}
