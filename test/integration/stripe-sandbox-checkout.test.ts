// The local Stripe sandbox through the real `stripe` SDK: a pie's Checkout paid with 4242 gives an active
// subscription, a paid invoice reachable from its payment intent, a charge whose balance transaction carries
// Stripe's fee, and signed events the SDK verifies; declined cards create nothing paid and say Stripe's message.
import { readFileSync } from 'node:fs';
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { openPieCheckout, sandboxPerTest, stripeClientFor, testCards } from '../support/stripe-sandbox';

interface Delivered {
  rawBody: string;
  signature: string;
}

const newSandbox = sandboxPerTest();

async function start() {
  const delivered: Delivered[] = [];
  const sandbox = await newSandbox({
    deliver: (rawBody, headers) => {
      delivered.push({ rawBody, signature: headers['stripe-signature'] ?? '' });
      return Promise.resolve({ status: 200 });
    },
  });
  return { sandbox, stripe: stripeClientFor(sandbox), delivered };
}

const fixtures = JSON.parse(
  readFileSync(new URL('../../../shared/thirdparty/stripe/fixtures3.json', import.meta.url), 'utf8'),
) as { resources: Record<string, Record<string, unknown>> };

function keysOf(object: object): string[] {
  return Object.keys(object).sort();
}

