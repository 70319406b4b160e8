// The dispute events Stripe sends as money moves reach the dispute booking through POST /api/webhooks/stripe, on
// DynamoDB Local and the Stripe sandbox: charge.dispute.funds_withdrawn (the money is taken), .updated (evidence under
// review) and .funds_reinstated (the money is given back) are each handled on their own, not only .created and
// .closed, so a booking that waits for the money can rely on them.
import { describe, expect, it } from 'vitest';
import { isStripeEventHandled } from '../../functions/data/stripe-events';
import { testCards } from '../support/stripe-sandbox';
import type { HeldEvent } from '../support/payments-harness';
import { fundPie, paymentsHarnessPerTest, postWebhook } from '../support/payments-harness';
import { testTable } from '../support/test-table';

const startHarness = paymentsHarnessPerTest();

/** A 0259 payment: every event but the dispute's is delivered as it comes; the dispute's are held back. */
async function disputedPayment() {
  const harness = await startHarness({ holdBack: (type) => type.startsWith('charge.dispute.') });
  await fundPie(harness, testCards.disputed);
  return { sandbox: harness.sandbox, stripe: harness.stripe, disputeEvents: harness.held };
}

async function deliverOnly(events: readonly HeldEvent[], type: string) {
  const event = events.find((candidate) => candidate.type === type);
  if (!event) throw new Error(`The sandbox raised no ${type}`);
  const result = await postWebhook(event.rawBody, event.headers);
  return { status: result.statusCode, handled: await isStripeEventHandled(testTable(), event.id) };
}

describe('dispute events on POST /api/webhooks/stripe', () => {
  it('handles funds_withdrawn, updated and funds_reinstated each on its own', async () => {
    // Prepare
    const { sandbox, stripe, disputeEvents } = await disputedPayment();
    // Act
    const withdrawn = await deliverOnly(disputeEvents, 'charge.dispute.funds_withdrawn');
    const dispute = (await stripe.disputes.list({ limit: 1 })).data[0];
    await stripe.disputes.update(dispute?.id ?? '', { evidence: { uncategorized_text: 'winning_evidence' } });
    await sandbox.settle();
    const updated = await deliverOnly(disputeEvents, 'charge.dispute.updated');
    const reinstated = await deliverOnly(disputeEvents, 'charge.dispute.funds_reinstated');
    // Assess
    expect(withdrawn).toEqual({ status: 200, handled: true });
    expect(updated).toEqual({ status: 200, handled: true });
    expect(reinstated).toEqual({ status: 200, handled: true });
  });
});
