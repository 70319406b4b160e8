// POST /api/admin/financial-reconciliation/run-pie-check: the pie check, run now (every ended pie split or raised, each split its receipt).
import type { ReconciliationResult } from '@contracts/api/admin-reconciliation';
import { apiClient } from '../../../lib/api-client';

export function runPieCheck(): Promise<ReconciliationResult> {
  return apiClient.call('POST /api/admin/financial-reconciliation/run-pie-check');
}
