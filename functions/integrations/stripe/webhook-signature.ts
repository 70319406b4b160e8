// Stripe's webhook signature (`Stripe-Signature: t=<unix>,v1=<hex>[,v1=…]`, HMAC-SHA256 of `${t}.${rawBody}`), checked
// by the SDK's own verifier over the exact bytes received, with the product clock as "now" (so the movable local
// clock and tests agree with the sandbox that signed) and each of the endpoint's secrets in turn (a rotation keeps
// the old one valid for a while). Only after the signature holds is the body read, and then only what the product
// relies on: the event's id, type and the id of its object.
import Stripe from 'stripe';
import * as z from 'zod/mini';
import { AppError } from '../../domain/errors';

/** Stripe's default: an event signed more than 5 minutes before it is checked is refused (a replay). */
export const webhookToleranceSeconds = 300;

const eventSchema = z.looseObject({
  id: z.string().check(z.minLength(1)),
  object: z.literal('event'),
  type: z.string().check(z.minLength(1)),
  created: z.number(),
  /** Connect: the connected account the event happened on (its payouts), absent for the platform's own. */
  account: z.optional(z.nullable(z.string())),
  data: z.looseObject({
    object: z.looseObject({ id: z.optional(z.string()), object: z.string() }),
  }),
});

/** What the product reads of an event: which event, of what type, about which object. Never the object's copy. */
export interface StripeEventNudge {
  id: string;
  type: string;
  created: number;
  object: { id: string | null; kind: string };
  /** The connected account of a Connect event (e.g. `payout.paid` of an office's account), else null. */
  account: string | null;
}

const refuse = (reason: string, cause?: unknown) =>
  new AppError('bad_request', undefined, {
    code: 'stripe_signature_invalid',
    cause: cause ?? new Error(reason),
  });

/**
 * Checks the signature of a webhook's raw body against every secret (any one may match any `v1=` value) at `now`;
 * throws a 400 `stripe_signature_invalid` when none does, the header is missing or malformed, or the timestamp is
 * older than the tolerance.
 */
export function verifyStripeWebhook(input: {
  payload: Uint8Array | string;
  header: string | undefined;
  secrets: readonly string[];
  now: Date;
  toleranceSeconds?: number;
}): StripeEventNudge {
  const { payload, header, secrets, now } = input;
  if (header === undefined || header.trim() === '') throw refuse('no Stripe-Signature header');
  if (secrets.length === 0) throw new Error('No Stripe webhook secret is configured');
  let verified: unknown = undefined;
  let lastError: unknown = undefined;
  for (const secret of secrets) {
    try {
      verified = Stripe.webhooks.constructEvent(
        payload,
        header,
        secret,
        input.toleranceSeconds ?? webhookToleranceSeconds,
        undefined,
        now.getTime(),
      );
      break;
    } catch (error) {
      lastError = error;
    }
  }
  if (verified === undefined) throw refuse('no secret matches', lastError);
  const parsed = eventSchema.safeParse(verified);
  if (!parsed.success) {
    throw new AppError('bad_request', 'This webhook body is not a Stripe event.', { cause: parsed.error });
  }
  const event = parsed.data;
  return {
    id: event.id,
    type: event.type,
    created: event.created,
    object: { id: event.data.object.id ?? null, kind: event.data.object.object },
    account: event.account ?? null,
  };
}
