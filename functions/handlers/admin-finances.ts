// Routes of the 'admin-finances' resource (see functions/contracts/routes.ts).
import { adminFinancesContracts } from '../contracts/api/admin-finances';
import {
  listEscrowForStaff,
  processEscrowPayouts,
  readEscrowDue,
  resolveNameForStaff,
  staffEscrowDependencies,
} from '../services/admin/escrow';
import { financesDependencies, readFinances, readJournal } from '../services/admin/finances';
import {
  listWalletTransactionsForStaff,
  readWalletStatsForStaff,
  staffWalletDependencies,
} from '../services/admin/wallet-transactions';
import { ok } from './lib/http';
import { createResourceHandler } from './lib/resource';

export const handler = createResourceHandler('admin-finances', adminFinancesContracts, {
  'GET /api/admin/finances': async ({ query }) =>
    ok(await readFinances(financesDependencies(), query.period)),
  'GET /api/admin/finances/journal': async ({ query }) =>
    ok(await readJournal(financesDependencies(), query)),
  'GET /api/admin/escrow': async ({ query }) => {
    const { artists, pagination } = await listEscrowForStaff(staffEscrowDependencies(), query);
    return ok(artists, { pagination });
  },
  'GET /api/admin/escrow/due': async () => ok(await readEscrowDue(staffEscrowDependencies())),
  'POST /api/admin/escrow/process-payouts': async ({ principal, body, log }) =>
    ok(
      await processEscrowPayouts(staffEscrowDependencies(), principal.userId, body, {
        log,
      }),
    ),
  'POST /api/admin/escrow/name-only/{name}/resolve': async ({ principal, params, body }) => {
    return ok(await resolveNameForStaff(staffEscrowDependencies(), principal.userId, params.name, body));
  },
  'GET /api/admin/wallet-transactions': async ({ query }) => {
    const { transactions, pagination } = await listWalletTransactionsForStaff(
      staffWalletDependencies(),
      query,
    );
    return ok(transactions, { pagination });
  },
  'GET /api/admin/wallet-transactions/stats': async ({ query }) =>
    ok(await readWalletStatsForStaff(staffWalletDependencies(), query.period)),
});
