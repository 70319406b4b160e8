// The simulation's fault injection, each fault at its own rate, all outside the product. Whether a fault strikes is
// not drawn in call order (async work interleaves differently on every run) but named: a hash of the seed, the step
// the world is in (a command, a job of a day), the kind of fault, what the call is (a DynamoDB command and the keys it
// touches, a Stripe method and path, a webhook's event) and how many times that same call came in this step. So the
// same seed puts the same faults on the same calls, whatever order they reach the layer in. The faults: a middleware on the table's DynamoDB client (throttling the SDK retries, a transaction whose reply is
// lost after it was written so the SDK sends it again, a worker killed before its Nth write), a proxy between the
// product and the Stripe sandbox (429, 500, a reply lost after Stripe acted), and the webhook path (events delivered
// twice, held back a few days or past the next renewal and delivered late, so out of order). The same middleware
// carries the planted bugs: test-only switches that strip one idempotency condition or one balance guard from the
// requests the product sends, to show the simulation catches each.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { signPayload } from '../../local/stripe-sandbox';
import type { WebhookPost } from './world';
import { chanceOf } from './random';
import { trace } from './trace';
import type { ReservedTurn } from './turns';
import { inTurn, reserveTurn } from './turns';

export interface FaultRates {
  /** Per DynamoDB call: a ThrottlingException (the SDK backs off and retries). */
  dynamoThrottle: number;
  /** Per ledger transaction written: written a second time (a worker retried with a new token); must change nothing. */
  transactionReplay: number;
  /** Per TransactWriteItems written: its reply lost (a 500), so the SDK sends it again under the same token. */
  lostReply: number;
  /** Per job run or paid checkout: the work is killed before one of its writes, then run again. */
  crash: number;
  /** Per call the product makes to Stripe: a 429 or a 500 before Stripe acts. */
  stripeError: number;
  /** Per call to Stripe: Stripe acts, the reply never arrives (the connection drops). */
  stripeTimeout: number;
  /** Per webhook: delivered again later the same day. */
  webhookDuplicate: number;
  /** Per webhook: held back one to three days, so later events overtake it. */
  webhookDelay: number;
  /** Per webhook: a copy delivered again 31 to 35 days on, past the next renewal. */
  webhookLate: number;
}

export const noFaults: FaultRates = {
  dynamoThrottle: 0,
  transactionReplay: 0,
  lostReply: 0,
  crash: 0,
  stripeError: 0,
  stripeTimeout: 0,
  webhookDuplicate: 0,
  webhookDelay: 0,
  webhookLate: 0,
};

export const defaultFaults: FaultRates = {
  dynamoThrottle: 0.004,
  transactionReplay: 0.05,
  lostReply: 0.02,
  crash: 0.1,
  stripeError: 0.004,
  stripeTimeout: 0.003,
  webhookDuplicate: 0.05,
  webhookDelay: 0.02,
  webhookLate: 0.01,
};

/** The planted bugs: each strips one condition from what the product sends DynamoDB. */
export const plantedBugs = ['ledger-idempotency', 'balance-guard'] as const;
export type PlantedBug = (typeof plantedBugs)[number];

export type FaultName = keyof FaultRates | PlantedBug;

export interface FaultLayer {
  /** A new run: its seed, rates and planted bugs; the counts start again. */
  configure(options: { seed: number; rates: FaultRates; plant: readonly PlantedBug[] }): void;
  rates(): FaultRates;
  /** The step the world enters (`list 3 command 5`, `day 40 pie-renewals`): what is decided from now is named after it. */
  enter(step: string): void;
  step(): string;
  /** Whether a fault of this kind strikes `call` (its nth time in this step), counted when it does. */
  draw(kind: keyof FaultRates, call: string): boolean;
  /** A whole number below `n` for `call` in this step (which write a crash hits, how many days a webhook waits). */
  pick(call: string, n: number): number;
  /** The next number of `name` in this step, from 0 (the ids made in it). */
  next(name: string): number;
  /** The next writes of whatever runs now: the one after `writes` of them throws, as if the process died. */
  armCrash(writes: number): void;
  /** Disarms; true when the crash happened. */
  disarmCrash(): boolean;
  /**
   * Resolves once `requests` more DynamoDB requests were sent (at once for 0): a second person's click that lands
   * that far into the first one's request. Requests go one at a time in the order sent, so this point is the same on
   * every run of a seed. Waits still open when the step ends are dropped.
   */
  afterRequests(requests: number): Promise<void>;
  counts(): Record<FaultName, number>;
}

