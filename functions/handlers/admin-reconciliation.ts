// Routes of the 'admin-reconciliation' resource (see functions/contracts/routes.ts): staff run one reconciliation
// check (docs/decisions/038-reconciliation.md).
import { adminReconciliationContracts } from '../contracts/api/admin-reconciliation';
import type { BuiltReconciliationCheck } from '../services/admin/reconciliation';
import { reconciliationDependencies, runReconciliationCheck } from '../services/admin/reconciliation';
import { ok } from './lib/http';
import { createResourceHandler } from './lib/resource';

const full = (check: BuiltReconciliationCheck) => async () =>
  ok(await runReconciliationCheck(reconciliationDependencies(), check));
const minimal = (check: BuiltReconciliationCheck) => async () => {
  const result = await runReconciliationCheck(reconciliationDependencies(), check);
  return ok({ check: result.check, checked: result.checked, problems: result.problems.length });
};

export const handler = createResourceHandler('admin-reconciliation', adminReconciliationContracts, {
  'POST /api/admin/financial-reconciliation/run-ledger-check': full('ledger'),
  'POST /api/admin/financial-reconciliation/run-ledger-check-minimal': minimal('ledger'),
  'POST /api/admin/financial-reconciliation/run-wallet-check': full('wallet'),
  'POST /api/admin/financial-reconciliation/run-wallet-check-minimal': minimal('wallet'),
  'POST /api/admin/financial-reconciliation/run-escrow-check': full('escrow'),
  'POST /api/admin/financial-reconciliation/run-escrow-check-minimal': minimal('escrow'),
  'POST /api/admin/financial-reconciliation/run-pie-check': full('pie'),
  'POST /api/admin/financial-reconciliation/run-pie-check-minimal': minimal('pie'),
  'POST /api/admin/financial-reconciliation/run-payout-check': full('payout'),
  'POST /api/admin/financial-reconciliation/run-payout-check-minimal': minimal('payout'),
  'POST /api/admin/financial-reconciliation/run-stripe-check': full('stripe'),
  'POST /api/admin/financial-reconciliation/run-stripe-check-minimal': minimal('stripe'),
});
