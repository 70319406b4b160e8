// One subscription per fan (decision 035) on DynamoDB Local and the Stripe sandbox through the real SDK: a second
// subscription that completes anyway (a second session
// written straight into the sandbox, as a race of today's product could leave one; or a checkout paid after a promo
// pie) is cancelled in Stripe at once, its invoice refunded in full and the refund booked by `charge.refunded`, and
// the fan is mailed once, however often and however concurrently the events are handled; the fan's one
// subscription renews untouched; and a promo claim is refused while a card subscription is live.
import { randomUUID } from 'node:crypto';
import { DeleteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import type { PieSummary, Subscription } from '../../functions/contracts/payments';
import { getAccount, saveConnection } from '../../functions/data/accounts';
import { accountKey, oneSubscriptionKey } from '../../functions/data/keys';
import { getLedgerTransaction, transactionIdOf } from '../../functions/data/ledger';
import { listFanPies, markPieInactive } from '../../functions/data/pies';
import { putFanSubscription, listFanSubscriptions } from '../../functions/data/subscriptions';
import { getClock } from '../../functions/runtime/clock';
import { addTryPromoCodes } from '../../functions/services/promo/promo';
import { bodyOf } from '../support/gateway-event';
import type { SignedInAccount } from '../support/identity';
import { call, createSignedInAccount, readOutbox } from '../support/identity';
import { testCards } from '../support/stripe-sandbox';
import {
  checkoutOf,
  fundPie,
  getJson,
  loadHandlers,
  paymentsHarnessPerTest,
  payCheckout,
  pieSettings,
  postWebhook,
} from '../support/payments-harness';
import { testTable } from '../support/test-table';

const day = 86_400_000;
const secondMailSubject = 'We refunded a second pie';
const startHarness = paymentsHarnessPerTest();

/**
 * A second Checkout session for the same fan and customer, written straight into the sandbox with the product's
 * parameters, beside the product's own: what two racing checkouts of today's product leave behind.
 */
async function secondSessionStraightIntoTheSandbox(
  stripe: Stripe,
  fan: SignedInAccount,
  amountCents: number,
): Promise<string> {
  const account = await getAccount(testTable(), 'fan', fan.userId);
  if (!account?.stripeCustomerId) throw new Error('The fan has no Stripe customer yet');
  const metadata = {
    fan_id: fan.userId,
    artist_limit: String(pieSettings.artistLimit),
    artist_popularity: String(pieSettings.artistPopularity),
    exclude_non_active: String(pieSettings.excludeNonActive),
    pie_days: '30',
    amount_cents: String(amountCents),
  };
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: account.stripeCustomerId,
    client_reference_id: fan.userId,
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: 'usd',
          unit_amount: amountCents,
          recurring: { interval: 'day', interval_count: 30 },
          product_data: { name: 'OpenPie pie' },
        },
      },
    ],
    metadata,
    subscription_data: { metadata },
    success_url: 'http://localhost:3000/pie/successCheckout?session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://localhost:3000/pie',
  });
  return session.id;
}

async function subscriptionOfSession(stripe: Stripe, sessionId: string): Promise<Stripe.Subscription> {
  const session = await stripe.checkout.sessions.retrieve(sessionId);
  const id = typeof session.subscription === 'string' ? session.subscription : session.subscription?.id;
  if (!id) throw new Error(`Session ${sessionId} has no subscription`);
  return stripe.subscriptions.retrieve(id);
}

/** The charge of a subscription's first invoice, and its refunds. */
async function chargeOfSubscription(stripe: Stripe, subscription: Stripe.Subscription) {
  const invoiceId =
    typeof subscription.latest_invoice === 'string'
      ? subscription.latest_invoice
      : subscription.latest_invoice?.id;
  if (!invoiceId) throw new Error(`Subscription ${subscription.id} has no invoice`);
  const payments = await stripe.invoicePayments.list({ invoice: invoiceId });
  const intent = payments.data[0]?.payment.payment_intent;
  const intentId = typeof intent === 'string' ? intent : intent?.id;
  if (!intentId) throw new Error(`Invoice ${invoiceId} has no payment`);
  const paymentIntent = await stripe.paymentIntents.retrieve(intentId);
  const chargeId =
    typeof paymentIntent.latest_charge === 'string'
      ? paymentIntent.latest_charge
      : paymentIntent.latest_charge?.id;
  if (!chargeId) throw new Error(`Payment ${intentId} has no charge`);
  const [charge, refunds] = await Promise.all([
    stripe.charges.retrieve(chargeId),
    stripe.refunds.list({ charge: chargeId }),
  ]);
  return { invoiceId, charge, refunds: refunds.data };
}

/** The ledger transaction `charge.refunded` booked for each refund of the charge (by its key `refund:<id>`). */
async function bookedRefunds(refunds: readonly Stripe.Refund[]) {
  return Promise.all(
    refunds.map((refund) => getLedgerTransaction(testTable(), transactionIdOf(`refund:${refund.id}`))),
  );
}

