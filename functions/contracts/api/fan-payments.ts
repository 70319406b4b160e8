// Payments and the /try promo (SPEC §7 "Payments and promo (fan)"), built by issue #11.
import * as z from 'zod/mini';
import {
  cancelSubscriptionSchema,
  createCheckoutSchema,
  hostedPageSchema,
  promoAvailabilitySchema,
  promoEligibilitySchema,
  promoSubscriptionSchema,
} from '../pie';
import type { ResourceContracts } from './contract';
import { json, notBuilt } from './contract';

const recaptchaQuery = z.object({ recaptchaToken: z.optional(z.string().check(z.maxLength(4096))) });

export const fanPaymentsContracts = {
  'GET /api/stripe/promoAvailability': {
    query: recaptchaQuery,
    reply: notBuilt('#11', json(promoAvailabilitySchema)),
  },
  'GET /api/stripe/promoEligibility': { reply: notBuilt('#11', json(promoEligibilitySchema)) },
  'POST /api/stripe/createCheckout': {
    body: createCheckoutSchema,
    reply: notBuilt('#11', json(hostedPageSchema)),
  },
  'POST /api/stripe/createPromoSubscription': { body: promoSubscriptionSchema, reply: notBuilt('#11') },
  'POST /api/stripe/cancelSubscription': { body: cancelSubscriptionSchema, reply: notBuilt('#11') },
  'GET /api/stripe/customerBillingAccount': { reply: notBuilt('#11', json(hostedPageSchema)) },
  'GET /api/stripe/activeSubscription': { reply: notBuilt('#11') },
  'GET /api/stripe/refreshSubscription': { reply: notBuilt('#11') },
} satisfies ResourceContracts<'fan-payments'>;
