// The three /try promo routes of the fan-payments resource (SPEC §7 "Payments and promo (fan)"), written apart so
// handlers/fan-payments.ts spreads them into its route table.
import type { fanPaymentsContracts } from '../../contracts/api/fan-payments';
import { promoDependencies } from '../../services/promo/dependencies';
import {
  createPromoSubscription,
  getPromoAvailability,
  getPromoEligibility,
} from '../../services/promo/promo';
import { findClientAddress } from '../../services/rate-limit';
import { created, ok } from './http';
import type { HandlerFor } from './resource';

type Contracts = typeof fanPaymentsContracts;

export const promoRoutes: {
  'GET /api/stripe/promoAvailability': HandlerFor<Contracts, 'GET /api/stripe/promoAvailability'>;
  'GET /api/stripe/promoEligibility': HandlerFor<Contracts, 'GET /api/stripe/promoEligibility'>;
  'POST /api/stripe/createPromoSubscription': HandlerFor<
    Contracts,
    'POST /api/stripe/createPromoSubscription'
  >;
} = {
  'GET /api/stripe/promoAvailability': async ({ query, event, env }) =>
    ok(
      await getPromoAvailability(promoDependencies(), {
        recaptchaToken: query.recaptchaToken,
        clientAddress: findClientAddress(event, env),
      }),
    ),
  'GET /api/stripe/promoEligibility': async ({ principal }) =>
    ok(await getPromoEligibility(promoDependencies(), principal.userId)),
  'POST /api/stripe/createPromoSubscription': async ({ body, principal }) =>
    created(await createPromoSubscription(promoDependencies(), principal.userId, body)),
};
