// POST /api/webhooks/stripe through its handler, as API Gateway calls it, on DynamoDB Local and the Stripe sandbox:
// a delivery whose signature does not hold (tampered body, old timestamp, missing header, another secret) answers 400
// `stripe_signature_invalid` and writes nothing; the same event signed properly then books the payment. Event types
// the product does not handle are acknowledged.
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { listFanPies } from '../../functions/data/pies';
import { isStripeEventHandled } from '../../functions/data/stripe-events';
import { getClock } from '../../functions/runtime/clock';
import { bodyOf } from '../support/gateway-event';
import { testCards } from '../support/stripe-sandbox';
import { walletBalanceOf } from '../support/factories/ledger';
import { fundPie, paymentsHarnessPerTest, postWebhook } from '../support/payments-harness';
import { testTable } from '../support/test-table';

const startHarness = paymentsHarnessPerTest();

/** A paid checkout whose events were held back, not delivered: the invoice.paid event's body, and the fan. */
async function paidButNotDelivered() {
  const harness = await startHarness({ holdBack: () => true });
  const { fan } = await fundPie(harness, testCards.pays);
  const invoicePaid = harness.held.find((event) => event.type === 'invoice.paid')?.rawBody;
  if (!invoicePaid) throw new Error('The sandbox raised no invoice.paid');
  return { fan, invoicePaid, secret: harness.sandbox.webhookSecret };
}

function signed(payload: string, secret: string, at = getClock().now()): Record<string, string> {
  const timestamp = Math.floor(at.getTime() / 1000);
  return { 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp }) };
}

async function nothingWritten(fanId: string, eventId: string): Promise<void> {
  expect(await walletBalanceOf(fanId)).toBe(0);
  expect(await listFanPies(testTable(), fanId)).toEqual([]);
  expect(await isStripeEventHandled(testTable(), eventId)).toBe(false);
}

describe('POST /api/webhooks/stripe', () => {
  it('answers 400 and writes nothing for a tampered body, an old timestamp, a missing header or another secret', async () => {
    // Prepare
    const { fan, invoicePaid, secret } = await paidButNotDelivered();
    const eventId = (JSON.parse(invoicePaid) as { id: string }).id;
    const tampered = invoicePaid.replace(/"amount_paid": ?1000/, '"amount_paid": 100000');
    expect(tampered).not.toBe(invoicePaid);
    // Act
    const results = [
      await postWebhook(tampered, signed(invoicePaid, secret)),
      await postWebhook(
        invoicePaid,
        signed(invoicePaid, secret, new Date(getClock().now().getTime() - 301_000)),
      ),
      await postWebhook(invoicePaid, {}),
      await postWebhook(invoicePaid, signed(invoicePaid, 'whsec_someone_else')),
    ];
    // Assess
    for (const result of results) {
      expect(result.statusCode).toBe(400);
      expect(bodyOf(result)['code']).toBe('stripe_signature_invalid');
    }
    await nothingWritten(fan.userId, eventId);

    // Act: the genuine delivery
    const good = await postWebhook(invoicePaid, signed(invoicePaid, secret));
    // Assess
    expect(good.statusCode).toBe(200);
    expect(bodyOf(good)['data']).toEqual({ received: true });
    expect(await walletBalanceOf(fan.userId)).toBe(941);
    expect(await listFanPies(testTable(), fan.userId)).toHaveLength(1);
    expect(await isStripeEventHandled(testTable(), eventId)).toBe(true);
  });

  it('acknowledges an event type it does not handle without marking it, and a payout of the platform itself as done', async () => {
    // Prepare
    const { sandbox } = await startHarness();
    const unknown = JSON.stringify({
      id: 'evt_unknown_type_1',
      object: 'event',
      type: 'customer.tax_id.created',
      created: 1,
      data: { object: { id: 'txi_1', object: 'tax_id' } },
    });
    const payout = JSON.stringify({
      id: 'evt_payout_1',
      object: 'event',
      type: 'payout.paid',
      created: 1,
      data: { object: { id: 'po_1', object: 'payout' } },
    });
    // Act
    const results = await Promise.all([
      postWebhook(unknown, signed(unknown, sandbox.webhookSecret)),
      postWebhook(payout, signed(payout, sandbox.webhookSecret)),
    ]);
    // Assess
    expect(results.map((result) => result.statusCode)).toEqual([200, 200]);
    expect(await isStripeEventHandled(testTable(), 'evt_unknown_type_1')).toBe(false);
    // Offices' payouts are Connect events naming their account (decision 029); the platform's own is nothing to do.
    expect(await isStripeEventHandled(testTable(), 'evt_payout_1')).toBe(true);
  });
});
