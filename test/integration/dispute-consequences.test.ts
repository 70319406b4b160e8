// After a fan disputes a subscription's payment, the subscription stops at once in Stripe (stopSubscriptionAfterDispute),
// on DynamoDB Local and the Stripe sandbox through the real adapter: the fan is never charged again when the clock
// moves past the renewal; an inquiry, which takes no money, stops nothing; calling it again, or twice at once, stops
// the subscription once. The dispute's own events are held back there, so the function is what stops it; through the
// webhook, with every event delivered, the dispute's booking stops it.
import { afterEach, describe, expect, it } from 'vitest';
import { getFanSubscription } from '../../functions/data/subscriptions';
import { getLocalClockOffset, setLocalClockOffset } from '../../functions/runtime/clock';
import { getTable } from '../../functions/runtime/table';
import { paymentsDependencies } from '../../functions/services/payments/dependencies';
import { stopSubscriptionAfterDispute } from '../../functions/services/payments/dispute-consequences';
import type { StripeSandbox } from '../../local/stripe-sandbox';
import { createSignedInAccount, dataOf } from '../support/identity';
import { startTestStripeSandbox, stripeClientFor, testCards } from '../support/stripe-sandbox';
import type { PaymentsHarness } from '../support/payments-harness';
import {
  fundPie,
  postWebhook,
  requestCheckout,
  sessionIdOf,
  startPaymentsHarness,
} from '../support/payments-harness';

const day = 86_400_000;
let sandbox: StripeSandbox | undefined;
let harness: PaymentsHarness | undefined;
afterEach(async () => {
  await sandbox?.stop();
  sandbox = undefined;
  await harness?.stop();
  harness = undefined;
});

/** A fan's paid pie on `card`; every event reaches the webhook but the dispute's own. */
async function paidPie(card: string) {
  sandbox = await startTestStripeSandbox({
    deliver: async (rawBody, headers) => {
      const { type } = JSON.parse(rawBody) as { type: string };
      if (type.startsWith('charge.dispute.')) return { status: 200 };
      return { status: (await postWebhook(rawBody, headers)).statusCode };
    },
  });
  const stripe = stripeClientFor(sandbox);
  const fan = await createSignedInAccount('fan');
  const checkout = await requestCheckout(fan, 1000);
  await sandbox.payCheckout(sessionIdOf(dataOf<{ url: string }>(checkout).url), { number: card });
  await sandbox.settle();
  const subscription = (await stripe.subscriptions.list({ limit: 100 })).data.find(
    (candidate) => candidate.metadata['fan_id'] === fan.userId,
  );
  if (!subscription) throw new Error(`No subscription for ${fan.userId}`);
  const customer = String(subscription.customer);
  const charge = (await stripe.charges.list({ customer })).data[0];
  const disputeId = (await stripe.disputes.list({ charge: charge?.id ?? '' })).data[0]?.id;
  if (!disputeId) throw new Error(`No dispute of ${charge?.id ?? 'the charge'}`);
  const deps = paymentsDependencies();
  const dispute = await (await deps.stripe()).retrieveDispute(disputeId);
  if (!dispute) throw new Error(`The adapter does not find ${disputeId}`);
  return { sandbox, stripe, fan, subscription, customer, dispute, deps };
}

/** Moves the product clock (and with it the sandbox's) forward, then lets Stripe do what fell due. */
async function moveClock(h: StripeSandbox, ms: number): Promise<void> {
  setLocalClockOffset(getLocalClockOffset() + ms);
  await h.advance();
}

describe('stopSubscriptionAfterDispute', () => {
  it('cancels the subscription of a disputed payment at once, and the fan is never charged again', async () => {
    // Prepare
    const { sandbox, stripe, fan, subscription, customer, dispute, deps } = await paidPie(testCards.disputed);
    // Act
    const outcome = await stopSubscriptionAfterDispute(deps, dispute);
    await sandbox.settle();
    await moveClock(sandbox, 31 * day);
    await moveClock(sandbox, 31 * day);
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
    expect((await getFanSubscription(getTable(), fan.userId, subscription.id))?.status).toBe('canceled');
  });

  it('is idempotent: called again, or twice at once, it stops the subscription once', async () => {
    // Prepare
    const { sandbox, stripe, subscription, customer, dispute, deps } = await paidPie(testCards.disputed);
    // Act
    const atOnce = await Promise.all([
      stopSubscriptionAfterDispute(deps, dispute),
      stopSubscriptionAfterDispute(deps, dispute),
    ]);
    const again = await stopSubscriptionAfterDispute(deps, dispute);
    await sandbox.settle();
    await moveClock(sandbox, 31 * day);
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
    const { sandbox, stripe, subscription, customer, dispute, deps } = await paidPie(testCards.inquiry);
    // Act
    const outcome = await stopSubscriptionAfterDispute(deps, dispute);
    await moveClock(sandbox, 31 * day);
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
    harness = await startPaymentsHarness();
    const { fan } = await fundPie(harness, testCards.disputed, 1000);
    const subscription = (await harness.stripe.subscriptions.list({ status: 'all', limit: 100 })).data.find(
      (candidate) => candidate.metadata['fan_id'] === fan.userId,
    );
    const customer = String(subscription?.customer);
    // Act
    await moveClock(harness.sandbox, 31 * day);
    await moveClock(harness.sandbox, 31 * day);
    // Assess
    expect((await harness.stripe.subscriptions.retrieve(subscription?.id ?? '')).status).toBe('canceled');
    expect((await harness.stripe.charges.list({ customer })).data).toHaveLength(1);
    expect((await harness.stripe.disputes.list({ limit: 100 })).data).toHaveLength(1);
  });
});
