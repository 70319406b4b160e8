// Webhook delivery of the local Stripe sandbox: signed events the SDK verifies, retries after a non-2xx reply
// (0.2 s, 1 s, 3 s, then it gives up), and the test switch that delivers each event 1-3 times in a seeded order.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Stripe from 'stripe';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openPieCheckout, sandboxPerTest, stripeClientFor, testCards } from '../support/stripe-sandbox';

const newSandbox = sandboxPerTest();
afterEach(() => {
  vi.restoreAllMocks();
});

describe('the Stripe sandbox webhooks', () => {
  it('delivers every event 1 to 3 times in a shuffled order in shuffled-duplicates mode', async () => {
    // Prepare
    const received: string[] = [];
    const sandbox = await newSandbox({
      delivery: { mode: 'shuffled-duplicates', seed: 7 },
      deliver: (rawBody) => {
        received.push((JSON.parse(rawBody) as Stripe.Event).id);
        return Promise.resolve({ status: 200 });
      },
    });
    const stripe = stripeClientFor(sandbox);
    const session = await openPieCheckout(stripe, { amountCents: 1000, days: 30 });
    await sandbox.settle();
    const before = new Set((await stripe.events.list({ limit: 100 })).data.map((event) => event.id));
    received.length = 0;
    // Act
    await sandbox.payCheckout(session.id, { number: testCards.pays });
    await sandbox.settle();
    // Assess
    const raised = (await stripe.events.list({ limit: 100 })).data
      .map((event) => event.id)
      .filter((id) => !before.has(id))
      .reverse();
    const counts = new Map<string, number>();
    for (const id of received) counts.set(id, (counts.get(id) ?? 0) + 1);
    expect(raised.length).toBeGreaterThanOrEqual(10);
    expect([...counts.keys()].sort()).toEqual([...raised].sort());
    expect([...counts.values()].every((count) => count >= 1 && count <= 3)).toBe(true);
    expect([...counts.values()].some((count) => count > 1)).toBe(true);
    expect([...new Set(received)]).not.toEqual(raised);
  });

  it('signs each delivery so the SDK accepts it and rejects it with another secret', async () => {
    // Prepare
    const deliveries: { rawBody: string; signature: string }[] = [];
    const sandbox = await newSandbox({
      deliver: (rawBody, headers) => {
        deliveries.push({ rawBody, signature: headers['stripe-signature'] ?? '' });
        return Promise.resolve({ status: 200 });
      },
    });
    const stripe = stripeClientFor(sandbox);
    // Act
    await stripe.customers.create({ email: 'signed@example.com' });
    await sandbox.settle();
    // Assess
    const [delivery] = deliveries;
    expect(delivery?.signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const event = stripe.webhooks.constructEvent(
      delivery?.rawBody ?? '',
      delivery?.signature ?? '',
      sandbox.webhookSecret,
    );
    expect(event.type).toBe('customer.created');
    expect(() =>
      stripe.webhooks.constructEvent(delivery?.rawBody ?? '', delivery?.signature ?? '', 'whsec_other'),
    ).toThrow();
  });

  it('retries a non-2xx endpoint over HTTP until it answers 2xx', async () => {
    // Prepare
    const attempts: number[] = [];
    const endpoint = createServer((req, res) => {
      req.resume();
      attempts.push(Date.now());
      res.writeHead(attempts.length < 3 ? 503 : 200).end();
    });
    await new Promise<void>((done) => endpoint.listen(0, '127.0.0.1', done));
    const port = (endpoint.address() as AddressInfo).port;
    const sandbox = await newSandbox({ webhookUrl: `http://127.0.0.1:${port}/api/webhooks/stripe` });
    // Act
    await stripeClientFor(sandbox).customers.create({ email: 'retry@example.com' });
    await sandbox.settle();
    endpoint.close();
    // Assess
    expect(attempts).toHaveLength(3);
    expect((attempts[1] ?? 0) - (attempts[0] ?? 0)).toBeGreaterThanOrEqual(180);
    expect((attempts[2] ?? 0) - (attempts[1] ?? 0)).toBeGreaterThanOrEqual(900);
  });

  it('gives up after four attempts and says so once', async () => {
    // Prepare
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let attempts = 0;
    const sandbox = await newSandbox({
      deliver: () => {
        attempts++;
        return Promise.resolve({ status: 501 });
      },
    });
    const stripe = stripeClientFor(sandbox);
    // Act
    await stripe.customers.create({ email: 'one@example.com' });
    await stripe.customers.create({ email: 'two@example.com' });
    await sandbox.settle();
    // Assess
    expect(attempts).toBe(8);
    expect(warn).toHaveBeenCalledTimes(1);
  }, 15_000);
});
