// Routes of the 'artist-payments' resource (see functions/contracts/routes.ts).
import { artistPaymentsContracts } from '../contracts/api/artist-payments';
import { completeOnboarding, createDashboardLink, readPayoutAccount } from '../services/connect/onboarding';
import {
  checkMonthlyFee,
  listOfficeTransactions,
  listPayouts,
  listTransfersWithoutPayouts,
  readConnectedBalance,
  readOfficeBalance,
  readOfficeTransaction,
  readOfficeWalletBalance,
  readPayout,
  readTotalPayout,
} from '../services/connect/balances';
import { createPayout, payoutDependencies } from '../services/connect/payouts';
import {
  giveBack,
  giveBackDependencies,
  previewGiveBack,
  readGiveBackOverview,
} from '../services/give-back/give-back';
import { readStatement } from '../services/give-back/statements';
import { paymentsDependencies } from '../services/payments/dependencies';
import { ok } from './lib/http';
import { createResourceHandler } from './lib/resource';

export const handler = createResourceHandler('artist-payments', artistPaymentsContracts, {
  'POST /api/for-artists/stripe/completeOnboarding': async ({ principal, body, log }) =>
    ok(await completeOnboarding(paymentsDependencies(), principal.userId, body.officeId, log)),
  'GET /api/for-artists/stripe/createLoginLink': async ({ principal, query }) =>
    ok(await createDashboardLink(paymentsDependencies(), principal.userId, query.officeId)),
  'GET /api/for-artists/stripe/account-status': async ({ principal, query }) =>
    ok(await readPayoutAccount(paymentsDependencies(), principal.userId, query.officeId)),
  // Balances, transactions and payouts (decision 029).
  'POST /api/for-artists/stripe/create-payout': async ({ principal, body, log }) =>
    ok(await createPayout(payoutDependencies(), principal.userId, body, log)),
  'GET /api/for-artists/stripe/check-monthly-fee': async ({ principal, query }) =>
    ok(await checkMonthlyFee(payoutDependencies(), principal.userId, query.officeId)),
  'GET /api/for-artists/stripe/balance': async ({ principal, query }) =>
    ok(await readOfficeBalance(payoutDependencies(), principal.userId, query.officeId)),
  'GET /api/for-artists/stripe/wallet-balance': async ({ principal, query }) =>
    ok(await readOfficeWalletBalance(payoutDependencies(), principal.userId, query.officeId)),
  'GET /api/for-artists/stripe/connected-account-balance': async ({ principal, query }) =>
    ok(await readConnectedBalance(payoutDependencies(), principal.userId, query.officeId)),
  'GET /api/for-artists/stripe/total-payout': async ({ principal, query }) =>
    ok(await readTotalPayout(payoutDependencies(), principal.userId, query.officeId)),
  'GET /api/for-artists/stripe/payouts': async ({ principal, query }) =>
    ok(await listPayouts(payoutDependencies(), principal.userId, query.officeId)),
  'GET /api/for-artists/stripe/payout-details': async ({ principal, query }) =>
    ok(await readPayout(payoutDependencies(), principal.userId, query.officeId, query.payoutId)),
  'GET /api/for-artists/stripe/transfers-without-payouts': async ({ principal, query }) =>
    ok(await listTransfersWithoutPayouts(payoutDependencies(), principal.userId, query.officeId)),
  'GET /api/for-artists/stripe/transactions': async ({ principal, query }) => {
    const { data, pagination } = await listOfficeTransactions(payoutDependencies(), principal.userId, query);
    return ok(data, { pagination });
  },
  'GET /api/for-artists/stripe/transaction-details': async ({ principal, query }) =>
    ok(
      await readOfficeTransaction(
        payoutDependencies(),
        principal.userId,
        query.officeId,
        query.transactionId,
      ),
    ),
  'GET /api/for-artists/give-back': async ({ principal, query }) =>
    ok(await readGiveBackOverview(giveBackDependencies(), principal.userId, query.officeId)),
  'GET /api/for-artists/give-back/preview': async ({ principal, query }) =>
    ok(await previewGiveBack(giveBackDependencies(), principal.userId, query)),
  'POST /api/for-artists/give-back': async ({ principal, body, log }) =>
    ok(await giveBack(giveBackDependencies(), principal.userId, body, log)),
  'GET /api/for-artists/statements': async ({ principal, query }) =>
    ok(await readStatement(giveBackDependencies(), principal.userId, query)),
});
