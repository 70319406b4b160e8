// POST /api/admin/financial-reconciliation/run-ledger-check: the ledger check, run now (every transaction sums to zero, balances equal their entries, nothing half-written, nothing owed below zero).
import type { ReconciliationResult } from '@contracts/api/admin-reconciliation';
import { apiClient } from '../../../lib/api-client';

export function runLedgerCheck(): Promise<ReconciliationResult> {
  return apiClient.call('POST /api/admin/financial-reconciliation/run-ledger-check');
}
