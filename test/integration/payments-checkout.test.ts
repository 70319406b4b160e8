// Funding a pie end to end on DynamoDB Local and the Stripe sandbox: the fan's checkout through
// the fan-payments handler, the sandbox's hosted page paid with a test card, its signed webhooks delivered to the
// webhook handler in-process, and what the fan then sees. Also the rules around it: a verified e-mail, one pie at a
// time, 30-day pies, the fan's own subscription only, and the fee quote.
import { randomUUID } from 'node:crypto';
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { PieSummary, Subscription } from '../../functions/contracts/payments';
import { accountKey, stripeEventKey } from '../../functions/data/keys';
import { bodyOf } from '../support/gateway-event';
import { call, createSignedInAccount, dataOf } from '../support/identity';
import { startTestStripeSandbox, testCards } from '../support/stripe-sandbox';
import {
  fundPie,
  getJson,
  ledger,
  loadHandlers,
  moveClock,
  pieSettings,
  postWebhook,
  requestCheckout,
  sessionIdOf,
  paymentsHarnessPerTest,
  walletAccountsOf,
} from '../support/payments-harness';
import { paymentsDependencies } from '../../functions/services/payments/dependencies';
import { storeSubscription } from '../../functions/services/payments/subscriptions';
import { walletBalanceOf } from '../support/factories/ledger';
import { testTable } from '../support/test-table';

const day = 86_400_000;
const startHarness = paymentsHarnessPerTest();