describe('the Stripe sandbox Checkout', () => {
  it('turns a paid pie Checkout into an active subscription, a paid invoice and a charge with its fee', async () => {
    // Prepare
    const { sandbox, stripe, delivered } = await start();
    const session = await openPieCheckout(stripe, { amountCents: 1000, days: 30, fanId: 'fan_paid' });
    // Act
    const paid = await sandbox.payCheckout(session.id, {
      number: testCards.pays,
      expiry: '12 / 34',
      cvc: '123',
    });
    await sandbox.settle();
    // Assess
    expect(paid).toEqual({
      ok: true,
      redirectUrl: `http://localhost:3000/pie/successCheckout?session_id=${session.id}`,
    });
    const completed = await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription'] });
    expect(completed.status).toBe('complete');
    expect(completed.payment_status).toBe('paid');
    const subscription = completed.subscription as Stripe.Subscription;
    expect(subscription.status).toBe('active');
    expect(subscription.metadata).toMatchObject({ fan_id: 'fan_paid', pie_days: '30' });
    const item = subscription.items.data[0];
    expect(item?.current_period_end).toBe((item?.current_period_start ?? 0) + 30 * 86_400);

    const invoice = await stripe.invoices.retrieve(String(subscription.latest_invoice), {
      expand: ['payments.data.payment.payment_intent'],
    });
    expect(invoice.status).toBe('paid');
    expect(invoice.billing_reason).toBe('subscription_create');
    expect(invoice.amount_paid).toBe(1000);
    expect(invoice.parent?.subscription_details?.subscription).toBe(subscription.id);
    expect(invoice.parent?.subscription_details?.metadata).toMatchObject({ fan_id: 'fan_paid' });
    expect(invoice.lines.data[0]?.period).toEqual({
      start: item?.current_period_start,
      end: item?.current_period_end,
    });
    const intent = invoice.payments?.data[0]?.payment.payment_intent as Stripe.PaymentIntent;
    expect(intent.status).toBe('succeeded');

    const byIntent = await stripe.invoicePayments.list({
      payment: { type: 'payment_intent', payment_intent: intent.id },
    });
    expect(byIntent.data.map((payment) => payment.invoice)).toEqual([invoice.id]);

    const charge = await stripe.charges.retrieve(String(intent.latest_charge), {
      expand: ['balance_transaction'],
    });
    const transaction = charge.balance_transaction as Stripe.BalanceTransaction;
    expect(transaction).toMatchObject({ amount: 1000, fee: 59, net: 941, status: 'pending', type: 'charge' });
    expect(transaction.fee_details).toEqual([
      expect.objectContaining({ amount: 59, type: 'stripe_fee', currency: 'usd' }),
    ]);
    expect(transaction.available_on).toBe(charge.created + 2 * 86_400);

    const events = delivered.map(({ rawBody, signature }) =>
      stripe.webhooks.constructEvent(rawBody, signature, sandbox.webhookSecret),
    );
    const types = events.map((event) => event.type);
    expect(types).toEqual(
      expect.arrayContaining([
        'checkout.session.completed',
        'customer.subscription.created',
        'invoice.paid',
        'invoice.payment_succeeded',
        'payment_intent.succeeded',
        'charge.succeeded',
        'charge.updated',
      ]),
    );
    // Async capture: the charge is announced without its fee, which a later charge.updated brings.
    const succeeded = events.find((event) => event.type === 'charge.succeeded');
    const updated = events.find((event) => event.type === 'charge.updated');
    expect((succeeded?.data.object as Stripe.Charge).balance_transaction).toBeNull();
    expect((updated?.data.object as Stripe.Charge).balance_transaction).toBe(transaction.id);
    expect(types.indexOf('charge.updated')).toBeGreaterThan(types.indexOf('invoice.paid'));
    const listed = await stripe.events.list({ type: 'invoice.paid' });
    expect(listed.data.map((event) => event.id)).toContain(events.find((e) => e.type === 'invoice.paid')?.id);
  });

  it.each([
    ['declined', testCards.declined, 'card_declined', 'Your card was declined.'],
    ['insufficient funds', testCards.insufficientFunds, 'card_declined', 'Your card has insufficient funds.'],
  ])(
    'answers a %s card with Stripe message and creates nothing paid',
    async (_name, number, code, message) => {
      // Prepare
      const { sandbox, stripe, delivered } = await start();
      const session = await openPieCheckout(stripe, { amountCents: 500, days: 30 });
      await sandbox.settle();
      const before = delivered.length;
      // Act
      const result = await sandbox.payCheckout(session.id, { number, expiry: '12 / 34', cvc: '123' });
      await sandbox.settle();
      // Assess
      expect(result).toEqual({ ok: false, code, message });
      expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
      expect((await stripe.subscriptions.list({ customer: String(session.customer) })).data).toEqual([]);
      expect((await stripe.invoices.list({ customer: String(session.customer) })).data).toEqual([]);
      expect(delivered.length).toBe(before);
    },
  );

  it('serves the hosted page: a card form whose POST redirects or shows the decline', async () => {
    // Prepare
    const { sandbox, stripe } = await start();
    const session = await openPieCheckout(stripe, { amountCents: 1000, days: 30 });
    const pageUrl = `${sandbox.apiUrl}/_sandbox/stripe/checkout/${session.id}`;
    const post = (cardNumber: string) =>
      fetch(pageUrl, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ cardNumber, cardExpiry: '12 / 34', cardCvc: '123', cardName: 'Ada' }),
      });
    // Act
    const page = await (await fetch(pageUrl)).text();
    const declined = await post(testCards.declined);
    const accepted = await post(testCards.pays);
    // Assess
    for (const token of ['cc-number', 'cc-exp', 'cc-csc', 'cc-name']) {
      expect(page).toContain(`autocomplete="${token}"`);
    }
    expect(page).toContain('Subscribe $10.00');
    expect(page).toContain('OpenPie pie');
    expect(declined.status).toBe(402);
    expect(await declined.text()).toMatch(/role="alert">Your card was declined\./);
    expect(accepted.status).toBe(303);
    expect(accepted.headers.get('location')).toBe(
      `http://localhost:3000/pie/successCheckout?session_id=${session.id}`,
    );
  });

  it('expires a session, which can no longer be paid', async () => {
    // Prepare
    const { sandbox, stripe } = await start();
    const session = await openPieCheckout(stripe, { amountCents: 1000, days: 30 });
    // Act
    const expired = await stripe.checkout.sessions.expire(session.id);
    const result = await sandbox.payCheckout(session.id, { number: testCards.pays });
    // Assess
    expect(expired.status).toBe('expired');
    expect(result).toMatchObject({ ok: false, code: 'checkout_session_not_open' });
    await expect(stripe.checkout.sessions.expire(session.id)).rejects.toMatchObject({ statusCode: 400 });
  });

  it("gives its objects the key sets of Stripe's own examples", async () => {
    // Prepare
    const { sandbox, stripe } = await start();
    const session = await openPieCheckout(stripe, { amountCents: 1000, days: 30 });
    await sandbox.payCheckout(session.id, { number: testCards.pays });
    // Act
    const subscription = (await stripe.subscriptions.list({ customer: String(session.customer) })).data[0];
    const invoice = await stripe.invoices.retrieve(String(subscription?.latest_invoice));
    const charge = (await stripe.charges.list({ customer: String(session.customer) })).data[0];
    const transaction = await stripe.balanceTransactions.retrieve(String(charge?.balance_transaction));
    // Assess
    const expected = (name: string) => keysOf(fixtures.resources[name] ?? {});
    expect(keysOf(subscription ?? {})).toEqual(expected('subscription'));
    expect(keysOf(transaction)).toEqual(expected('balance_transaction'));
    expect(keysOf(charge ?? {})).toEqual(expect.arrayContaining(expected('charge')));
    // `payments` is the includable list the product reads; everything else is Stripe's example's.
    expect(keysOf(invoice).filter((key) => key !== 'payments')).toEqual(
      expected('invoice').filter((key) => key !== 'subscription'),
    );
  });
});
