// The local Stripe sandbox's API conventions through the real `stripe` SDK: Bearer authentication, Stripe's error
// shapes and statuses, Idempotency-Key replay and mismatch, expand[] and list pagination.
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StripeSandbox } from '../../local/stripe-sandbox';
import {
  openPieCheckout,
  startTestStripeSandbox,
  stripeClientFor,
  testCards,
} from '../support/stripe-sandbox';

let sandbox: StripeSandbox;
let stripe: Stripe;
beforeAll(async () => {
  sandbox = await startTestStripeSandbox();
  stripe = stripeClientFor(sandbox);
});
afterAll(() => sandbox.stop());

describe('the Stripe sandbox API', () => {
  it('refuses a wrong or missing key with 401 in Stripe shape', async () => {
    // Prepare
    const url = new URL(sandbox.apiUrl);
    const stranger = new Stripe('sk_test_not_the_key', {
      host: url.hostname,
      port: Number(url.port),
      protocol: 'http',
    });
    // Act
    const refused = await stranger.customers.list().catch((error: unknown) => error);
    const bare = await fetch(`${sandbox.apiUrl}/v1/customers`);
    // Assess
    expect(refused).toMatchObject({ type: 'StripeAuthenticationError', statusCode: 401 });
    expect(bare.status).toBe(401);
    expect(((await bare.json()) as { error: { type: string } }).error.type).toBe('invalid_request_error');
  });

  it('answers a missing object with 404 resource_missing and a bad parameter with 400', async () => {
    // Act
    const missing = await stripe.customers.retrieve('cus_nothing').catch((error: unknown) => error);
    const bad = await stripe.refunds.create({}).catch((error: unknown) => error);
    // Assess
    expect(missing).toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 404,
      code: 'resource_missing',
    });
    expect(bad).toMatchObject({ statusCode: 400, code: 'parameter_missing', param: 'charge' });
  });

  it('replays the same Idempotency-Key with the same body and refuses it with another body', async () => {
    // Prepare
    const key = `customer-${Math.random()}`;
    // Act
    const first = await stripe.customers.create({ email: 'one@example.com' }, { idempotencyKey: key });
    const again = await stripe.customers.create({ email: 'one@example.com' }, { idempotencyKey: key });
    const other = await stripe.customers
      .create({ email: 'two@example.com' }, { idempotencyKey: key })
      .catch((error: unknown) => error);
    // Assess
    expect(again.id).toBe(first.id);
    expect(other).toMatchObject({ type: 'StripeIdempotencyError', statusCode: 400 });
    const all = await stripe.customers.list({ email: 'one@example.com', limit: 100 });
    expect(all.data.filter((customer) => customer.id === first.id)).toHaveLength(1);
    expect(all.data).toHaveLength(1);
  });

  it('expands nested paths, in objects and in lists', async () => {
    // Prepare
    const session = await openPieCheckout(stripe, { amountCents: 700, days: 30 });
    await sandbox.payCheckout(session.id, { number: testCards.pays });
    const subscription = (await stripe.subscriptions.list({ customer: String(session.customer) })).data[0];
    // Act
    const invoice = await stripe.invoices.retrieve(String(subscription?.latest_invoice), {
      expand: ['customer', 'payments.data.payment.payment_intent'],
    });
    const intent = invoice.payments?.data[0]?.payment.payment_intent as Stripe.PaymentIntent;
    const withCharge = await stripe.paymentIntents.retrieve(intent.id, {
      expand: ['latest_charge.balance_transaction'],
    });
    const listed = await stripe.charges.list({
      customer: String(session.customer),
      expand: ['data.customer'],
    });
    const unknown = await stripe.invoices
      .retrieve(invoice.id, { expand: ['nothing_here'] })
      .catch((error: unknown) => error);
    // Assess
    expect((invoice.customer as Stripe.Customer).object).toBe('customer');
    expect(intent.object).toBe('payment_intent');
    const charge = withCharge.latest_charge as Stripe.Charge;
    expect((charge.balance_transaction as Stripe.BalanceTransaction).fee).toBe(50);
    expect((listed.data[0]?.customer as Stripe.Customer).id).toBe(session.customer);
    expect(unknown).toMatchObject({ statusCode: 400, param: 'expand' });
  });

  it('pages lists newest first with limit, starting_after and ending_before', async () => {
    // Prepare
    const tag = `page-${Math.random()}`;
    const created: string[] = [];
    for (let index = 0; index < 5; index++) {
      created.push((await stripe.customers.create({ email: `${tag}@example.com` })).id);
    }
    const newestFirst = [...created].reverse();
    // Act
    const first = await stripe.customers.list({ email: `${tag}@example.com`, limit: 2 });
    const second = await stripe.customers.list({
      email: `${tag}@example.com`,
      limit: 2,
      starting_after: first.data[1]?.id,
    });
    const back = await stripe.customers.list({
      email: `${tag}@example.com`,
      limit: 2,
      ending_before: second.data[0]?.id,
    });
    const everything: string[] = [];
    for await (const customer of stripe.customers.list({ email: `${tag}@example.com`, limit: 2 })) {
      everything.push(customer.id);
    }
    // Assess
    expect(first).toMatchObject({ object: 'list', has_more: true, url: '/v1/customers' });
    expect(first.data.map((c) => c.id)).toEqual(newestFirst.slice(0, 2));
    expect(second.data.map((c) => c.id)).toEqual(newestFirst.slice(2, 4));
    expect(back.data.map((c) => c.id)).toEqual(newestFirst.slice(0, 2));
    expect(everything).toEqual(newestFirst);
    await expect(stripe.customers.list({ limit: 101 })).rejects.toMatchObject({ statusCode: 400 });
  });

  it('creates, retrieves and lists coupons and promotion codes, and opens a billing portal session', async () => {
    // Prepare
    const customer = await stripe.customers.create({ email: 'portal@example.com' });
    // Act
    const coupon = await stripe.coupons.create({ percent_off: 100, duration: 'once', name: 'Free pie' });
    const code = await stripe.promotionCodes.create({
      promotion: { type: 'coupon', coupon: coupon.id },
      code: 'TRY1',
    });
    const found = await stripe.promotionCodes.list({ code: 'TRY1' });
    const portal = await stripe.billingPortal.sessions.create({
      customer: customer.id,
      return_url: 'http://localhost:3000/my-pies',
    });
    // Assess
    expect((await stripe.coupons.retrieve(coupon.id)).percent_off).toBe(100);
    expect(found.data.map((p) => p.id)).toEqual([code.id]);
    expect(portal.url).toMatch(/\/_sandbox\/stripe\/portal\/bps_/);
    const page = await (await fetch(`${sandbox.apiUrl}${new URL(portal.url).pathname}`)).text();
    expect(page).toContain('href="http://localhost:3000/my-pies"');
  });
});
