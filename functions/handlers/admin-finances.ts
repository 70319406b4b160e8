// Routes of the 'admin-finances' resource (see functions/contracts/routes.ts). Those not built yet answer 501.
import { adminFinancesContracts } from '../contracts/api/admin-finances';
import { financesDependencies, readFinances, readJournal } from '../services/admin/finances';
import { ok } from './lib/http';
import { createResourceHandler } from './lib/resource';

export const handler = createResourceHandler('admin-finances', adminFinancesContracts, {
  'GET /api/admin/finances': async ({ query }) =>
    ok(await readFinances(financesDependencies(), query.period)),
  'GET /api/admin/finances/journal': async ({ query }) =>
    ok(await readJournal(financesDependencies(), query)),
});
