// POST /api/admin/financial-reconciliation/run-escrow-check: the escrow check, run now (held lots equal what each artist holds, none past its holding period, none of a claimed artist).
import type { ReconciliationResult } from '@contracts/api/admin-reconciliation';
import { apiClient } from '../../../lib/api-client';

export function runEscrowCheck(): Promise<ReconciliationResult> {
  return apiClient.call('POST /api/admin/financial-reconciliation/run-escrow-check');
}
