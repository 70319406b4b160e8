// GET /api/admin/dashboard/stats: fans, active pies, this month's money, held now, claims waiting.
import useSWR from 'swr';
import type { DashboardStats } from '@contracts/admin-dashboard';
import { apiClient } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';

export const dashboardStatsUrl = apiPath('GET /api/admin/dashboard/stats');

export const fetchDashboardStats = () => apiClient.call('GET /api/admin/dashboard/stats');

export function useDashboardStats() {
  return useSWR<DashboardStats, unknown>(dashboardStatsUrl, fetchDashboardStats);
}