describe('a card payment, end to end', () => {
  it('credits the wallet with $10, books the 59¢ fee and opens a 30-day pie with the checkout settings', async () => {
    // Prepare
    const harness = await startHarness();
    const { pie: pieHandler } = await loadHandlers();
    // Act
    const { fan } = await fundPie(harness, testCards.pays, 1000);
    // Assess
    const books = await ledger();
    // The money is the pie's own account in the fan's wallet (docs/decisions/031-money-by-origin.md)
    const [, wallet] = await walletAccountsOf(fan.userId);
    if (!wallet) throw new Error('No pie was opened');
    expect(await books.balance(wallet)).toBe(941);
    expect(await walletBalanceOf(fan.userId)).toBe(941);
    const entries = await books.entries(wallet);
    expect(entries.map((entry) => [entry.kind, entry.amountCents]).sort()).toEqual([
      ['fan-payment', 1000],
      ['processing-fee', -59],
    ]);
    const pie = await getJson<PieSummary>(pieHandler, '/api/pie/active', fan);
    expect(pie).toMatchObject({
      status: 'active',
      promo: false,
      pieDays: 30,
      amountCents: 1000,
      processingFeeCents: 59,
      platformFeeCents: 0,
      netCents: 941,
      settings: pieSettings,
    });
    expect(Date.parse(pie.periodEnd) - Date.parse(pie.periodStart)).toBe(30 * day);
    expect(harness.deliveries.every((delivery) => delivery.status === 200)).toBe(true);
  });

  it('changes nothing when every event is delivered and handled again', async () => {
    // Prepare
    const harness = await startHarness();
    const { fan } = await fundPie(harness, testCards.pays, 1500);
    const books = await ledger();
    const [, wallet] = await walletAccountsOf(fan.userId);
    if (!wallet) throw new Error('No pie was opened');
    const before = { balance: await books.balance(wallet), entries: await books.entries(wallet) };
    // The dedupe marks are removed too, so each event's function really runs again.
    const table = testTable();
    for (const delivery of harness.deliveries) {
      const { id } = JSON.parse(delivery.rawBody) as { id: string };
      await table.client.send(new DeleteCommand({ TableName: table.name, Key: stripeEventKey(id) }));
    }
    // Act
    const again = await Promise.all(harness.deliveries.map((d) => postWebhook(d.rawBody, d.headers)));
    // Assess
    expect(again.every((result) => result.statusCode === 200)).toBe(true);
    expect(await books.balance(wallet)).toBe(before.balance);
    expect(await books.entries(wallet)).toEqual(before.entries);
    expect(before.balance).toBe(1500 - 74); // 43.5 → 44 + 30
  });

  it('moves the money once when each event of a payment arrives twice at the same time, before any was handled', async () => {
    // Prepare: a sandbox whose deliveries are only collected, then posted by the test
    const collected: { rawBody: string; headers: Record<string, string> }[] = [];
    const sandbox = await startTestStripeSandbox({
      deliver: async (rawBody, headers) => {
        collected.push({ rawBody, headers });
        return { status: 200 };
      },
    });
    try {
      const fan = await createSignedInAccount('fan');
      const checkout = await requestCheckout(fan, 2000);
      await sandbox.payCheckout(sessionIdOf(dataOf<{ url: string }>(checkout).url), {
        number: testCards.pays,
      });
      await sandbox.settle();
      // Act
      const results = await Promise.all(
        [...collected, ...collected].map((delivery) => postWebhook(delivery.rawBody, delivery.headers)),
      );
      // Assess
      expect(results.map((result) => result.statusCode).filter((status) => status !== 200)).toEqual([]);
      const books = await ledger();
      const [, wallet] = await walletAccountsOf(fan.userId);
      if (!wallet) throw new Error('No pie was opened');
      expect(await books.balance(wallet)).toBe(2000 - 88); // 58 + 30
      expect((await books.entries(wallet)).map((entry) => entry.kind).sort()).toEqual([
        'fan-payment',
        'processing-fee',
      ]);
    } finally {
      await sandbox.stop();
    }
  });

  it('opens the pie from the success page when the webhooks have not come yet', async () => {
    // Prepare: deliveries are swallowed, as if Stripe were slow
    const sandbox = await startTestStripeSandbox({ deliver: async () => ({ status: 200 }) });
    try {
      const { payments, pie: pieHandler } = await loadHandlers();
      const fan = await createSignedInAccount('fan');
      const checkout = await requestCheckout(fan, 1000);
      await sandbox.payCheckout(sessionIdOf(dataOf<{ url: string }>(checkout).url), {
        number: testCards.pays,
      });
      await sandbox.settle();
      expect(await getJson<PieSummary | null>(pieHandler, '/api/pie/active', fan)).toBeNull();
      // Act
      const refreshed = await getJson<Subscription>(payments, '/api/stripe/refreshSubscription', fan);
      // Assess
      const pie = await getJson<PieSummary>(pieHandler, '/api/pie/active', fan);
      expect(refreshed).toMatchObject({
        kind: 'card',
        status: 'active',
        cancel_at_period_end: false,
        amountCents: 1000,
        pieDays: 30,
        metadata: { pie_id: pie.id },
      });
      expect(await walletBalanceOf(fan.userId)).toBe(941);
    } finally {
      await sandbox.stop();
    }
  });
});

