// Routes of the 'admin-ledger' resource (see functions/contracts/routes.ts): staff's drill-down from a balance to the
// Stripe object behind it (decision 039).
import { adminLedgerContracts } from '../contracts/api/admin-ledger';
import {
  ledgerDrillDownDependencies,
  listPlatformAccounts,
  readLedgerAccount,
  readLedgerTransaction,
  readPieReceiptForStaff,
} from '../services/admin/ledger-drill-down';
import { ok } from './lib/http';
import { createResourceHandler } from './lib/resource';

export const handler = createResourceHandler('admin-ledger', adminLedgerContracts, {
  'GET /api/admin/ledger/platform-accounts': async () =>
    ok(await listPlatformAccounts(ledgerDrillDownDependencies())),
  'GET /api/admin/ledger/accounts/{accountId}': async ({ params, query }) =>
    ok(await readLedgerAccount(ledgerDrillDownDependencies(), params.accountId, query)),
  'GET /api/admin/ledger/transactions/{transactionId}': async ({ params }) =>
    ok(await readLedgerTransaction(ledgerDrillDownDependencies(), params.transactionId)),
  'GET /api/admin/ledger/pies/{pieId}': async ({ params }) =>
    ok(await readPieReceiptForStaff(ledgerDrillDownDependencies(), params.pieId)),
});
