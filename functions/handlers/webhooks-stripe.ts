// Routes of the 'webhooks-stripe' resource (see functions/contracts/routes.ts): Stripe's signed events.
// The manifest gives the route `rawBody`, so the signature is checked over the exact bytes Stripe sent.
import { webhooksStripeContracts } from '../contracts/api/webhooks-stripe';
import { paymentsDependencies } from '../services/payments/dependencies';
import { handleStripeWebhook } from '../services/payments/webhook';
import { ok } from './lib/http';
import { createResourceHandler } from './lib/resource';

export const handler = createResourceHandler('webhooks-stripe', webhooksStripeContracts, {
  'POST /api/webhooks/stripe': async ({ body, event, log }) => {
    await handleStripeWebhook(paymentsDependencies(), {
      payload: body,
      signature: event.headers?.['stripe-signature'],
      log,
    });
    return ok({ received: true as const });
  },
});
