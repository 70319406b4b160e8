// A deleted fan is never charged again (docs/decisions/032-deleting-accounts.md), on DynamoDB Local and the Stripe
// sandbox: the fan deletes the account through the fan-auth handler, the events its erasure wrote to the outbox go
// through the event publisher onto the local bus (local/event-bus.ts) and so to their consumers, as in the local
// runtime, and the subscription is canceled at Stripe at once. The product clock then moves past the period end:
// Stripe renews nothing and charges nothing, and the pie already paid for is still split among the artists the fan
// listened to. A file of its own: moving this process's product clock would end the pies of other tests.
import { describe, expect, it } from 'vitest';
import type { Subscription } from '../../functions/contracts/payments';
import { eventSource } from '../../functions/contracts/events';
import { getPie } from '../../functions/data/pies';
import { createStripeGateway } from '../../functions/integrations/stripe/sdk-gateway';
import { getClock, getLocalClockOffset, setLocalClockOffset } from '../../functions/runtime/clock';
import { createLogger } from '../../functions/runtime/logger';
import { publishPendingOutboxEvents } from '../../functions/services/outbox-event-publishing';
import { deliver } from '../../local/event-bus';
import { call } from '../support/identity';
import { testCards } from '../support/stripe-sandbox';
import {
  customerIdOf,
  fundPie,
  getJson,
  loadHandlers,
  paymentsHarnessPerTest,
} from '../support/payments-harness';
import { storePlays } from '../support/pie-calls-harness';
import { testTable } from '../support/test-table';

const day = 86_400_000;
const log = createLogger('silent');
const startHarness = paymentsHarnessPerTest();

async function deleteFanAccount(cookie: string) {
  const { handler } = await import('../../functions/handlers/fan-auth');
  return call(handler, 'DELETE', '/api/auth/account', { cookies: [cookie] });
}

/** What the outbox holds goes onto the local bus and to every consumer of a matching rule; their failures, listed. */
async function deliverPendingEvents(): Promise<string[]> {
  const failures: string[] = [];
  const bus = {
    publish: (detailType: string, detail: unknown) =>
      deliver({ source: eventSource, detailType, detail }, (rule, error) => {
        failures.push(`${rule}: ${String(error)}`);
      }),
  };
  await publishPendingOutboxEvents({ table: testTable(), bus, log, clock: getClock() }, 100);
  return failures;
}

describe('a fan with a paid subscription deletes the account', () => {
  it('cancels the subscription at Stripe at once: nothing renews or is charged, and the paid pie still splits', async () => {
    // Prepare
    const harness = await startHarness();
    const { payments } = await loadHandlers();
    const { fan } = await fundPie(harness, testCards.pays, 1000);
    const subscription = await getJson<Subscription>(payments, '/api/stripe/activeSubscription', fan);
    const pieId = subscription.metadata.pie_id ?? '';
    const inThePeriod = new Date(getClock().now().getTime() + 60_000).toISOString();
    await storePlays(fan.userId, [
      { endedAt: inThePeriod, msPlayed: 180_000, artists: [{ artistName: 'Kept Listening' }] },
    ]);
    // Act
    const deleted = await deleteFanAccount(fan.cookie);
    const failures = await deliverPendingEvents();
    await harness.sandbox.settle();
    const afterDeletion = await harness.stripe.subscriptions.retrieve(subscription.id);
    setLocalClockOffset(getLocalClockOffset() + 31 * day);
    await harness.sandbox.advance();
    // Assess
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(failures).toEqual([]);
    expect(afterDeletion.status).toBe('canceled');
    const customer = await customerIdOf(harness, fan.userId);
    const charges = await harness.stripe.charges.list({ customer, limit: 100 });
    expect(charges.data.map((charge) => charge.amount)).toEqual([1000]);
    const invoices = await harness.stripe.invoices.list({ subscription: subscription.id, limit: 100 });
    expect(invoices.data.map((invoice) => invoice.billing_reason)).toEqual(['subscription_create']);
    const pie = await getPie(testTable(), pieId);
    if (!pie) throw new Error('the paid pie is gone');
    const { splitEndedPie } = await import('../../functions/services/pie/pie-split');
    const split = await splitEndedPie(
      {
        table: testTable(),
        clock: getClock(),
        siteOrigin: 'http://localhost:3000',
        escrowHoldingMonths: 12,
      },
      pieId,
      { log },
    );
    expect(split.outcome).toBe('split');
  });

  it('leaves the cancellation to be retried while Stripe cannot be reached, and the retry cancels', async () => {
    // Prepare
    const harness = await startHarness();
    const { payments } = await loadHandlers();
    const { fan } = await fundPie(harness, testCards.pays, 1000);
    const subscription = await getJson<Subscription>(payments, '/api/stripe/activeSubscription', fan);
    const { getAccount } = await import('../../functions/data/accounts');
    const customerId = (await getAccount(testTable(), 'fan', fan.userId))?.stripeCustomerId ?? null;
    const detail = { fanId: fan.userId, stripeCustomerId: customerId, deletedAt: new Date().toISOString() };
    const { stopPaymentsOfDeletedFan } = await import('../../functions/services/payments/deleted-fans');
    const { paymentsDependencies } = await import('../../functions/services/payments/dependencies');
    const unreachable = createStripeGateway({ apiKey: 'sk_test_nobody', apiUrl: 'http://127.0.0.1:9' });
    // Act
    const deleted = await deleteFanAccount(fan.cookie);
    const firstTry = stopPaymentsOfDeletedFan(
      { ...paymentsDependencies(), stripe: () => Promise.resolve(unreachable) },
      detail,
      log,
    );
    await expect(firstTry).rejects.toMatchObject({ code: 'payment_provider_unavailable' });
    const stillActive = await harness.stripe.subscriptions.retrieve(subscription.id);
    const retried = await stopPaymentsOfDeletedFan(paymentsDependencies(), detail, log);
    const again = await stopPaymentsOfDeletedFan(paymentsDependencies(), detail, log);
    await harness.sandbox.settle();
    // Assess
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(stillActive.status).toBe('active');
    expect(retried).toEqual({ canceled: [subscription.id] });
    expect(again).toEqual({ canceled: [] });
    expect((await harness.stripe.subscriptions.retrieve(subscription.id)).status).toBe('canceled');
  });
});
