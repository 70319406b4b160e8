// A pie with nothing to split stops its subscription, end to end on DynamoDB Local and the Stripe
// sandbox: a paid pie whose period held no listening is split (nothing moves), the `pie.nothing-to-split` event its
// mark wrote to the outbox is delivered to the bus consumer as EventBridge would, and Stripe's subscription is then
// set to cancel at period end; a redelivery changes nothing.
import { describe, expect, it } from 'vitest';
import type { Subscription } from '../../functions/contracts/payments';
import { createFixedClock } from '../../functions/runtime/clock';
import { createLogger } from '../../functions/runtime/logger';
import { testCards } from '../support/stripe-sandbox';
import { fundPie, getJson, loadHandlers, paymentsHarnessPerTest } from '../support/payments-harness';
import { testTable } from '../support/test-table';

const startHarness = paymentsHarnessPerTest();

async function pendingEventOfPie(pieId: string) {
  const { getOutboxEvent, listPendingOutboxEventIds } = await import('../../functions/data/outbox');
  const events = await Promise.all(
    (await listPendingOutboxEventIds(testTable(), 100)).map((id) => getOutboxEvent(testTable(), id)),
  );
  return events.filter((event) => event?.type === 'pie.nothing-to-split' && event.detail.pieId === pieId);
}

describe('the pie-renewal-stops consumer', () => {
  it('sets the subscription of a pie with nothing to split to cancel at period end, once', async () => {
    // Prepare
    const harness = await startHarness();
    const { payments } = await loadHandlers();
    const { fan } = await fundPie(harness, testCards.pays);
    const subscription = await getJson<Subscription>(payments, '/api/stripe/activeSubscription', fan);
    const pieId = subscription.metadata.pie_id ?? '';
    const { getPie } = await import('../../functions/data/pies');
    const pie = await getPie(testTable(), pieId);
    if (!pie) throw new Error('the payment opened no pie');
    const { splitEndedPie } = await import('../../functions/services/pie/pie-split');
    const afterPeriod = new Date(Date.parse(pie.periodEnd) + 3_600_000);
    const split = await splitEndedPie(
      {
        table: testTable(),
        clock: createFixedClock(afterPeriod),
        siteOrigin: 'http://localhost:3000',
        escrowHoldingMonths: 12,
      },
      pieId,
      { log: createLogger('silent') },
    );
    const [event] = await pendingEventOfPie(pieId);
    if (!event) throw new Error('the split raised no pie.nothing-to-split');
    const envelope = {
      version: '0',
      id: 'envelope-1',
      source: 'openpie',
      'detail-type': event.type,
      time: event.occurredAt,
      detail: { ...event.detail, eventId: event.id, occurredAt: event.occurredAt },
    };
    const { handler } = await import('../../events/consumers/pie-renewal-stop');
    // Act
    const first = await handler(envelope);
    const redelivered = await handler({ ...envelope, id: 'envelope-2' });
    await harness.sandbox.settle();
    // Assess
    expect(split.outcome).toBe('nothing_to_split');
    expect(first).toEqual({ outcome: 'cancelled' });
    expect(redelivered).toEqual({ outcome: 'already_stopping' });
    expect((await harness.stripe.subscriptions.retrieve(subscription.id)).cancel_at_period_end).toBe(true);
    const after = await getJson<Subscription>(payments, '/api/stripe/activeSubscription', fan);
    expect(after.cancel_at_period_end).toBe(true);
  });

  it('ignores an event whose subscription is not the fan’s', async () => {
    // Prepare
    const harness = await startHarness();
    const { payments } = await loadHandlers();
    const { fan: owner } = await fundPie(harness, testCards.pays);
    const subscription = await getJson<Subscription>(payments, '/api/stripe/activeSubscription', owner);
    const { handler } = await import('../../events/consumers/pie-renewal-stop');
    // Act
    const result = await handler({
      version: '0',
      id: 'envelope-3',
      source: 'openpie',
      'detail-type': 'pie.nothing-to-split',
      time: new Date().toISOString(),
      detail: {
        pieId: 'pie_other',
        fanId: 'someone-else',
        subscriptionId: subscription.id,
        periodEnd: subscription.current_period_end,
      },
    });
    // Assess
    expect(result).toEqual({ outcome: 'ignored' });
    expect((await harness.stripe.subscriptions.retrieve(subscription.id)).cancel_at_period_end).toBe(false);
  });
});