describe('the checkout rules', () => {
  it('answers 409 active_pie_exists to a second checkout while a pie runs', async () => {
    // Prepare
    const harness = await startHarness();
    const { fan } = await fundPie(harness, testCards.pays);
    // Act
    const second = await requestCheckout(fan, 500);
    // Assess
    expect(second.statusCode).toBe(409);
    expect(bodyOf(second)['code']).toBe('active_pie_exists');
  });

  it('answers 403 email_not_verified to a fan whose address is not verified', async () => {
    // Prepare
    await startHarness();
    const fan = await createSignedInAccount('fan');
    const table = testTable();
    await table.client.send(
      new UpdateCommand({
        TableName: table.name,
        Key: accountKey('fan', fan.userId),
        UpdateExpression: 'REMOVE emailVerifiedAt',
      }),
    );
    // Act
    const result = await requestCheckout(fan, 1000);
    // Assess
    expect(result.statusCode).toBe(403);
    expect(bodyOf(result)['code']).toBe('email_not_verified');
  });

  it('refuses a pie of other than 30 days from a fan with a field message', async () => {
    await startHarness();
    const fan = await createSignedInAccount('fan');
    const result = await requestCheckout(fan, 1000, { pieDays: 7 });
    expect(result.statusCode).toBe(422);
    expect(JSON.stringify(bodyOf(result))).toContain('A pie lasts 30 days');
  });

  it('keeps one open Checkout session per fan: a new one expires the one before', async () => {
    // Prepare
    const harness = await startHarness();
    const fan = await createSignedInAccount('fan');
    const first = sessionIdOf(dataOf<{ url: string }>(await requestCheckout(fan, 1000)).url);
    // Act
    const second = sessionIdOf(dataOf<{ url: string }>(await requestCheckout(fan, 1200)).url);
    // Assess
    expect((await harness.stripe.checkout.sessions.retrieve(first)).status).toBe('expired');
    expect((await harness.stripe.checkout.sessions.retrieve(second)).status).toBe('open');
    const customers = await harness.stripe.customers.list({ limit: 100 });
    expect(customers.data.filter((c) => c.metadata?.['fan_id'] === fan.userId)).toHaveLength(1);
  });

  it('quotes the fees of a pie publicly, and refuses an amount no pie may have', async () => {
    const { payments } = await loadHandlers();
    const quote = await call(payments, 'GET', '/api/stripe/feeQuote', { query: { amount: '1000' } });
    expect(dataOf(quote)).toEqual({
      amountCents: 1000,
      processingFeeCents: 59,
      platformFeeCents: 0,
      netCents: 941,
      processingFeeBasisPoints: 290,
      processingFeeFixedCents: 30,
      platformFeeBasisPoints: 0,
    });
    const tooSmall = await call(payments, 'GET', '/api/stripe/feeQuote', { query: { amount: '100' } });
    expect(tooSmall.statusCode).toBe(422);
  });
});

