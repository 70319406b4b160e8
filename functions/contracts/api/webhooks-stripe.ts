import * as z from 'zod/mini';
import type { ResourceContracts } from './contract';
import { json } from './contract';

export const webhooksStripeContracts = {
  // The manifest gives this route `rawBody`: the handler verifies the signature over the exact bytes, so there is no
  // body schema; the event is parsed after the signature holds.
  'POST /api/webhooks/stripe': { reply: json(z.object({ received: z.literal(true) })) },
} satisfies ResourceContracts<'webhooks-stripe'>;
