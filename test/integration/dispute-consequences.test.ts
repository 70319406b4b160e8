// After a fan disputes a subscription's payment, the subscription stops at once in Stripe (stopSubscriptionAfterDispute),
// on DynamoDB Local and the Stripe sandbox through the real adapter: the fan is never charged again when the clock
// moves past the renewal; an inquiry, which takes no money, stops nothing; calling it again, or twice at once, stops
// the subscription once. The dispute's own events are held back there, so the function is what stops it; through the
// webhook, with every event delivered, the dispute's booking stops it.
import { describe, expect, it } from 'vitest';
import { getFanSubscription } from '../../functions/data/subscriptions';
import { paymentsDependencies } from '../../functions/services/payments/dependencies';
import { stopSubscriptionAfterDispute } from '../../functions/services/payments/dispute-consequences';
import { testCards } from '../support/stripe-sandbox';
import { fundPie, moveClock, paymentsHarnessPerTest, subscriptionOf } from '../support/payments-harness';
import { testTable } from '../support/test-table';

const day = 86_400_000;
const startHarness = paymentsHarnessPerTest();

/** A fan's paid pie on `card`; every event reaches the webhook but the dispute's own. */
async function paidPie(card: string) {
  const harness = await startHarness({ holdBack: (type) => type.startsWith('charge.dispute.') });
  const { stripe } = harness;
  const { fan } = await fundPie(harness, card);
  const subscription = await subscriptionOf(harness, fan.userId);
  const customer = String(subscription.customer);
  const charge = (await stripe.charges.list({ customer })).data[0];
  const disputeId = (await stripe.disputes.list({ charge: charge?.id ?? '' })).data[0]?.id;
  if (!disputeId) throw new Error(`No dispute of ${charge?.id ?? 'the charge'}`);
  const deps = paymentsDependencies();
  const dispute = await (await deps.stripe()).retrieveDispute(disputeId);
  if (!dispute) throw new Error(`The adapter does not find ${disputeId}`);
  return { harness, stripe, fan, subscription, customer, dispute, deps };
}

describe('stopSubscriptionAfterDispute', () => {
  it('cancels the subscription of a disputed payment at once, and the fan is never charged again', async () => {
    // Prepare
    const { harness, stripe, fan, subscription, customer, dispute, deps } = await paidPie(testCards.disputed);
    // Act
    const outcome = await stopSubscriptionAfterDispute(deps, dispute);
    await harness.sandbox.settle();
    await moveClock(harness, 31 * day);
    await moveClock(harness, 31 * day);
    // Assess
    expect(dispute).toMatchObject({ isInquiry: false, fundsWithdrawn: true });
    expect(outcome).toEqual({ stopped: true, subscriptionId: subscription.id });
    const after = await stripe.subscriptions.retrieve(subscription.id);
    expect(after.status).toBe('canceled');
    expect(after.cancellation_details?.reason).toBe('cancellation_requested');
    expect((await stripe.charges.list({ customer })).data).toHaveLength(1);
    expect((await stripe.invoices.list({ customer })).data.map((invoice) => invoice.billing_reason)).toEqual([
      'subscription_create',
    ]);
    expect((await getFanSubscription(testTable(), fan.userId, subscription.id))?.status).toBe('canceled');
  });

  it('is idempotent: called again, or twice at once, it stops the subscription once', async () => {
    // Prepare
    const { harness, stripe, subscription, customer, dispute, deps } = await paidPie(testCards.disputed);
    // Act
    const atOnce = await Promise.all([
      stopSubscriptionAfterDispute(deps, dispute),
      stopSubscriptionAfterDispute(deps, dispute),
    ]);
    const again = await stopSubscriptionAfterDispute(deps, dispute);
    await harness.sandbox.settle();
    await moveClock(harness, 31 * day);
    // Assess
    expect(atOnce.filter((outcome) => outcome.stopped)).not.toEqual([]);
    expect(again).toEqual({ stopped: false, reason: 'already-canceled', subscriptionId: subscription.id });
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('canceled');
    const deleted = (await stripe.events.list({ type: 'customer.subscription.deleted' })).data;
    expect(
      deleted.filter((event) => (event.data.object as { id: string }).id === subscription.id),
    ).toHaveLength(1);
    expect((await stripe.charges.list({ customer })).data).toHaveLength(1);
  });

  it('stops nothing after an inquiry, which takes no money: the pie renews', async () => {
    // Prepare
    const { harness, stripe, subscription, customer, dispute, deps } = await paidPie(testCards.inquiry);
    // Act
    const outcome = await stopSubscriptionAfterDispute(deps, dispute);
    await moveClock(harness, 31 * day);
    // Assess
    expect(dispute).toMatchObject({ isInquiry: true, fundsWithdrawn: false, balanceTransactions: [] });
    expect(outcome).toEqual({ stopped: false, reason: 'inquiry' });
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('active');
    expect((await stripe.charges.list({ customer })).data).toHaveLength(2);
  });
});

describe('a disputed payment, through the webhook', () => {
  it('stops the subscription: the fan is not billed and disputed again next month', async () => {
    // Prepare
    const harness = await startHarness();
    const { fan } = await fundPie(harness, testCards.disputed, 1000);
    const subscription = await subscriptionOf(harness, fan.userId);
    const customer = String(subscription.customer);
    // Act
    await moveClock(harness, 31 * day);
    await moveClock(harness, 31 * day);
    // Assess
    expect((await harness.stripe.subscriptions.retrieve(subscription.id)).status).toBe('canceled');
    expect((await harness.stripe.charges.list({ customer })).data).toHaveLength(1);
    expect((await harness.stripe.disputes.list({ limit: 100 })).data).toHaveLength(1);
  });
});
