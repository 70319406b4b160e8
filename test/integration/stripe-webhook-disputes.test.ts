// The dispute events Stripe sends as money moves reach the dispute booking through POST /api/webhooks/stripe, on
// DynamoDB Local and the Stripe sandbox: charge.dispute.funds_withdrawn (the money is taken), .updated (evidence under
// review) and .funds_reinstated (the money is given back) are each handled on their own, not only .created and
// .closed, so a booking that waits for the money can rely on them.
import { afterEach, describe, expect, it } from 'vitest';
import { isStripeEventHandled } from '../../functions/data/stripe-events';
import { getTable } from '../../functions/runtime/table';
import type { StripeSandbox } from '../../local/stripe-sandbox';
import { createSignedInAccount, dataOf } from '../support/identity';
import { startTestStripeSandbox, stripeClientFor, testCards } from '../support/stripe-sandbox';
import { postWebhook, requestCheckout, sessionIdOf } from '../support/payments-harness';

let sandbox: StripeSandbox | undefined;
afterEach(async () => {
  await sandbox?.stop();
  sandbox = undefined;
});

interface Collected {
  id: string;
  type: string;
  rawBody: string;
  headers: Record<string, string>;
}

/** A 0259 payment whose events are collected; every event but the dispute's is delivered as it comes. */
async function disputedPayment() {
  const disputeEvents: Collected[] = [];
  sandbox = await startTestStripeSandbox({
    deliver: async (rawBody, headers) => {
      const { id, type } = JSON.parse(rawBody) as { id: string; type: string };
      if (type.startsWith('charge.dispute.')) {
        disputeEvents.push({ id, type, rawBody, headers });
        return { status: 200 };
      }
      return { status: (await postWebhook(rawBody, headers)).statusCode };
    },
  });
  const fan = await createSignedInAccount('fan');
  const checkout = await requestCheckout(fan, 1000);
  await sandbox.payCheckout(sessionIdOf(dataOf<{ url: string }>(checkout).url), {
    number: testCards.disputed,
  });
  await sandbox.settle();
  return { sandbox, stripe: stripeClientFor(sandbox), disputeEvents };
}

async function deliverOnly(events: Collected[], type: string) {
  const event = events.find((candidate) => candidate.type === type);
  if (!event) throw new Error(`The sandbox raised no ${type}`);
  const result = await postWebhook(event.rawBody, event.headers);
  return { status: result.statusCode, handled: await isStripeEventHandled(getTable(), event.id) };
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
