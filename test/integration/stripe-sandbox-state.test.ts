// The local Stripe sandbox keeps its state in <dataDir>/stripe-sandbox.json: a restart finds its objects and the
// timers still due (a subscription renews after the restart).
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startStripeSandbox } from '../../local/stripe-sandbox';
import { openPieCheckout, stripeClientFor, testCards } from '../support/stripe-sandbox';

describe('the Stripe sandbox state', () => {
  it('survives a restart on the same data folder, timers included', async () => {
    // Prepare
    const dataDir = await mkdtemp(join(tmpdir(), 'stripe-sandbox-state-'));
    let now = Date.parse('2026-11-23T10:00:00.000Z');
    const options = { dataDir, publicUrl: 'http://localhost:3000', clock: () => now };
    const first = await startStripeSandbox(options);
    const session = await openPieCheckout(stripeClientFor(first), { amountCents: 1000, days: 30 });
    await first.payCheckout(session.id, { number: testCards.pays });
    await first.stop();
    // Act
    const second = await startStripeSandbox(options);
    const stripe = stripeClientFor(second);
    now += 30 * 86_400_000 + 1000;
    await second.advance();
    // Assess
    const customer = await stripe.customers.retrieve(String(session.customer));
    expect(customer.id).toBe(session.customer);
    const invoices = await stripe.invoices.list({ customer: String(session.customer) });
    expect(invoices.data.map((invoice) => invoice.billing_reason)).toEqual([
      'subscription_cycle',
      'subscription_create',
    ]);
    const saved = JSON.parse(await readFile(join(dataDir, 'stripe-sandbox.json'), 'utf8')) as {
      version: number;
    };
    expect(saved.version).toBe(1);
    await second.stop();
    await rm(dataDir, { recursive: true, force: true });
  });
});
