// Shared by the payments integration tests (not a test file itself): a Stripe sandbox in memory whose webhooks go to
// the product's webhook handler in-process (as API Gateway would call it), a signed-in fan, the fan's checkout through
// the fan-payments handler, and reads of the ledger. Everything is real but the network: DynamoDB Local, the
// sandbox over loopback, the `stripe` SDK.
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type Stripe from 'stripe';
import type { StoredPie } from '../../functions/data/pies';
import type { StripeSandbox } from '../../local/stripe-sandbox';
import { buildGatewayEvent, testContext } from './gateway-event';
import type { HandlerResult, SignedInAccount } from './identity';
import { call, createSignedInAccount, dataOf } from './identity';
import type { TestStripeSandboxOptions } from './stripe-sandbox';
import { startTestStripeSandbox, stripeClientFor, testCards } from './stripe-sandbox';
import { testTable } from './test-table';
import { getLocalClockOffset, setLocalClockOffset } from '../../functions/runtime/clock';

export interface Delivery {
  rawBody: string;
  headers: Record<string, string>;
  status: number;
  type: string;
}

type Handler = (event: APIGatewayProxyEventV2, context: typeof testContext) => Promise<HandlerResult>;

export async function loadHandlers() {
  const [webhooks, payments, pie] = await Promise.all([
    import('../../functions/handlers/webhooks-stripe'),
    import('../../functions/handlers/fan-payments'),
    import('../../functions/handlers/fan-pie'),
  ]);
  return {
    webhooks: webhooks.handler as Handler,
    payments: payments.handler as Handler,
    pie: pie.handler as Handler,
  };
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

export interface PaymentsHarness {
  sandbox: StripeSandbox;
  stripe: ReturnType<typeof stripeClientFor>;
  deliveries: Delivery[];
  stop(): Promise<void>;
}

export async function startPaymentsHarness(
  options: Pick<TestStripeSandboxOptions, 'delivery'> = {},
): Promise<PaymentsHarness> {
  const deliveries: Delivery[] = [];
  const sandbox = await startTestStripeSandbox({
    ...options,
    deliver: async (rawBody, headers) => {
      const result = await postWebhook(rawBody, headers);
      const type = (JSON.parse(rawBody) as { type: string }).type;
      deliveries.push({ rawBody, headers, status: result.statusCode, type });
      return { status: result.statusCode };
    },
  });
  return { sandbox, stripe: stripeClientFor(sandbox), deliveries, stop: () => sandbox.stop() };
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

/** The fan checks out `amount` and pays with `card` (one that works unless told); every event delivered. */
export async function payAs(
  harness: PaymentsHarness,
  fan: SignedInAccount,
  amount: number,
  card: string = testCards.pays,
): Promise<string> {
  const checkout = await requestCheckout(fan, amount);
  if (checkout.statusCode !== 200)
    throw new Error(`createCheckout answered ${checkout.statusCode}: ${checkout.body}`);
  const sessionId = sessionIdOf(dataOf<{ url: string }>(checkout).url);
  const paid = await harness.sandbox.payCheckout(sessionId, {
    number: card,
    expiry: '12/34',
    cvc: '123',
    name: 'Test',
  });
  if (!paid.ok) throw new Error(`The sandbox refused the card: ${paid.message}`);
  await harness.sandbox.settle();
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
