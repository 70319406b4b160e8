// POST /api/admin/financial-reconciliation/run-stripe-check: the stripe check, run now (the ledger's Stripe clearing and fees against Stripe's balance transactions).
import type { ReconciliationResult } from '@contracts/api/admin-reconciliation';
import { apiClient } from '../../../lib/api-client';

export function runStripeCheck(): Promise<ReconciliationResult> {
  return apiClient.call('POST /api/admin/financial-reconciliation/run-stripe-check');
}
