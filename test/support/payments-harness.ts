// Shared by the payments integration tests (not a test file itself): a Stripe sandbox in memory whose webhooks go to
// the product's webhook handler in-process (as API Gateway would call it), a signed-in fan, the fan's checkout through
// the fan-payments handler, and reads of the ledger. Everything is real but the network: DynamoDB Local, the
// sandbox over loopback, the `stripe` SDK.
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type Stripe from 'stripe';
import { afterEach } from 'vitest';
import type { StoredPie } from '../../functions/data/pies';
import type { StripeSandbox } from '../../local/stripe-sandbox';
import { buildGatewayEvent, testContext } from './gateway-event';
import type { HandlerResult, SignedInAccount } from './identity';
import { call, createSignedInAccount, dataOf } from './identity';
import type { TestStripeSandboxOptions } from './stripe-sandbox';
import { cardExpiryAfter, startTestStripeSandbox, stripeClientFor, testCards } from './stripe-sandbox';
import { testTable } from './test-table';
import { getClock, getLocalClockOffset, setLocalClockOffset } from '../../functions/runtime/clock';

export interface Delivery {
  rawBody: string;
  headers: Record<string, string>;
  status: number;
  type: string;
}

type Handler = (event: APIGatewayProxyEventV2, context: typeof testContext) => Promise<HandlerResult>;

let handlers: Promise<{ webhooks: Handler; payments: Handler; pie: Handler }> | undefined;

/** The payment handlers, imported once (a later call answers from memory, without another wait on the loader). */
export function loadHandlers(): Promise<{ webhooks: Handler; payments: Handler; pie: Handler }> {
  handlers ??= Promise.all([
    import('../../functions/handlers/webhooks-stripe'),
    import('../../functions/handlers/fan-payments'),
    import('../../functions/handlers/fan-pie'),
  ]).then(([webhooks, payments, pie]) => ({
    webhooks: webhooks.handler as Handler,
    payments: payments.handler as Handler,
    pie: pie.handler as Handler,
  }));
  return handlers;
}

/** Posts a webhook to the handler the way API Gateway passes it (header names in lower case). */
export async function postWebhook(rawBody: string, headers: Record<string, string>): Promise<HandlerResult> {
  const { webhooks } = await loadHandlers();
  const lower = Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]),
  );
  return webhooks(
    buildGatewayEvent('POST', '/api/webhooks/stripe', { body: rawBody, headers: lower }),
    testContext,
  );
}

/** An event the harness held back instead of delivering it: each test delivers it (or not) itself. */
export interface HeldEvent {
  id: string;
  type: string;
  rawBody: string;
  headers: Record<string, string>;
}

export interface PaymentsHarness {
  sandbox: StripeSandbox;
  stripe: ReturnType<typeof stripeClientFor>;
  deliveries: Delivery[];
  /** The events `holdBack` kept from the webhook, in the order the sandbox sent them. */
  held: HeldEvent[];
  stop(): Promise<void>;
}

export interface PaymentsHarnessOptions extends Pick<TestStripeSandboxOptions, 'delivery'> {
  /** Which events (by type) are held back, not delivered; none unless told. */
  holdBack?: (type: string) => boolean;
}

export async function startPaymentsHarness(options: PaymentsHarnessOptions = {}): Promise<PaymentsHarness> {
  const deliveries: Delivery[] = [];
  const held: HeldEvent[] = [];
  const { holdBack, ...sandboxOptions } = options;
  const sandbox = await startTestStripeSandbox({
    ...sandboxOptions,
    deliver: async (rawBody, headers) => {
      const { id, type } = JSON.parse(rawBody) as { id: string; type: string };
      if (holdBack?.(type)) {
        held.push({ id, type, rawBody, headers });
        return { status: 200 };
      }
      const result = await postWebhook(rawBody, headers);
      deliveries.push({ rawBody, headers, status: result.statusCode, type });
      return { status: result.statusCode };
    },
  });
  let stopped: Promise<void> | undefined;
  // Stopped once, however often asked: a test may stop Stripe itself before the harness's own stop.
  return {
    sandbox,
    stripe: stripeClientFor(sandbox),
    deliveries,
    held,
    stop: () => (stopped ??= sandbox.stop()),
  };
}

/**
 * A harness for each test that starts one (the last one it started), stopped after the test, and the product clock
 * put back where the file found it: call at a file's top.
 */
export function paymentsHarnessPerTest(): (options?: PaymentsHarnessOptions) => Promise<PaymentsHarness> {
  const offsetAtStart = getLocalClockOffset();
  let current: PaymentsHarness | undefined;
  afterEach(async () => {
    await current?.stop();
    current = undefined;
    setLocalClockOffset(offsetAtStart);
  });
  return async (options) => (current = await startPaymentsHarness(options));
}

/** Moves the product clock (and with it the sandbox's) forward by `ms`, then lets Stripe do what fell due. */
export async function moveClock(harness: PaymentsHarness, ms: number): Promise<void> {
  setLocalClockOffset(getLocalClockOffset() + ms);
  await harness.sandbox.advance();
}

export const pieSettings = { artistLimit: 12, artistPopularity: 40, excludeNonActive: true };