/** What a crashed worker's next write sees. */
export class SimulatedCrash extends Error {
  constructor() {
    super('The simulation killed this worker between two of its writes');
    this.name = 'SimulatedCrash';
  }
}

const writeCommands = /^(PutItem|UpdateItem|DeleteItem|BatchWriteItem|TransactWriteItems)Command$/;

interface WriteInput {
  TransactItems?: {
    Put?: { Item?: Record<string, unknown>; ConditionExpression?: string };
    Update?: {
      ConditionExpression?: string;
      ExpressionAttributeValues?: Record<string, unknown>;
    };
  }[];
  ClientRequestToken?: string;
}

const balanceGuard = 'attribute_exists(balance) AND balance >= :needed';
const ledgerItems = new Set(['ledger-transaction', 'ledger-entry']);

/**
 * Strips the planted bugs' conditions from a TransactWriteItems input (as the product built it, before the document
 * client marshals it); true when it did: `ledger-idempotency` the attribute_not_exists of a ledger transaction's item
 * and its entries, `balance-guard` the guard that keeps a balance people are owed at or above zero.
 */
function plant(input: WriteInput, bug: PlantedBug): boolean {
  let planted = false;
  for (const item of input.TransactItems ?? []) {
    const entity = item.Put?.Item?.['entity'];
    if (bug === 'ledger-idempotency' && item.Put?.ConditionExpression && ledgerItems.has(String(entity))) {
      delete item.Put.ConditionExpression;
      planted = true;
    }
    if (bug === 'balance-guard' && item.Update?.ConditionExpression === balanceGuard) {
      delete item.Update.ConditionExpression;
      delete item.Update.ExpressionAttributeValues?.[':needed'];
      planted = true;
    }
  }
  return planted;
}

/** A transaction the product guards with a condition of its own (a new item), so running it twice must be harmless. */
function isGuarded(input: WriteInput): boolean {
  return (input.TransactItems ?? []).some((item) => item.Put?.Item?.['entity'] === 'ledger-transaction');
}

/** The table keys (pk, sk) of an item, or the item when it has none (a key already). */
function keyOf(item: unknown): unknown {
  if (item === null || typeof item !== 'object') return item;
  const { pk, sk } = item as Record<string, unknown>;
  return pk === undefined ? item : { pk, sk };
}

interface RequestShape {
  IndexName?: string;
  KeyConditionExpression?: string;
  ExpressionAttributeValues?: unknown;
  Key?: unknown;
  Item?: unknown;
  ExclusiveStartKey?: unknown;
  Segment?: number;
  TransactItems?: Record<string, { Key?: unknown; Item?: unknown; TableName?: string } | undefined>[];
  RequestItems?: Record<string, unknown>;
}

/**
 * What a DynamoDB call is, in words that are the same on every run of a seed: its command and the keys it touches
 * (a query's index and key condition; a transaction's or batch's every key). Ids and instants in keys come from the
 * seed and the simulation's clock, so they are stable too.
 */
export function callOf(command: string, input: unknown): string {
  const request = (input ?? {}) as RequestShape;
  const parts: unknown[] = [command];
  if (request.IndexName) parts.push(request.IndexName);
  if (request.KeyConditionExpression)
    parts.push(request.KeyConditionExpression, request.ExpressionAttributeValues);
  if (request.Key) parts.push(request.Key);
  if (request.Item) parts.push(keyOf(request.Item));
  if (request.ExclusiveStartKey) parts.push(request.ExclusiveStartKey);
  if (request.Segment !== undefined) parts.push(request.Segment);
  for (const item of request.TransactItems ?? []) {
    for (const [action, body] of Object.entries(item)) parts.push(action, keyOf(body?.Key ?? body?.Item));
  }
  if (request.RequestItems) {
    // BatchGetItem: { table: { Keys } }; BatchWriteItem: { table: [{ PutRequest: { Item } } | { DeleteRequest: { Key } }] }
    for (const [table, asked] of Object.entries(request.RequestItems)) {
      parts.push(table);
      if (Array.isArray(asked)) {
        for (const write of asked as Record<string, { Key?: unknown; Item?: unknown }>[]) {
          for (const [action, body] of Object.entries(write))
            parts.push(action, keyOf(body.Key ?? body.Item));
        }
      } else parts.push(((asked ?? {}) as { Keys?: unknown[] }).Keys?.map(keyOf));
    }
  }
  return JSON.stringify(parts);
}

