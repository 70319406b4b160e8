// POST /api/admin/financial-reconciliation/run-pie-check: the pie check, run now (every ended pie split or raised, each split its receipt).
import type { ReconciliationResult } from '../../../../../functions/contracts/api/admin-reconciliation';
import { apiClient } from '../../../lib/api-client';
import { apiPath } from '../../../lib/api-path';

export function runPieCheck(): Promise<ReconciliationResult> {
  return apiClient.post<ReconciliationResult>(
    apiPath('POST /api/admin/financial-reconciliation/run-pie-check'),
  );
}
