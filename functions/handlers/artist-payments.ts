// Routes of the 'artist-payments' resource (see functions/contracts/routes.ts). Those not built yet answer 501.
import { artistPaymentsContracts } from '../contracts/api/artist-payments';
import { completeOnboarding, createDashboardLink, readPayoutAccount } from '../services/connect/onboarding';
import { paymentsDependencies } from '../services/payments/dependencies';
import { requirePrincipal } from './lib/auth';
import { ok } from './lib/http';
import { createResourceHandler } from './lib/resource';

export const handler = createResourceHandler('artist-payments', artistPaymentsContracts, {
  'POST /api/for-artists/stripe/completeOnboarding': async ({ principal, body, log }) =>
    ok(
      await completeOnboarding(
        paymentsDependencies(),
        requirePrincipal(principal).userId,
        body.officeId,
        log,
      ),
    ),
  'GET /api/for-artists/stripe/createLoginLink': async ({ principal, query }) =>
    ok(await createDashboardLink(paymentsDependencies(), requirePrincipal(principal).userId, query.officeId)),
  'GET /api/for-artists/stripe/account-status': async ({ principal, query }) =>
    ok(await readPayoutAccount(paymentsDependencies(), requirePrincipal(principal).userId, query.officeId)),
});
