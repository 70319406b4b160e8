// The local Stripe sandbox's backdated payment (`payCheckout(…, { at })`), which the demo seed uses so the demo
// fan's pie starts days before the first start: everything the payment makes carries that instant, the renewal
// falls due one period after it, and an instant in the future is refused.
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { openPieCheckout, sandboxPerTest, stripeClientFor, testCards } from '../support/stripe-sandbox';

const day = 86_400_000;
const newSandbox = sandboxPerTest();

async function startSandbox(now: { ms: number }) {
  const events: Stripe.Event[] = [];
  const sandbox = await newSandbox({
    clock: () => now.ms,
    deliver: (rawBody) => {
      events.push(JSON.parse(rawBody) as Stripe.Event);
      return Promise.resolve({ status: 200 });
    },
  });
  return { sandbox, stripe: stripeClientFor(sandbox), events };
}

describe('a backdated sandbox payment', () => {
  it('dates the subscription, the invoice period, the charge and the events at the given instant', async () => {
    // Prepare
    const now = { ms: Date.parse('2026-11-23T10:00:00.000Z') };
    const at = new Date(now.ms - 12 * day);
    const { sandbox, stripe, events } = await startSandbox(now);
    const session = await openPieCheckout(stripe, { amountCents: 1000, days: 30 });
    // Act
    const paid = await sandbox.payCheckout(session.id, { number: testCards.pays }, { at });
    await sandbox.settle();
    // Assess
    expect(paid.ok).toBe(true);
    const atSeconds = at.getTime() / 1000;
    const subscription = (await stripe.subscriptions.list({ customer: String(session.customer) })).data[0];
    expect(subscription?.items.data[0]?.current_period_start).toBe(atSeconds);
    expect(subscription?.items.data[0]?.current_period_end).toBe(atSeconds + 30 * 86_400);
    const invoice = (await stripe.invoices.list({ subscription: subscription?.id ?? '' })).data[0];
    expect(invoice?.status).toBe('paid');
    expect(invoice?.lines.data[0]?.period).toEqual({ start: atSeconds, end: atSeconds + 30 * 86_400 });
    const charge = (await stripe.charges.list({ customer: String(session.customer) })).data[0];
    expect(charge?.created).toBe(atSeconds);
    const paidEvent = events.find((event) => event.type === 'invoice.paid');
    expect(paidEvent?.created).toBe(atSeconds);
  });

  it('renews one period after the backdated instant, not after the real payment', async () => {
    // Prepare
    const now = { ms: Date.parse('2026-11-23T10:00:00.000Z') };
    const { sandbox, stripe } = await startSandbox(now);
    const session = await openPieCheckout(stripe, { amountCents: 1000, days: 30 });
    await sandbox.payCheckout(session.id, { number: testCards.pays }, { at: new Date(now.ms - 12 * day) });
    await sandbox.settle();
    const subscription = (await stripe.subscriptions.list({ customer: String(session.customer) })).data[0];
    // Act
    now.ms += 17 * day;
    await sandbox.advance();
    const beforeDue = await stripe.invoices.list({ subscription: subscription?.id ?? '' });
    now.ms += 1 * day;
    await sandbox.advance();
    // Assess
    expect(beforeDue.data).toHaveLength(1);
    const invoices = await stripe.invoices.list({ subscription: subscription?.id ?? '' });
    expect(invoices.data.map((invoice) => invoice.billing_reason)).toEqual([
      'subscription_cycle',
      'subscription_create',
    ]);
  });

  it('lists charges by their created instant, as Stripe filters them', async () => {
    // Prepare: one payment backdated 12 days, one now.
    const now = { ms: Date.parse('2026-11-23T10:00:00.000Z') };
    const { sandbox, stripe } = await startSandbox(now);
    const early = await openPieCheckout(stripe, { amountCents: 1000, days: 30 });
    await sandbox.payCheckout(early.id, { number: testCards.pays }, { at: new Date(now.ms - 12 * day) });
    const late = await openPieCheckout(stripe, { amountCents: 1500, days: 30 });
    await sandbox.payCheckout(late.id, { number: testCards.pays });
    await sandbox.settle();
    // Act
    const since = (await stripe.charges.list({ created: { gte: (now.ms - day) / 1000 } })).data;
    const before = (await stripe.charges.list({ created: { lt: (now.ms - day) / 1000 } })).data;
    // Assess
    expect(since.map((charge) => charge.amount)).toEqual([1500]);
    expect(before.map((charge) => charge.amount)).toEqual([1000]);
  });

  it('refuses an instant after the sandbox clock and changes nothing', async () => {
    // Prepare
    const now = { ms: Date.parse('2026-11-23T10:00:00.000Z') };
    const { sandbox, stripe } = await startSandbox(now);
    const session = await openPieCheckout(stripe, { amountCents: 1000, days: 30 });
    // Act
    const paying = sandbox.payCheckout(
      session.id,
      { number: testCards.pays },
      { at: new Date(now.ms + day) },
    );
    // Assess
    await expect(paying).rejects.toThrow(RangeError);
    const reread = await stripe.checkout.sessions.retrieve(session.id);
    expect(reread.status).toBe('open');
    expect((await stripe.subscriptions.list({ customer: String(session.customer) })).data).toHaveLength(0);
  });
});
