// Reconciliation runs (SPEC §7, DESIGN §5): the minimal variants log less; neither takes a body.
import type { ResourceContracts } from './contract';
import { notBuilt } from './contract';

const run = { reply: notBuilt('reconciliation, after #13') };

export const adminReconciliationContracts = {
  'POST /api/admin/financial-reconciliation/run-ledger-check': run,
  'POST /api/admin/financial-reconciliation/run-ledger-check-minimal': run,
  'POST /api/admin/financial-reconciliation/run-wallet-check': run,
  'POST /api/admin/financial-reconciliation/run-wallet-check-minimal': run,
  'POST /api/admin/financial-reconciliation/run-escrow-check': run,
  'POST /api/admin/financial-reconciliation/run-escrow-check-minimal': run,
  'POST /api/admin/financial-reconciliation/run-pie-check': run,
  'POST /api/admin/financial-reconciliation/run-pie-check-minimal': run,
  'POST /api/admin/financial-reconciliation/run-payout-check': run,
  'POST /api/admin/financial-reconciliation/run-payout-check-minimal': run,
  'POST /api/admin/financial-reconciliation/run-stripe-check': run,
  'POST /api/admin/financial-reconciliation/run-stripe-check-minimal': run,
} satisfies ResourceContracts<'admin-reconciliation'>;
