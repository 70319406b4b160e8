// POST /api/admin/financial-reconciliation/run-wallet-check: the wallet check, run now (each fan's wallet is what was paid in less fees, splits and refunds plus what came back, every credit with its origin).
import type { ReconciliationResult } from '@contracts/api/admin-reconciliation';
import { apiClient } from '../../../lib/api-client';

export function runWalletCheck(): Promise<ReconciliationResult> {
  return apiClient.call('POST /api/admin/financial-reconciliation/run-wallet-check');
}