/** POST /api/stripe/createCheckout as the fan. */
export async function requestCheckout(
  fan: SignedInAccount,
  amount: number,
  overrides: Record<string, unknown> = {},
): Promise<HandlerResult> {
  const { payments } = await loadHandlers();
  return call(payments, 'POST', '/api/stripe/createCheckout', {
    cookies: [fan.cookie],
    body: { amount, ...pieSettings, pieDays: 30, ...overrides },
  });
}

/** The Checkout session id at the end of the hosted page's URL. */
export function sessionIdOf(url: string): string {
  const id = new URL(url).pathname.split('/').pop();
  if (!id) throw new Error(`No session id in ${url}`);
  return id;
}

/** The fan's checkout through the product (POST createCheckout, which must answer 200): its session id. */
export async function checkoutOf(
  fan: SignedInAccount,
  amount: number,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  const checkout = await requestCheckout(fan, amount, overrides);
  if (checkout.statusCode !== 200)
    throw new Error(`createCheckout answered ${checkout.statusCode}: ${checkout.body}`);
  return sessionIdOf(dataOf<{ url: string }>(checkout).url);
}

/** Pays the session on the sandbox's hosted page with `card` (one that works unless told); Stripe then settles. */
export async function payCheckout(
  sandbox: StripeSandbox,
  sessionId: string,
  card: string = testCards.pays,
): Promise<void> {
  const paid = await sandbox.payCheckout(sessionId, {
    number: card,
    expiry: cardExpiryAfter(getClock().now()),
    cvc: '123',
    name: 'Test',
  });
  if (!paid.ok) throw new Error(`The sandbox refused the card: ${paid.message}`);
  await sandbox.settle();
}

/** The fan checks out `amount` and pays with `card` (one that works unless told); every event delivered. */
export async function payAs(
  harness: PaymentsHarness,
  fan: SignedInAccount,
  amount: number,
  card: string = testCards.pays,
): Promise<string> {
  const sessionId = await checkoutOf(fan, amount);
  await payCheckout(harness.sandbox, sessionId, card);
  return sessionId;
}

/** A new verified fan who checked out `amount` and paid with `card`; every event delivered. */
export async function fundPie(
  harness: PaymentsHarness,
  card: string,
  amount = 1000,
): Promise<{ fan: SignedInAccount; sessionId: string }> {
  const fan = await createSignedInAccount('fan');
  return { fan, sessionId: await payAs(harness, fan, amount, card) };
}

export async function getJson<T>(handler: Handler, path: string, fan: SignedInAccount): Promise<T> {
  const result = await call(handler, 'GET', path, { cookies: [fan.cookie] });
  if (result.statusCode !== 200) throw new Error(`GET ${path} answered ${result.statusCode}: ${result.body}`);
  return dataOf<T>(result);
}

export async function ledger() {
  const service = await import('../../functions/services/ledger');
  const deps = { table: testTable() };
  return {
    balance: (accountId: `${string}:${string}`) =>
      service.getBalance(deps, accountId as Parameters<typeof service.getBalance>[1]),
    entries: async (accountId: `${string}:${string}`) =>
      (
        await service.listEntries(deps, accountId as Parameters<typeof service.listEntries>[1], {
          limit: 100,
        })
      ).entries,
    transaction: (id: string) => service.getTransaction(deps, id),
  };
}

/** The fan's pies, oldest first. */
export async function piesOf(fanId: string): Promise<StoredPie[]> {
  const { listAllFanPies } = await import('../../functions/data/pies');
  return (await listAllFanPies(testTable(), fanId)).reverse();
}

/** The id of the fan's customer at the Stripe sandbox (the one whose metadata names the fan). */
export async function customerIdOf(harness: PaymentsHarness, fanId: string): Promise<string> {
  const customers = await harness.stripe.customers.list({ limit: 100 });
  const customer = customers.data.find((c) => c.metadata?.['fan_id'] === fanId);
  if (!customer) throw new Error(`No Stripe customer for ${fanId}`);
  return customer.id;
}

/** The fan's subscription at the Stripe sandbox (the one whose metadata names the fan), canceled or not. */
export async function subscriptionOf(harness: PaymentsHarness, fanId: string): Promise<Stripe.Subscription> {
  const subscriptions = await harness.stripe.subscriptions.list({ status: 'all', limit: 100 });
  const subscription = subscriptions.data.find((candidate) => candidate.metadata['fan_id'] === fanId);
  if (!subscription) throw new Error(`No subscription for ${fanId}`);
  return subscription;
}

/** The fan's charges at the Stripe sandbox, oldest first. */
export async function chargesOf(harness: PaymentsHarness, fanId: string): Promise<Stripe.Charge[]> {
  const customer = await customerIdOf(harness, fanId);
  return (await harness.stripe.charges.list({ customer, limit: 100 })).data.reverse();
}

/**
 * The fan's wallet accounts (docs/decisions/031-money-by-origin.md): their free credit and the money of each of their
 * pies, oldest pie first.
 */
export async function walletAccountsOf(fanId: string): Promise<`${string}:${string}`[]> {
  const pies = await piesOf(fanId);
  return [`fan-wallet:${fanId}`, ...pies.map((pie) => `pie-funds:${pie.id}` as const)];
}