function awsError(name: string, status: number, message: string): Error {
  return Object.assign(new Error(message), {
    name,
    $fault: status >= 500 ? 'server' : 'client',
    $metadata: { httpStatusCode: status, attempts: 1, totalRetryDelay: 0 },
  });
}

/** Puts the fault layer on the product's table client (its middleware stack is the document client's too). */
export function installDynamoFaults(client: DynamoDBDocumentClient): FaultLayer {
  let seed = 0;
  let rates: FaultRates = noFaults;
  let bugs: readonly PlantedBug[] = [];
  let crash: { left: number; fired: boolean } | null = null;
  let step = '';
  /** How many times each call (and each named sequence) came in this step. */
  const seen = new Map<string, number>();
  const nth = (name: string) => {
    const index = seen.get(name) ?? 0;
    seen.set(name, index + 1);
    return index;
  };
  const counts = new Map<FaultName, number>();
  const count = (name: FaultName) => counts.set(name, (counts.get(name) ?? 0) + 1);
  /** DynamoDB requests sent in this step, and who waits for that count to reach a number. */
  let sent = 0;
  let waiting: { at: number; done: () => void }[] = [];
  const noteSent = () => {
    sent += 1;
    const due = waiting.filter((wait) => wait.at <= sent);
    waiting = waiting.filter((wait) => wait.at > sent);
    for (const wait of due) wait.done();
  };

  const layer: FaultLayer = {
    configure(options) {
      seed = options.seed;
      rates = options.rates;
      bugs = options.plant;
      crash = null;
      step = '';
      seen.clear();
      counts.clear();
      sent = 0;
      waiting = [];
    },
    rates: () => rates,
    enter(name) {
      trace(`step ${name}`);
      step = name;
      seen.clear();
      sent = 0;
      waiting = [];
    },
    step: () => step,
    draw(kind, call) {
      const rate = rates[kind];
      if (rate <= 0) return false;
      const key = `${kind}\u0000${call}`;
      const index = nth(key);
      if (chanceOf(seed, step, key, index) >= rate) return false;
      trace(`fault ${kind} ${call} #${index}`);
      count(kind);
      return true;
    },
    pick(call, n) {
      const key = `pick\u0000${call}`;
      return Math.floor(chanceOf(seed, step, key, nth(key)) * n);
    },
    next: (name) => nth(`next\u0000${name}`),
    armCrash(writes) {
      crash = { left: writes, fired: false };
    },
    disarmCrash() {
      const fired = crash?.fired ?? false;
      crash = null;
      return fired;
    },
    afterRequests(requests) {
      if (requests <= 0) return Promise.resolve();
      return new Promise<void>((done) => waiting.push({ at: sent + requests, done }));
    },
    counts() {
      const all = {} as Record<FaultName, number>;
      for (const name of [...(Object.keys(noFaults) as (keyof FaultRates)[]), ...plantedBugs]) {
        all[name] = counts.get(name) ?? 0;
      }
      return all;
    },
  };

  // Before the document client marshals the request: the planted bugs, and a ledger transaction run a second time
  // (a worker retried after its reply was lost, with a new request token) whose second run must change nothing.
  client.middlewareStack.add(
    (next, context) => async (args) => {
      if (context.commandName !== 'TransactWriteItemsCommand') return next(args);
      const input = args.input as WriteInput;
      for (const bug of bugs) if (plant(input, bug)) count(bug);
      const again = isGuarded(input) ? (JSON.parse(JSON.stringify(input)) as WriteInput) : null;
      const call = again ? callOf('TransactWriteItemsCommand', input) : '';
      const result = await next(args);
      if (again && layer.draw('transactionReplay', call)) {
        delete again.ClientRequestToken;
        await next({ ...args, input: again }).catch(() => undefined);
      }
      return result;
    },
    { step: 'serialize', priority: 'high', name: 'simulationPlantedBugsAndReplays' },
  );
  // One request at a time, in the order they were sent (test/simulation/turns.ts): DynamoDB Local answers concurrent
  // requests in whatever order its threads finish, which would let a race (two approvals at once, a give-back beside
  // a payout) end one way on one run and the other way on the next. Work still interleaves request by request, so the
  // races stay; the order of their requests is the program's own, the same on every run of a seed. A request failed
  // here that the SDK will send again keeps its turn: the line waits for the retry (the SDK's back-off is real time).
  const retries = new WeakMap<object, ReservedTurn>();
  const keepTurnForRetry = (context: object, request: unknown) => {
    const attempt = /attempt=(\d+); max=(\d+)/.exec(
      String(
        (request as { headers?: Record<string, string> } | undefined)?.headers?.['amz-sdk-request'] ?? '',
      ),
    );
    trace(`retry ${attempt?.[0] ?? 'not known'}`);
    if (attempt && Number(attempt[1]) < Number(attempt[2])) retries.set(context, reserveTurn());
  };
  // Outside the SDK's retries: a reserved turn no retry took (the SDK gave up) is given back.
  client.middlewareStack.add(
    (next, context) => async (args) => {
      try {
        return await next(args);
      } finally {
        retries.get(context)?.release();
        retries.delete(context);
      }
    },
    { step: 'initialize', priority: 'high', name: 'simulationRetryTurns' },
  );
  // Inside the SDK's retries: throttling, a killed worker, a written transaction whose reply is lost.
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const command = context.commandName ?? '';
      const call = callOf(command, args.input);
      const isWrite = writeCommands.test(command);
      if (isWrite && crash && !crash.fired) {
        if (crash.left <= 0) {
          crash.fired = true;
          count('crash');
          throw new SimulatedCrash();
        }
        crash.left -= 1;
      }
      const reserved = retries.get(context);
      retries.delete(context);
      if (layer.draw('dynamoThrottle', call)) {
        reserved?.release();
        keepTurnForRetry(context, args.request);
        throw awsError('ThrottlingException', 400, 'Rate of requests exceeds the allowed throughput.');
      }
      noteSent();
      // Traced when its turn comes: the line's own order (a retry may arrive after requests it goes before).
      const send = () => {
        trace(`db ${call}`);
        return next(args);
      };
      const result = await (reserved ? reserved.take(send) : inTurn(send));
      // The reply of a written transaction lost: the SDK sends it again under the same request token.
      if (command === 'TransactWriteItemsCommand' && layer.draw('lostReply', call)) {
        keepTurnForRetry(context, args.request);
        throw awsError('InternalServerError', 500, 'Internal server error (the reply was lost)');
      }
      return result;
    },
    { step: 'deserialize', priority: 'high', name: 'simulationFaults' },
  );
  return layer;
}

