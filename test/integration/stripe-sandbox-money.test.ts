// Refunds in the local Stripe sandbox through the real SDK: their balance transactions and events (disputes:
// stripe-sandbox-disputes.test.ts).
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { sandboxPerTest, startPaidSandbox, testCards } from '../support/stripe-sandbox';

const startSandbox = sandboxPerTest();
const startWithPayment = (card: string) => startPaidSandbox(startSandbox, card);

describe('the Stripe sandbox refunds', () => {
  it('refunds part of a charge, then the rest by payment intent, and refuses more', async () => {
    // Prepare
    const { sandbox, stripe, charge, events } = await startWithPayment(testCards.pays);
    // Act
    const partial = await stripe.refunds.create({ charge: charge.id, amount: 300 });
    const rest = await stripe.refunds.create({ payment_intent: String(charge.payment_intent) });
    const more = await stripe.refunds
      .create({ charge: charge.id, amount: 1 })
      .catch((error: unknown) => error);
    await sandbox.settle();
    // Assess
    expect(partial).toMatchObject({ amount: 300, status: 'succeeded', charge: charge.id });
    expect(rest.amount).toBe(700);
    const refunded = await stripe.charges.retrieve(charge.id);
    expect(refunded).toMatchObject({ amount_refunded: 1000, refunded: true });
    const transaction = await stripe.balanceTransactions.retrieve(String(partial.balance_transaction));
    expect(transaction).toMatchObject({ amount: -300, fee: 0, net: -300, type: 'refund' });
    expect(more).toMatchObject({ statusCode: 400, code: 'charge_already_refunded' });
    const refundEvents = events.filter((event) => event.type === 'charge.refunded');
    expect(refundEvents.map((event) => (event.data.object as Stripe.Charge).amount_refunded)).toEqual([
      300, 1000,
    ]);
  });
});

describe('the Stripe sandbox lists balance transactions as Stripe does', () => {
  it('by reporting_category, within a created range, page by page with the SDK auto-pagination', async () => {
    // Prepare
    const { sandbox, stripe, charge } = await startWithPayment(testCards.pays);
    const refund = await stripe.refunds.create({ charge: charge.id, amount: 300 });
    await sandbox.settle();
    const now = Math.floor(Date.now() / 1000);
    // Act
    const listed: Stripe.BalanceTransaction[] = [];
    for await (const transaction of stripe.balanceTransactions.list({
      created: { gte: now - 3600, lt: now + 3600 },
      limit: 1,
    })) {
      listed.push(transaction);
    }
    const before = await stripe.balanceTransactions.list({ created: { lt: now - 3600 } });
    const bySource = await stripe.balanceTransactions.list({ source: refund.id });
    const unknown = await stripe.balanceTransactions
      .list({ created: { after: now } as unknown as Stripe.RangeQueryParam })
      .catch((error: unknown) => error);
    // Assess
    expect(listed.map((t) => [t.reporting_category, t.type, t.source, t.amount])).toEqual([
      ['refund', 'refund', refund.id, -300],
      ['charge', 'charge', charge.id, 1000],
    ]);
    expect(listed[1]?.fee).toBe(59);
    expect(before.data).toEqual([]);
    expect(bySource.data.map((t) => t.id)).toEqual([listed[0]?.id]);
    expect(unknown).toMatchObject({ statusCode: 400, code: 'parameter_unknown' });
  });
});