describe('the subscription behind the pie', () => {
  it('cancels at period end: the pie keeps its period and shows as cancelling', async () => {
    // Prepare
    const harness = await startHarness();
    const { payments, pie: pieHandler } = await loadHandlers();
    const { fan } = await fundPie(harness, testCards.pays);
    const before = await getJson<PieSummary>(pieHandler, '/api/pie/active', fan);
    const active = await getJson<Subscription>(payments, '/api/stripe/activeSubscription', fan);
    // Act
    const cancelled = await call(payments, 'POST', '/api/stripe/cancelSubscription', {
      cookies: [fan.cookie],
      body: { subscriptionId: active.id },
    });
    await harness.sandbox.settle();
    // Assess
    expect(cancelled.statusCode).toBe(200);
    expect(dataOf(cancelled)).toMatchObject({ id: active.id, cancel_at_period_end: true, status: 'active' });
    expect((await harness.stripe.subscriptions.retrieve(active.id)).cancel_at_period_end).toBe(true);
    const after = await getJson<PieSummary>(pieHandler, '/api/pie/active', fan);
    expect(after).toMatchObject({ id: before.id, status: 'cancelling', periodEnd: before.periodEnd });
  });

  it("keeps the fan's cancel when a copy of the subscription asked for before it is stored after it (a webhook's re-read)", async () => {
    // Prepare: a webhook's handler asks Stripe for the subscription, then the fan cancels before it stores its copy
    const harness = await startHarness();
    const { payments, pie: pieHandler } = await loadHandlers();
    const { fan } = await fundPie(harness, testCards.pays);
    const active = await getJson<Subscription>(payments, '/api/stripe/activeSubscription', fan);
    const deps = paymentsDependencies();
    const askedAt = deps.clock.now();
    const stale = await (await deps.stripe()).retrieveSubscription(active.id);
    if (!stale) throw new Error('Stripe does not know the subscription');
    await moveClock(harness, 1_000);
    await call(payments, 'POST', '/api/stripe/cancelSubscription', {
      cookies: [fan.cookie],
      body: { subscriptionId: active.id },
    });
    // Act
    const stored = await storeSubscription(deps, stale, askedAt);
    // Assess
    expect(stored?.cancelAtPeriodEnd).toBe(true);
    expect(await getJson<Subscription>(payments, '/api/stripe/activeSubscription', fan)).toMatchObject({
      cancel_at_period_end: true,
    });
    expect(await getJson<PieSummary>(pieHandler, '/api/pie/active', fan)).toMatchObject({
      status: 'cancelling',
    });
    // A copy asked for after the cancel is stored: the fan may renew in Stripe's billing portal.
    await harness.stripe.subscriptions.update(active.id, { cancel_at_period_end: false });
    const renewed = await (await deps.stripe()).retrieveSubscription(active.id);
    if (!renewed) throw new Error('Stripe does not know the subscription');
    await moveClock(harness, 1_000);
    expect((await storeSubscription(deps, renewed, deps.clock.now()))?.cancelAtPeriodEnd).toBe(false);
  });

  it("answers 404 to a fan cancelling another fan's subscription, and leaves it alone", async () => {
    // Prepare
    const harness = await startHarness();
    const { payments } = await loadHandlers();
    const { fan: owner } = await fundPie(harness, testCards.pays);
    const stranger = await createSignedInAccount('fan');
    const active = await getJson<Subscription>(payments, '/api/stripe/activeSubscription', owner);
    // Act
    const result = await call(payments, 'POST', '/api/stripe/cancelSubscription', {
      cookies: [stranger.cookie],
      body: { subscriptionId: active.id },
    });
    // Assess
    expect(result.statusCode).toBe(404);
    expect(bodyOf(result)['code']).toBe('subscription_not_found');
    expect((await harness.stripe.subscriptions.retrieve(active.id)).cancel_at_period_end).toBe(false);
  });

  it('opens the billing portal for a paying fan and answers 409 no_billing_account to one who never paid', async () => {
    const harness = await startHarness();
    const { payments } = await loadHandlers();
    const { fan } = await fundPie(harness, testCards.pays);
    const newcomer = await createSignedInAccount('fan');
    const portal = await call(payments, 'GET', '/api/stripe/customerBillingAccount', {
      cookies: [fan.cookie],
    });
    const none = await call(payments, 'GET', '/api/stripe/customerBillingAccount', {
      cookies: [newcomer.cookie],
    });
    expect(portal.statusCode).toBe(200);
    expect(dataOf<{ url: string }>(portal).url).toMatch(/^http/);
    expect(none.statusCode).toBe(409);
    expect(bodyOf(none)['code']).toBe('no_billing_account');
  });

  it('answers null for a fan without a subscription or pie', async () => {
    const { payments, pie: pieHandler } = await loadHandlers();
    const fan = await createSignedInAccount('fan');
    expect(await getJson(payments, '/api/stripe/activeSubscription', fan)).toBeNull();
    expect(await getJson(pieHandler, '/api/pie/active', fan)).toBeNull();
  });
});

describe("a fan's pies", () => {
  it("lists the fan's own pies and hides a private fan's as 404", async () => {
    // Prepare
    const harness = await startHarness();
    const { pie: pieHandler } = await loadHandlers();
    const { fan } = await fundPie(harness, testCards.pays);
    const other = await createSignedInAccount('fan');
    // Act
    const own = await getJson<PieSummary[]>(pieHandler, `/api/pie/user/${fan.userId}/pies`, fan);
    const hidden = await call(pieHandler, 'GET', `/api/pie/user/${fan.userId}/pies`, {
      cookies: [other.cookie],
    });
    const unknown = await call(pieHandler, 'GET', `/api/pie/user/${randomUUID()}/pies`, {
      cookies: [other.cookie],
    });
    // Assess
    expect(own).toHaveLength(1);
    expect(own[0]).toMatchObject({ amountCents: 1000, status: 'active' });
    expect(hidden.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
  });
});
