// The Stripe sandbox inside the local runtime (local/app.ts): the product's configuration points at it, its hosted
// Checkout page is served on the product's own origin, and moving the product clock renews subscriptions.
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { useLocalOpenPie } from '../support/local-app';
import { openPieCheckout, testCards } from '../support/stripe-sandbox';

const site = useLocalOpenPie('stripe-sandbox');

function productStripe(): Stripe {
  const url = new URL(process.env.STRIPE_API_URL ?? '');
  return new Stripe(process.env.STRIPE_API_KEY ?? '', {
    host: url.hostname,
    port: Number(url.port),
    protocol: 'http',
    maxNetworkRetries: 0,
  });
}

describe('the Stripe sandbox in the local runtime', () => {
  it('serves Checkout on the product origin and renews when the product clock moves', async () => {
    // Prepare
    expect(process.env.STRIPE_WEBHOOK_SECRET).toMatch(/^whsec_/);
    const stripe = productStripe();
    const session = await openPieCheckout(stripe, { amountCents: 1000, days: 30 });
    const pageUrl = session.url ?? '';
    // Act
    const page = await fetch(pageUrl);
    const paid = await fetch(pageUrl, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        cardNumber: testCards.pays,
        cardExpiry: '12 / 34',
        cardCvc: '123',
        cardName: 'Ada',
      }),
    });
    const moved = await fetch(`${site.url}/api/dev/time/advance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: site.url },
      body: JSON.stringify({ days: 31 }),
    });
    // Assess
    expect(pageUrl.startsWith(`${site.url}/_sandbox/stripe/checkout/`)).toBe(true);
    expect(page.status).toBe(200);
    expect(paid.status).toBe(303);
    expect(moved.status).toBe(200);
    const subscription = (await stripe.subscriptions.list({ customer: String(session.customer) })).data[0];
    const invoices = await stripe.invoices.list({ subscription: subscription?.id });
    expect(invoices.data.map((invoice) => invoice.billing_reason)).toEqual([
      'subscription_cycle',
      'subscription_create',
    ]);
  }, 240_000);
});