async function mailsTo(fan: SignedInAccount) {
  return (await readOutbox()).filter(
    (mail) => mail.to === fan.email && mail.subject.includes(secondMailSubject),
  );
}

describe('a second subscription that completes anyway', () => {
  it('is cancelled at once, its invoice refunded in full and booked, the fan mailed once (second session written straight into the sandbox)', async () => {
    // Prepare
    const harness = await startHarness();
    const { payments, pie: pieHandler } = await loadHandlers();
    const fan = await createSignedInAccount('fan');
    const firstSession = await checkoutOf(fan, 1000);
    const secondSession = await secondSessionStraightIntoTheSandbox(harness.stripe, fan, 1500);
    // Act
    await payCheckout(harness.sandbox, firstSession);
    await payCheckout(harness.sandbox, secondSession);
    // Assess: Stripe
    const one = await subscriptionOfSession(harness.stripe, firstSession);
    const second = await subscriptionOfSession(harness.stripe, secondSession);
    expect(one.status).toBe('active');
    expect(second.status).toBe('canceled');
    const refunded = await chargeOfSubscription(harness.stripe, second);
    expect(refunded.charge).toMatchObject({ refunded: true, amount_refunded: 1500 });
    expect(refunded.refunds).toHaveLength(1);
    const kept = await chargeOfSubscription(harness.stripe, one);
    expect(kept.charge).toMatchObject({ refunded: false, amount_refunded: 0 });
    // the product: the refund booked by charge.refunded, one pie, one subscription, one mail
    expect((await bookedRefunds(refunded.refunds)).map((transaction) => transaction?.kind)).toEqual([
      'refund',
    ]);
    expect(await bookedRefunds(kept.refunds)).toEqual([]);
    const active = await getJson<Subscription>(payments, '/api/stripe/activeSubscription', fan);
    expect(active).toMatchObject({ id: one.id, status: 'active', amountCents: 1000 });
    const pie = await getJson<PieSummary>(pieHandler, '/api/pie/active', fan);
    expect(pie).toMatchObject({ subscriptionId: one.id, amountCents: 1000 });
    const pies = await listFanPies(testTable(), fan.userId);
    expect(pies.find((p) => p.subscriptionId === second.id)).toMatchObject({
      status: 'inactive',
      inactiveReason: 'refunded',
    });
    const mails = await mailsTo(fan);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('$15.00');
    expect(harness.deliveries.filter((delivery) => delivery.status !== 200)).toEqual([]);
  });

  it('refunds once and mails once when every event of the second payment is handled twice at the same time', async () => {
    // Prepare: deliveries collected, then posted by the test
    const { sandbox, stripe, held: collected } = await startHarness({ holdBack: () => true });
    const deliverCollected = async (times: number) => {
      const batch = collected.splice(0);
      const results = await Promise.all(
        Array.from({ length: times }, () => batch)
          .flat()
          .map((delivery) => postWebhook(delivery.rawBody, delivery.headers)),
      );
      expect(results.map((result) => result.statusCode).filter((status) => status !== 200)).toEqual([]);
    };
    const fan = await createSignedInAccount('fan');
    const firstSession = await checkoutOf(fan, 1000);
    const secondSession = await secondSessionStraightIntoTheSandbox(stripe, fan, 2000);
    await payCheckout(sandbox, firstSession);
    await deliverCollected(1);
    await payCheckout(sandbox, secondSession);
    // Act: the second payment's events, twice at once; then what the refund raised, twice at once
    await deliverCollected(2);
    await sandbox.settle();
    await deliverCollected(2);
    // Assess
    const second = await subscriptionOfSession(stripe, secondSession);
    expect(second.status).toBe('canceled');
    const refunded = await chargeOfSubscription(stripe, second);
    expect(refunded.refunds.map((refund) => refund.amount)).toEqual([2000]);
    expect((await bookedRefunds(refunded.refunds)).map((transaction) => transaction?.kind)).toEqual([
      'refund',
    ]);
    expect((await subscriptionOfSession(stripe, firstSession)).status).toBe('active');
    expect(await mailsTo(fan)).toHaveLength(1);
  });

  it('refunds a payment of a fan whose one subscription was recorded before the holder existed', async () => {
    // Prepare: the fan's pie is paid, and the holder item is removed, as for a fan who paid before decision 035
    const harness = await startHarness();
    const { fan } = await fundPie(harness, testCards.pays, 1000);
    const table = testTable();
    await table.client.send(
      new DeleteCommand({ TableName: table.name, Key: oneSubscriptionKey(fan.userId) }),
    );
    const secondSession = await secondSessionStraightIntoTheSandbox(harness.stripe, fan, 1200);
    // Act
    await payCheckout(harness.sandbox, secondSession);
    // Assess
    const second = await subscriptionOfSession(harness.stripe, secondSession);
    expect(second.status).toBe('canceled');
    const refunded = await chargeOfSubscription(harness.stripe, second);
    expect(refunded.charge.amount_refunded).toBe(1200);
    expect((await bookedRefunds(refunded.refunds)).map((transaction) => transaction?.kind)).toEqual([
      'refund',
    ]);
    expect(await mailsTo(fan)).toHaveLength(1);
  });

  it("renews the fan's one subscription untouched", async () => {
    // Prepare: paid 31 days back, so its renewal falls due at the next advance
    const harness = await startHarness();
    const fan = await createSignedInAccount('fan');
    const session = await checkoutOf(fan, 1000);
    const paid = await harness.sandbox.payCheckout(
      session,
      { number: testCards.pays },
      { at: new Date(getClock().now().getTime() - 31 * day) },
    );
    expect(paid.ok).toBe(true);
    await harness.sandbox.settle();
    // Act
    await harness.sandbox.advance();
    // Assess
    const subscription = await subscriptionOfSession(harness.stripe, session);
    expect(subscription.status).toBe('active');
    const invoices = await harness.stripe.invoices.list({ subscription: subscription.id, status: 'paid' });
    expect(invoices.data).toHaveLength(2);
    const charges = await harness.stripe.charges.list({ customer: subscription.customer as string });
    expect(charges.data.map((charge) => charge.amount_refunded)).toEqual([0, 0]);
    expect(await listFanPies(testTable(), fan.userId)).toHaveLength(2);
    expect(await mailsTo(fan)).toEqual([]);
  });
});

