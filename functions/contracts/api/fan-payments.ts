// Payments and the /try promo (SPEC §7 "Payments and promo (fan)").
import * as z from 'zod/mini';
import {
  activeSubscriptionSchema,
  feeQuoteQuerySchema,
  feeQuoteSchema,
  pieSummarySchema,
  subscriptionSchema,
} from '../payments';
import {
  cancelSubscriptionSchema,
  createCheckoutSchema,
  hostedPageSchema,
  promoAvailabilitySchema,
  promoEligibilitySchema,
  promoSubscriptionSchema,
} from '../pie';
import type { ResourceContracts } from './contract';
import { json } from './contract';

const recaptchaQuery = z.object({ recaptchaToken: z.optional(z.string().check(z.maxLength(4096))) });

export const fanPaymentsContracts = {
  'GET /api/stripe/promoAvailability': { query: recaptchaQuery, reply: json(promoAvailabilitySchema) },
  'GET /api/stripe/feeQuote': { query: feeQuoteQuerySchema, reply: json(feeQuoteSchema) },
  'GET /api/stripe/promoEligibility': { reply: json(promoEligibilitySchema) },
  'POST /api/stripe/createCheckout': { body: createCheckoutSchema, reply: json(hostedPageSchema) },
  'POST /api/stripe/createPromoSubscription': {
    body: promoSubscriptionSchema,
    reply: json(pieSummarySchema),
  },
  'POST /api/stripe/cancelSubscription': { body: cancelSubscriptionSchema, reply: json(subscriptionSchema) },
  'GET /api/stripe/customerBillingAccount': { reply: json(hostedPageSchema) },
  'GET /api/stripe/activeSubscription': { reply: json(activeSubscriptionSchema) },
  'GET /api/stripe/refreshSubscription': { reply: json(activeSubscriptionSchema) },
} satisfies ResourceContracts<'fan-payments'>;
