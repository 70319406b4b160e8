// Routes of the 'fan-wallet' resource (see functions/contracts/routes.ts): the signed-in fan's wallet on the ledger.
import { fanWalletContracts } from '../contracts/api/fan-wallet';
import {
  listWalletTransactions,
  readWalletBalance,
  readWalletSummary,
  walletDependencies,
} from '../services/wallet/wallet';
import { ok } from './lib/http';
import { createResourceHandler } from './lib/resource';

export const handler = createResourceHandler('fan-wallet', fanWalletContracts, {
  'GET /api/fan-wallet/balance': async ({ principal }) =>
    ok(await readWalletBalance(walletDependencies(), principal.userId)),
  'GET /api/fan-wallet/transactions': async ({ query, principal }) => {
    const { transactions, pagination } = await listWalletTransactions(
      walletDependencies(),
      principal.userId,
      query,
    );
    return ok(transactions, { pagination });
  },
  'GET /api/fan-wallet/summary': async ({ principal }) =>
    ok(await readWalletSummary(walletDependencies(), principal.userId)),
});