export interface StripeFaultProxy {
  url: string;
  stop(): Promise<void>;
}

/** Stands between the product's `stripe` SDK and the sandbox: forwards each call, or fails it as Stripe can. */
export async function startStripeFaultProxy(target: string, faults: FaultLayer): Promise<StripeFaultProxy> {
  const upstream = new URL(target);
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const call = `${req.method ?? ''} ${req.url ?? ''}`;
      trace(`stripe ${call} ${Buffer.concat(chunks).toString()}`);
      if (faults.draw('stripeError', call)) {
        const limited = faults.pick(call, 2) === 0;
        res.writeHead(limited ? 429 : 500, {
          'content-type': 'application/json',
          'stripe-should-retry': 'true',
        });
        res.end(
          JSON.stringify({
            error: limited
              ? { type: 'invalid_request_error', code: 'rate_limit', message: 'Too many requests' }
              : { type: 'api_error', message: 'An error occurred with our connection to Stripe.' },
          }),
        );
        return;
      }
      const dropReply = faults.draw('stripeTimeout', call);
      const forward = request(
        {
          host: upstream.hostname,
          port: upstream.port,
          method: req.method,
          path: req.url,
          headers: { ...req.headers, host: upstream.host },
        },
        (reply) => {
          const body: Buffer[] = [];
          reply.on('data', (chunk: Buffer) => body.push(chunk));
          reply.on('end', () => {
            if (dropReply) {
              res.socket?.destroy();
              return;
            }
            res.writeHead(reply.statusCode ?? 502, reply.headers);
            res.end(Buffer.concat(body));
          });
        },
      );
      forward.on('error', () => res.socket?.destroy());
      forward.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
    },
  };
}