describe('the promo and a card subscription', () => {
  /** Makes a harness fan able to claim the /try promo: eligible, with a Spotify account, codes in the pool. */
  async function promoReady(fan: SignedInAccount): Promise<void> {
    const table = testTable();
    await table.client.send(
      new UpdateCommand({
        TableName: table.name,
        Key: accountKey('fan', fan.userId),
        UpdateExpression: 'SET promoEligible = :true',
        ExpressionAttributeValues: { ':true': true },
      }),
    );
    await saveConnection(table, 'fan', fan.userId, {
      provider: 'spotify',
      providerUserId: `spotify-${randomUUID()}`,
      connectedAt: getClock().now().toISOString(),
    });
    await addTryPromoCodes(
      { table, clock: getClock() },
      { count: 1, batchId: `one-subscription-${randomUUID()}` },
    );
  }

  async function claimPromo(fan: SignedInAccount) {
    const { payments } = await loadHandlers();
    return call(payments, 'POST', '/api/stripe/createPromoSubscription', {
      cookies: [fan.cookie],
      headers: { 'content-type': 'application/json' },
      body: { artistLimit: 0, artistPopularity: 0, excludeNonActive: false, pieDays: 30 },
    });
  }

  it('refunds a checkout paid after the promo pie was claimed, keeps the promo pie, and mails the fan', async () => {
    // Prepare: the checkout is opened first, the promo claimed while it is open
    const harness = await startHarness();
    const { pie: pieHandler } = await loadHandlers();
    const fan = await createSignedInAccount('fan');
    await promoReady(fan);
    const session = await checkoutOf(fan, 1000);
    expect((await claimPromo(fan)).statusCode).toBe(201);
    // Act
    await payCheckout(harness.sandbox, session);
    // Assess
    const card = await subscriptionOfSession(harness.stripe, session);
    expect(card.status).toBe('canceled');
    const refunded = await chargeOfSubscription(harness.stripe, card);
    expect(refunded.charge.amount_refunded).toBe(1000);
    expect((await bookedRefunds(refunded.refunds)).map((transaction) => transaction?.kind)).toEqual([
      'refund',
    ]);
    const pie = await getJson<PieSummary>(pieHandler, '/api/pie/active', fan);
    expect(pie).toMatchObject({ promo: true, amountCents: 500 });
    expect(await mailsTo(fan)).toHaveLength(1);
  });

  it('refuses a promo claim with 409 while a card subscription is live though its pie is not current (renewal failed, written to the table)', async () => {
    // Prepare: the card pie's renewal failed; Stripe retries the card (past due)
    const harness = await startHarness();
    const { fan } = await fundPie(harness, testCards.pays, 1000);
    await promoReady(fan);
    const table = testTable();
    const [pie] = await listFanPies(table, fan.userId);
    const [stored] = await listFanSubscriptions(table, fan.userId);
    if (!pie || !stored) throw new Error('The card pie was not recorded');
    await markPieInactive(table, pie.id, 'renewal-failed', getClock().now());
    await putFanSubscription(table, { ...stored, status: 'past_due' });
    // Act
    const result = await claimPromo(fan);
    // Assess
    expect(result.statusCode).toBe(409);
    expect(bodyOf(result)['code']).toBe('active_pie_exists');
    expect((await listFanPies(table, fan.userId)).filter((p) => p.promo)).toEqual([]);
  });
});
