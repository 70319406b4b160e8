// The local Stripe sandbox on a moved clock (its own clock option here, the product clock in the local runtime):
// renewals when the period ends, dunning from past_due to unpaid, funds becoming available, cancellation at the
// period's end.
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { openPieCheckout, sandboxPerTest, stripeClientFor, testCards } from '../support/stripe-sandbox';

const day = 86_400_000;
const newSandbox = sandboxPerTest();

async function startWithPaidPie(days: number) {
  let now = Date.parse('2026-11-23T10:00:00.000Z');
  const types: string[] = [];
  const sandbox = await newSandbox({
    clock: () => now,
    deliver: (rawBody) => {
      types.push((JSON.parse(rawBody) as Stripe.Event).type);
      return Promise.resolve({ status: 200 });
    },
  });
  const stripe = stripeClientFor(sandbox);
  const session = await openPieCheckout(stripe, { amountCents: 1000, days });
  await sandbox.payCheckout(session.id, { number: testCards.pays });
  await sandbox.settle();
  const subscription = (await stripe.subscriptions.list({ customer: String(session.customer) })).data[0];
  if (!subscription) throw new Error('No subscription after paying');
  const current = sandbox;
  return {
    stripe,
    subscription,
    types,
    moveClock: async (byMs: number) => {
      now += byMs;
      await current.advance();
    },
  };
}

describe('the Stripe sandbox over time', () => {
  it('renews when the clock passes the period end: a subscription_cycle invoice for the next period', async () => {
    // Prepare
    const { stripe, subscription, types, moveClock } = await startWithPaidPie(30);
    const firstEnd = subscription.items.data[0]?.current_period_end ?? 0;
    // Act
    await moveClock(29 * day);
    const before = await stripe.invoices.list({ subscription: subscription.id });
    await moveClock(1 * day + 1000);
    // Assess
    expect(before.data).toHaveLength(1);
    const invoices = await stripe.invoices.list({ subscription: subscription.id });
    expect(invoices.data.map((invoice) => invoice.billing_reason)).toEqual([
      'subscription_cycle',
      'subscription_create',
    ]);
    const renewal = invoices.data[0];
    expect(renewal?.status).toBe('paid');
    expect(renewal?.lines.data[0]?.period).toEqual({ start: firstEnd, end: firstEnd + 30 * 86_400 });
    const renewed = await stripe.subscriptions.retrieve(subscription.id);
    expect(renewed.status).toBe('active');
    expect(renewed.items.data[0]?.current_period_start).toBe(firstEnd);
    expect(renewed.latest_invoice).toBe(renewal?.id);
    expect(types.filter((type) => type === 'invoice.paid')).toHaveLength(2);
  });

  it('renews once per period over a long jump, each at its own instant', async () => {
    // Prepare
    const { stripe, subscription, moveClock } = await startWithPaidPie(1);
    // Act
    await moveClock(3 * day + 1000);
    // Assess
    const invoices = await stripe.invoices.list({ subscription: subscription.id });
    expect(invoices.data).toHaveLength(4);
    const starts = invoices.data.map((invoice) => invoice.lines.data[0]?.period.start ?? 0).reverse();
    expect(starts.slice(1).map((start, index) => start - (starts[index] ?? 0))).toEqual([
      86_400, 86_400, 86_400,
    ]);
  });

  it('makes a failed renewal past_due, retries it after 1, 3 and 5 days, then marks the subscription unpaid', async () => {
    // Prepare
    const { stripe, subscription, types, moveClock } = await startWithPaidPie(30);
    await stripe.subscriptions.update(subscription.id, { default_payment_method: 'pm_card_chargeDeclined' });
    // Act
    await moveClock(30 * day + 1000);
    const pastDue = await stripe.subscriptions.retrieve(subscription.id);
    const renewal = (await stripe.invoices.list({ subscription: subscription.id, limit: 1 })).data[0];
    await moveClock(3 * day);
    const stillPastDue = await stripe.subscriptions.retrieve(subscription.id);
    await moveClock(2 * day);
    // Assess
    expect(pastDue.status).toBe('past_due');
    expect(renewal).toMatchObject({ status: 'open', billing_reason: 'subscription_cycle', attempt_count: 1 });
    expect(renewal?.next_payment_attempt).toBe((renewal?.created ?? 0) + 86_400);
    expect(stillPastDue.status).toBe('past_due');
    const unpaid = await stripe.subscriptions.retrieve(subscription.id);
    expect(unpaid.status).toBe('unpaid');
    const invoice = await stripe.invoices.retrieve(String(renewal?.id));
    expect(invoice).toMatchObject({ status: 'open', attempt_count: 4, next_payment_attempt: null });
    expect(types.filter((type) => type === 'invoice.payment_failed')).toHaveLength(4);
    expect(types.filter((type) => type === 'invoice.paid')).toHaveLength(1);
  });

  it('recovers a past_due subscription when a retry pays', async () => {
    // Prepare
    const { stripe, subscription, moveClock } = await startWithPaidPie(30);
    await stripe.subscriptions.update(subscription.id, { default_payment_method: 'pm_card_chargeDeclined' });
    await moveClock(30 * day + 1000);
    await stripe.subscriptions.update(subscription.id, { default_payment_method: 'pm_card_visa' });
    // Act
    await moveClock(1 * day);
    // Assess
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('active');
    const renewal = (await stripe.invoices.list({ subscription: subscription.id, limit: 1 })).data[0];
    expect(renewal).toMatchObject({ status: 'paid', attempt_count: 2 });
  });

  it('makes funds available two days after the charge', async () => {
    // Prepare
    const { stripe, moveClock } = await startWithPaidPie(30);
    const [transaction] = (await stripe.balanceTransactions.list({ type: 'charge' })).data;
    // Act
    await moveClock(2 * day - 60_000);
    const pending = await stripe.balanceTransactions.retrieve(String(transaction?.id));
    await moveClock(60_000);
    const available = await stripe.balanceTransactions.retrieve(String(transaction?.id));
    // Assess
    expect(pending.status).toBe('pending');
    expect(available.status).toBe('available');
  });

  it('ends a subscription cancelled at period end when the period ends', async () => {
    // Prepare
    const { stripe, subscription, types, moveClock } = await startWithPaidPie(30);
    // Act
    const cancelling = await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    await moveClock(30 * day + 1000);
    const ended = await stripe.subscriptions.retrieve(subscription.id);
    // Assess
    expect(cancelling).toMatchObject({ status: 'active', cancel_at_period_end: true });
    expect(cancelling.cancel_at).toBe(subscription.items.data[0]?.current_period_end);
    expect(ended.status).toBe('canceled');
    expect((await stripe.invoices.list({ subscription: subscription.id })).data).toHaveLength(1);
    expect(types).toContain('customer.subscription.deleted');
  });

  it('cancels at once on DELETE', async () => {
    // Prepare
    const { stripe, subscription, moveClock } = await startWithPaidPie(30);
    // Act
    const canceled = await stripe.subscriptions.cancel(subscription.id);
    await moveClock(31 * day);
    // Assess
    expect(canceled.status).toBe('canceled');
    expect((await stripe.invoices.list({ subscription: subscription.id })).data).toHaveLength(1);
  });
});
