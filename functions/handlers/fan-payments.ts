// Routes of the 'fan-payments' resource (see functions/contracts/routes.ts): funding a pie through Stripe Checkout,
// the subscription behind it, the billing portal, the fee quote, and the /try promo's three routes
// (handlers/lib/promo-routes.ts).
import { fanPaymentsContracts } from '../contracts/api/fan-payments';
import { createCheckout, quotePieFees } from '../services/payments/checkout';
import { paymentsDependencies } from '../services/payments/dependencies';
import { recordInvoicePayment } from '../services/payments/money-in';
import {
  cancelSubscription,
  openBillingPortal,
  readActiveSubscription,
  refreshSubscription,
} from '../services/payments/subscriptions';
import { ok } from './lib/http';
import { promoRoutes } from './lib/promo-routes';
import { createResourceHandler } from './lib/resource';

export const handler = createResourceHandler('fan-payments', fanPaymentsContracts, {
  ...promoRoutes,
  'GET /api/stripe/feeQuote': async ({ query }) => ok(quotePieFees(paymentsDependencies(), query.amount)),
  'POST /api/stripe/createCheckout': async ({ body, principal }) =>
    ok(await createCheckout(paymentsDependencies(), principal.userId, body)),
  'GET /api/stripe/activeSubscription': async ({ principal }) =>
    ok(await readActiveSubscription(paymentsDependencies(), principal.userId)),
  'GET /api/stripe/refreshSubscription': async ({ principal, log }) => {
    const deps = paymentsDependencies();
    const fanId = principal.userId;
    return ok(
      await refreshSubscription(deps, fanId, (invoiceId) => recordInvoicePayment(deps, invoiceId, log)),
    );
  },
  'POST /api/stripe/cancelSubscription': async ({ body, principal }) =>
    ok(await cancelSubscription(paymentsDependencies(), principal.userId, body.subscriptionId)),
  'GET /api/stripe/customerBillingAccount': async ({ principal }) =>
    ok(await openBillingPortal(paymentsDependencies(), principal.userId)),
});
