// POST /api/admin/financial-reconciliation/run-payout-check: the payout check, run now (each payout has its booking, transfer and bank payout of the same net, money in flight is the open payouts).
import type { ReconciliationResult } from '@contracts/api/admin-reconciliation';
import { apiClient } from '../../../lib/api-client';

export function runPayoutCheck(): Promise<ReconciliationResult> {
  return apiClient.call('POST /api/admin/financial-reconciliation/run-payout-check');
}