/** The event a webhook carries (its id comes from the seed), or its type when it has none. */
function eventIdOf(rawBody: string): string {
  try {
    const event = JSON.parse(rawBody) as { id?: string; type?: string };
    return event.id ?? event.type ?? '';
  } catch {
    return '';
  }
}

interface HeldWebhook {
  dueAt: number;
  order: number;
  rawBody: string;
}

export interface WebhookFaults {
  /** Wraps the product's webhook endpoint: what Stripe's delivery reaches. */
  deliver(post: WebhookPost): WebhookPost;
  /** The sandbox's signing secret (known once it started). */
  useSecret(secret: string): void;
  /** Delivers what was held back and is due by `now` (ms), re-signed at `now`. */
  deliverDue(now: number): Promise<number>;
  /** Held webhooks not yet delivered. */
  held(): number;
}

/**
 * The network and Stripe's retry schedule between the sandbox and the product: an event may reach the product twice,
 * days late (Stripe retrying after the endpoint failed), or both. `now` is the product time in ms.
 */
export function createWebhookFaults(faults: FaultLayer, now: () => number): WebhookFaults {
  let secret = '';
  let post: WebhookPost | undefined;
  let order = 0;
  const waiting: HeldWebhook[] = [];
  const day = 86_400_000;
  const hold = (rawBody: string, dueAt: number) => waiting.push({ dueAt, order: (order += 1), rawBody });
  return {
    deliver(endpoint) {
      post = endpoint;
      return async (rawBody, headers) => {
        const call = `webhook ${eventIdOf(rawBody)}`;
        trace(`${call} ${rawBody.length}`);
        if (faults.draw('webhookLate', call)) hold(rawBody, now() + (31 + faults.pick(call, 5)) * day);
        if (faults.draw('webhookDelay', call)) {
          // Stripe saw the endpoint fail; it retries a day or more later. The product sees nothing now.
          hold(rawBody, now() + (1 + faults.pick(call, 3)) * day);
          return { status: 200 };
        }
        const reply = await endpoint(rawBody, headers);
        if (process.env.SIM_DEBUG && reply.status >= 300)
          console.error(`webhook ${reply.status}: ${rawBody.slice(0, 200)}`);
        if (faults.draw('webhookDuplicate', call)) hold(rawBody, now());
        if (reply.status >= 300) {
          // Refused: Stripe retries it later. Here with the day's late webhooks rather than the sandbox's retries after
          // real seconds, which would race the events behind it differently on every run.
          hold(rawBody, now() + 3_600_000);
          return { status: 200 };
        }
        return reply;
      };
    },
    useSecret(value) {
      secret = value;
    },
    async deliverDue(at) {
      const due = waiting
        .filter((held) => held.dueAt <= at)
        .sort((a, b) => a.dueAt - b.dueAt || a.order - b.order);
      for (const held of due) {
        waiting.splice(waiting.indexOf(held), 1);
        if (!post) continue;
        const headers = {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signPayload(held.rawBody, secret, Math.floor(now() / 1000)),
        };
        // Stripe retries until the endpoint says 2xx
        for (let attempt = 0; attempt < 5; attempt += 1) {
          if ((await post(held.rawBody, headers)).status < 300) break;
        }
      }
      return due.length;
    },
    held: () => waiting.length,
  };
}
