// A Stripe sandbox in memory for a test (local/stripe-sandbox/): the product's configuration points at it
// (STRIPE_API_URL, STRIPE_API_KEY, STRIPE_WEBHOOK_SECRET, read again after resetEnvCache), and `stripeClientFor`
// gives the real `stripe` SDK aimed at it. Stop it in the test's afterAll/afterEach.
import Stripe from 'stripe';
import { afterEach } from 'vitest';
import type { DeliveryMode, StripeSandbox, WebhookTarget } from '../../local/stripe-sandbox';
import { startStripeSandbox } from '../../local/stripe-sandbox';
export { cardExpiryAfter } from '../../local/stripe-sandbox/cards';
import { resetEnvCache } from '../../functions/runtime/env';

export interface TestStripeSandboxOptions {
  /** Receives every signed event (raw body and headers, as the webhook route would). */
  deliver?: Extract<WebhookTarget, { deliver: unknown }>['deliver'];
  /** Or a URL to POST them to. */
  webhookUrl?: string;
  delivery?: DeliveryMode;
  /** Milliseconds; the product clock by default. */
  clock?: () => number;
  publicUrl?: string;
}

export async function startTestStripeSandbox(options: TestStripeSandboxOptions = {}): Promise<StripeSandbox> {
  const webhook: WebhookTarget | undefined = options.deliver
    ? { deliver: options.deliver }
    : options.webhookUrl
      ? { url: options.webhookUrl }
      : undefined;
  const sandbox = await startStripeSandbox({
    dataDir: null,
    publicUrl: options.publicUrl ?? process.env.SITE_ORIGIN ?? 'http://localhost:3000',
    ...(webhook ? { webhook } : {}),
    ...(options.delivery ? { delivery: options.delivery } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
  });
  process.env.STRIPE_API_URL = sandbox.apiUrl;
  process.env.STRIPE_API_KEY = sandbox.apiKey;
  process.env.STRIPE_WEBHOOK_SECRET = sandbox.webhookSecret;
  resetEnvCache();
  return sandbox;
}

/** The real SDK, talking to the sandbox. */
export function stripeClientFor(
  sandbox: StripeSandbox,
  options: { maxNetworkRetries?: number } = {},
): Stripe {
  const url = new URL(sandbox.apiUrl);
  return new Stripe(sandbox.apiKey, {
    host: url.hostname,
    port: Number(url.port),
    protocol: 'http',
    maxNetworkRetries: options.maxNetworkRetries ?? 0,
  });
}

/** A Checkout Session as the product opens one for a pie: a new customer, inline daily price, metadata. */
export async function openPieCheckout(
  stripe: Stripe,
  input: { amountCents: number; days: number; fanId?: string; email?: string },
): Promise<Stripe.Checkout.Session> {
  const fanId = input.fanId ?? `fan_${Math.random().toString(36).slice(2)}`;
  const customer = await stripe.customers.create(
    { email: input.email ?? `${fanId}@example.com`, metadata: { fan_id: fanId } },
    { idempotencyKey: `customer-${fanId}` },
  );
  const metadata = { fan_id: fanId, pie_days: String(input.days), amount_cents: String(input.amountCents) };
  return stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    client_reference_id: fanId,
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: 'usd',
          unit_amount: input.amountCents,
          recurring: { interval: 'day', interval_count: input.days },
          product_data: { name: 'OpenPie pie' },
        },
      },
    ],
    metadata,
    subscription_data: { metadata },
    success_url: 'http://localhost:3000/pie/successCheckout?session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://localhost:3000/pie',
  });
}

export const testCards = {
  pays: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  insufficientFunds: '4000 0000 0000 9995',
  disputed: '4000 0000 0000 0259',
  /** Stripe's inquiry card: disputed as an inquiry (warning_needs_response), no money withdrawn. */
  inquiry: '4000 0000 0000 1976',
} as const;

/** A sandbox for each test that starts one (the last one it started), stopped after the test: call at a file's top. */
export function sandboxPerTest(): (options?: TestStripeSandboxOptions) => Promise<StripeSandbox> {
  let current: StripeSandbox | undefined;
  afterEach(async () => {
    await current?.stop();
    current = undefined;
  });
  return async (options) => (current = await startTestStripeSandbox(options));
}

/**
 * A sandbox (from `start`) that keeps every event it sends, after a $10 pie checkout paid with `card`: the SDK aimed at
 * it, the payment's charge and the events so far.
 */
export async function startPaidSandbox(
  start: (options?: TestStripeSandboxOptions) => Promise<StripeSandbox>,
  card: string,
) {
  const events: Stripe.Event[] = [];
  const sandbox = await start({
    deliver: (rawBody) => {
      events.push(JSON.parse(rawBody) as Stripe.Event);
      return Promise.resolve({ status: 200 });
    },
  });
  const stripe = stripeClientFor(sandbox);
  const session = await openPieCheckout(stripe, { amountCents: 1000, days: 30 });
  await sandbox.payCheckout(session.id, { number: card });
  await sandbox.settle();
  const charge = (await stripe.charges.list({ customer: String(session.customer) })).data[0];
  if (!charge) throw new Error('No charge after paying');
  return { sandbox, stripe, charge, events };
}
