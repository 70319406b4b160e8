// Payout requests per second (issue #13 point 5, decision 029): offices' payouts through the payouts service on
// DynamoDB Local against the Stripe sandbox, with Stripe's test-mode rate limit (25 requests a second) honoured by a
// client-side limiter in front of every Stripe call. A payout costs two Stripe requests (the transfer and the bank
// payout; the bench's offices are onboarded and their ready state stored first, so no account read), so the limit
// caps the rate at 25 / 2 = 12.5 payouts a second: the figure says how close the service gets, and the busiest
// second's Stripe requests prove the limit held.
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import type { StripeGateway } from '../functions/integrations/stripe/port';

export const stripeTestModeRequestsPerSecond = 25;

export interface PayoutThroughput {
  payouts: number;
  concurrency: number;
  payoutsPerSecond: number;
  stripeRequestsPerPayout: number;
  /** The most Stripe requests started within any one second of the run. */
  busiestSecondRequests: number;
}

/**
 * A sliding-window limiter: a call starts only when fewer than `perSecond` calls started in the last second, so no
 * second of the run, wherever it is cut, holds more (a token bucket would let a full bucket and its refill through in
 * the first second). Start times are kept so the bench can check the busiest second.
 */
export function createRateLimiter(perSecond: number) {
  const starts: number[] = [];
  let queue: Promise<void> = Promise.resolve();
  const take = (): Promise<void> => {
    const turn = queue.then(async () => {
      for (;;) {
        const now = performance.now();
        const windowStart = starts.length >= perSecond ? (starts[starts.length - perSecond] ?? 0) : -Infinity;
        const wait = windowStart + 1000 - now;
        if (wait <= 0) {
          starts.push(now);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, Math.ceil(wait)));
      }
    });
    queue = turn;
    return turn;
  };
  const busiestSecond = (): number => {
    let most = 0;
    let from = 0;
    for (let to = 0; to < starts.length; to += 1) {
      while ((starts[to] ?? 0) - (starts[from] ?? 0) >= 1000) from += 1;
      most = Math.max(most, to - from + 1);
    }
    return most;
  };
  return { take, busiestSecond, count: () => starts.length, reset: () => starts.splice(0) };
}

/** The gateway with every call waiting for the limiter first. */
function limitedGateway(gateway: StripeGateway, take: () => Promise<void>): StripeGateway {
  return new Proxy(gateway, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      return async (...args: unknown[]) => {
        await take();
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
}

export async function measurePayoutThroughput({
  offices = 60,
  concurrency = 8,
}: { offices?: number; concurrency?: number } = {}): Promise<PayoutThroughput> {
  const { startDynamoDbLocal, createLocalDynamoDbClient } = await import('../local/dynamodb-local');
  const { ensureTable, deleteTable } = await import('../local/table');
  const { startStripeSandbox } = await import('../local/stripe-sandbox');
  const { createDocumentClient } = await import('../functions/runtime/dynamodb-client');
  const { createLogger } = await import('../functions/runtime/logger');
  const { createStripeGateway } = await import('../functions/integrations/stripe/sdk-gateway');
  const { createOffice } = await import('../functions/data/offices/office');
  const { accountIdOf } = await import('../functions/domain/money/ledger');
  const { postTransaction } = await import('../functions/services/ledger');
  const { completeOnboarding } = await import('../functions/services/connect/onboarding');
  const { createPayout } = await import('../functions/services/connect/payouts');
  const { readPayoutAccount } = await import('../functions/services/connect/onboarding');

  const log = createLogger('silent');
  const dynamoDbLocal = await startDynamoDbLocal({});
  const tableName = `openpie-bench-payouts-${Date.now()}`;
  const admin = createLocalDynamoDbClient(dynamoDbLocal.endpoint);
  const client = createDocumentClient({ region: 'us-east-1', endpoint: dynamoDbLocal.endpoint });
  const sandbox = await startStripeSandbox({
    dataDir: null,
    publicUrl: 'http://localhost:3000',
    clock: () => Date.now(),
  });
  try {
    await ensureTable(admin, tableName);
    const gateway = createStripeGateway({ apiKey: sandbox.apiKey, apiUrl: sandbox.apiUrl });
    const limiter = createRateLimiter(stripeTestModeRequestsPerSecond);
    const base = {
      table: { client, name: tableName },
      clock: { now: () => new Date() },
      siteOrigin: 'http://localhost:3000',
      payoutMinimumCents: 1000,
    };
    const setup = { ...base, stripe: () => Promise.resolve(gateway) };
    const deps = { ...base, stripe: () => Promise.resolve(limitedGateway(gateway, limiter.take)) };

    // The platform's Stripe balance: one large payment made three days ago, available now.
    const url = new URL(sandbox.apiUrl);
    const stripe = new Stripe(sandbox.apiKey, {
      host: url.hostname,
      port: Number(url.port),
      protocol: 'http',
    });
    const customer = await stripe.customers.create({ email: 'bench@example.com' });
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'usd',
            unit_amount: 5_000 * offices,
            recurring: { interval: 'day', interval_count: 30 },
            product_data: { name: 'Bench pie' },
          },
        },
      ],
      success_url: 'http://localhost:3000/pie',
      cancel_url: 'http://localhost:3000/pie',
    });
    await sandbox.payCheckout(
      session.id,
      { number: '4242 4242 4242 4242' },
      { at: new Date(Date.now() - 3 * 86_400_000) },
    );
    await sandbox.advance();

    // Offices onboarded at the sandbox's hosted page, each with $40 of released earnings.
    const run = randomUUID().slice(0, 8);
    const officeIds: { officeId: string; adminId: string }[] = [];
    for (let index = 0; index < offices; index += 1) {
      const officeId = `bench-${run}-${index}`;
      const adminId = `bench-admin-${run}-${index}`;
      await createOffice(
        base.table,
        { id: officeId, name: `Bench office ${index}`, type: 'Artist' },
        { userId: adminId, email: `${adminId}@example.com` },
        new Date(),
      );
      const link = await completeOnboarding(setup, adminId, officeId, log);
      await fetch(`${sandbox.apiUrl}${new URL(link.accountLink.url).pathname}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ name: 'Bench office' }),
      });
      // Stores the account's ready state, as account.updated would.
      await readPayoutAccount(setup, adminId, officeId);
      await postTransaction(base, {
        kind: 'escrow-release',
        idempotencyKey: `bench-release-${officeId}`,
        postings: [
          { accountId: accountIdOf('artist-earnings', `bench-artist-${run}-${index}`), amountCents: -4000 },
          { accountId: accountIdOf('office-payable', officeId), amountCents: 4000 },
        ],
      });
      officeIds.push({ officeId, adminId });
    }

    limiter.reset();
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        for (let index = next++; index < officeIds.length; index = next++) {
          const office = officeIds[index];
          if (!office) continue;
          const payout = await createPayout(deps, office.adminId, { officeId: office.officeId }, log);
          if (payout.status !== 'in_progress')
            throw new Error(`bench payout ${payout.id} is ${payout.status}`);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    return {
      payouts: officeIds.length,
      concurrency,
      payoutsPerSecond: officeIds.length / seconds,
      stripeRequestsPerPayout: limiter.count() / officeIds.length,
      busiestSecondRequests: limiter.busiestSecond(),
    };
  } finally {
    await sandbox.stop();
    await deleteTable(admin, tableName).catch(() => undefined);
    await dynamoDbLocal.stop();
  }
}
