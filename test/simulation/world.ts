// The simulated world's machinery: the product as the local runtime runs it (DESIGN §3), in this one process. One
// DynamoDB Local for the whole process, and for every run a fresh table, a fresh Stripe sandbox whose webhooks go
// through the fault layer to the product's webhook handler, the local queue and bus reached through a small AWS
// endpoint server, and the product clock of its own: it starts at the same instant in every run and moves only when
// the world moves it (never with the wall clock), so a seed sees the same calendar and the same instants each time.
// The ids the product and the sandbox make (crypto.randomUUID, crypto.randomBytes) are named by the seed, the step
// the world is in and their number in it, so they are the same on every run too. The jobs are the scheduled jobs' own handlers, run when they fall due as the day passes.
import { createRequire, syncBuiltinESMExports } from 'node:module';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import { Readable } from 'node:stream';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import type { AddressInfo } from 'node:net';
import type Stripe from 'stripe';
import type { JobName } from '../../events/definitions';
import { jobs, queues, rules } from '../../events/definitions';
import type { JobResult } from '../../events/lib/define-job';
import type { TableRef } from '../../functions/data/table';
import { getClock } from '../../functions/runtime/clock';
import { resetEnvCache } from '../../functions/runtime/env';
import { createLogger } from '../../functions/runtime/logger';
import { getTable } from '../../functions/runtime/table';
import {
  eventPublishingDependencies,
  publishPendingOutboxEvents,
} from '../../functions/services/outbox-event-publishing';
import { setConcurrentCheckoutWait } from '../../functions/services/payments/checkout';
import { paymentsDependencies } from '../../functions/services/payments/dependencies';
import { isAwsApiCall, serveAwsEmulation, settleDeliveries } from '../../local/aws-endpoints';
import type { DynamoDbLocalInstance } from '../../local/dynamodb-local';
import { importEntry } from '../../local/entry-modules';
import { createLocalDynamoDbClient, startDynamoDbLocal } from '../../local/dynamodb-local';
import { setQueueWaits, settleQueues } from '../../local/queue';
import { findJob, runJob } from '../../local/scheduler';
import type { StripeSandbox } from '../../local/stripe-sandbox';
import { startStripeSandbox } from '../../local/stripe-sandbox';
import { deleteTable, ensureTable } from '../../local/table';
import { setTestRemainingTime } from '../support/gateway-event';
import { stripeClientFor } from '../support/stripe-sandbox';
import type { FaultLayer } from './faults';
import { installDynamoFaults, startStripeFaultProxy } from './faults';
import { profileTableClient } from './profile';
import { logAuditedWrites } from './audit-mirror';
import { installStripeTurns } from './stripe-turns';
import { afterTurnsSoFar, inTurn } from './turns';
import { bytesOf } from './random';
import { trace, tracing } from './trace';

export const dayMs = 86_400_000;
/** Every run starts at this product instant (a Monday, past any wall clock this runs on). */
export const simulationEpoch = Date.parse('2031-01-06T00:00:00.000Z');
export const simulationTable = 'openpie-simulation';

/** What lives for the whole process: DynamoDB Local, the AWS endpoint server, the fault layer on the table client. */
export interface Engine {
  dynamo: DynamoDbLocalInstance;
  faults: FaultLayer;
  stop(): Promise<void>;
}

let engine: Promise<Engine> | undefined;

/** The process's engine, started on first use. */
export function startEngine(options: { endpoint?: string } = {}): Promise<Engine> {
  engine ??= bootEngine(options.endpoint);
  return engine;
}

async function bootEngine(endpoint: string | undefined): Promise<Engine> {
  const dynamo: DynamoDbLocalInstance = endpoint
    ? { endpoint, port: Number(new URL(endpoint).port), stop: () => Promise.resolve() }
    : await startDynamoDbLocal({});
  const aws = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (!isAwsApiCall(req)) {
      res.writeHead(404).end();
      return;
    }
    void serveAwsEmulation(req, res);
  });
  await new Promise<void>((done) => aws.listen(0, '127.0.0.1', done));
  const port = (aws.address() as AddressInfo).port;
  Object.assign(process.env, {
    STAGE: 'local',
    AWS_REGION: 'us-east-1',
    TABLE_NAME: simulationTable,
    DYNAMODB_ENDPOINT: dynamo.endpoint,
    SITE_ORIGIN: 'http://localhost:3000',
    LOG_LEVEL: process.env.SIM_LOG_LEVEL ?? 'silent',
    EVENT_BUS_NAME: 'openpie-local',
    EVENT_BUS_ENDPOINT: `http://127.0.0.1:${port}/`,
    QUEUE_ENDPOINT: `http://127.0.0.1:${port}/`,
    FAN_WORK_QUEUE_URL: `http://127.0.0.1:${port}/000000000000/fan-work`,
    STAFF_ALERT_EMAIL: 'staff@openpie.example',
    // Small worlds pay out small sums: a $1 minimum, so offices of a few fans reach their payouts
    PAYOUT_MINIMUM_CENTS: '100',
    // Short runs see escrow expire: lots of a month's split are held one month, not twelve
    ESCROW_HOLDING_MONTHS: '1',
  });
  resetEnvCache();
  holdProductClock();
  // Every worker, consumer and job loaded before the first run, so none waits on the module loader mid-step.
  await Promise.all([...queues, ...rules, ...jobs].map((entry) => importEntry(entry.entry)));
  const faults = installDynamoFaults(getTable().client);
  profileTableClient(getTable().client, faults);
  logAuditedWrites(getTable().client);
  const ownWaitsAgain = waitOutsideInTurn(port);
  return {
    dynamo,
    faults,
    stop: async () => {
      ownWaitsAgain();
      aws.closeAllConnections();
      await new Promise<void>((done) => aws.close(() => done()));
      await dynamo.stop();
    },
  };
}

/**
 * Puts the product's other waits outside this process's JavaScript in the world's one line (turns.ts), beside
 * DynamoDB's requests: its calls to Stripe, to the local queue and bus (the AWS endpoint server on `awsPort`, the
 * reply read to its end in the turn), and the Web Crypto work of session tokens (jose signs and checks on the thread
 * pool, whose answers come back in whatever order the threads finish).
 */
function waitOutsideInTurn(awsPort: number): () => void {
  installStripeTurns();
  // A queue message is delivered at once (its send's turn is still open, so its worker's requests queue behind it);
  // a failed one again once every turn asked for before has been answered, not after real milliseconds.
  setQueueWaits({ beforeDelivery: () => Promise.resolve(), beforeRetry: afterTurnsSoFar });
  // A checkout beside another of the fan's being created waits for the turns asked so far, not 200 real ms.
  setConcurrentCheckoutWait(afterTurnsSoFar);
  // A request is not ended by middy's wall-clock timeout: on a busy machine a checkout took over 10 real seconds
  // and answered 500 where a quiet run passed (the simulated day is the product clock's, not the wall's).
  setTestRemainingTime(simulatedRemainingTimeMs);
  lineFor = { awsPort };
  if (!patched) {
    patched = true;
    const handle = NodeHttpHandler.prototype.handle;
    NodeHttpHandler.prototype.handle = function (this: NodeHttpHandler, request, options) {
      if (request.port !== lineFor?.awsPort) return handle.call(this, request, options);
      return inTurn(async () => {
        const answer = await handle.call(this, request, options);
        const body = answer.response.body as AsyncIterable<Buffer> | undefined;
        if (body) {
          const chunks: Buffer[] = [];
          for await (const chunk of body) chunks.push(chunk);
          answer.response.body = Readable.from([Buffer.concat(chunks)]);
        }
        return answer;
      });
    };
    const subtle = globalThis.crypto.subtle as unknown as Record<string, unknown>;
    for (const name of ['sign', 'verify', 'digest', 'importKey', 'exportKey', 'encrypt', 'decrypt']) {
      const work = subtle[name];
      if (typeof work !== 'function') continue;
      const original = (...args: unknown[]) =>
        (work as (...a: unknown[]) => Promise<unknown>).apply(globalThis.crypto.subtle, args);
      subtle[name] = (...args: unknown[]) => (lineFor ? inTurn(() => original(...args)) : original(...args));
    }
  }
  // The engine stopped: the product's waits are its own again.
  return () => {
    lineFor = null;
    installStripeTurns(false);
    setQueueWaits();
    setConcurrentCheckoutWait();
    setTestRemainingTime();
  };
}

/** What a handler is told it has left in the simulation: an hour, far past any request's real time. */
const simulatedRemainingTimeMs = 60 * 60_000;

/** While an engine runs: the AWS endpoint server's port, whose calls take turns. */
let lineFor: { awsPort: number } | null = null;
let patched = false;

/** Stops the engine if one was started (the CLI's and the test's last step). */
export async function stopEngine(): Promise<void> {
  const started = engine;
  engine = undefined;
  if (started) await (await started).stop();
}

/** A webhook as the product's endpoint receives it. */
export type WebhookPost = (rawBody: string, headers: Record<string, string>) => Promise<{ status: number }>;

export interface World {
  table: TableRef;
  sandbox: StripeSandbox;
  /** The real SDK, as staff and the banks act through Stripe's dashboard (refunds, dispute evidence). */
  stripe: Stripe;
  faults: FaultLayer;
  /** Days since the epoch the product clock stands at. */
  day(): number;
  /** Lets product time run to `at` (ms since epoch, never backwards): Stripe's due work first, then the jobs due. */
  moveTo(at: number): Promise<void>;
  /** Runs a job as the scheduler would: what it answered, or null when it failed (threw). */
  runJob(name: JobName, at: number): Promise<JobResult | null>;
  /** Waits until no queue message, outbox event, bus delivery or webhook is left. */
  settle(): Promise<void>;
  /**
   * Waits until nothing runs in the background (webhooks being delivered, queue messages, bus deliveries), reading
   * nothing: so no work of one step goes on into the next, whose ids and faults are numbered afresh.
   */
  quiet(): Promise<void>;
  close(): Promise<void>;
}

type RandomBytes = (size: number, done?: (error: Error | null, bytes: Buffer) => void) => Buffer | undefined;

/**
 * Makes `crypto.randomUUID` and `crypto.randomBytes` (the product's ids and session tokens, the sandbox's Stripe ids,
 * the SDKs' request tokens) come from the seed: the nth of the step the fault layer is in. Concurrent work in one step
 * may still take them in another order; every step starts its own numbering, so that stays within the step.
 */
export function seedIds(seed: number, faults: FaultLayer): void {
  const crypto = createRequire(import.meta.url)('node:crypto') as {
    randomUUID: () => string;
    randomBytes: RandomBytes;
  };
  const bytes = (size: number) => {
    const made = bytesOf(seed, [faults.step(), 'bytes', faults.next('bytes')], size);
    if (tracing())
      trace(
        `bytes ${size} ${made.toString('hex').slice(0, 8)}${process.env.SIM_TRACE_STACKS ? ` ${new Error().stack?.split('\n').slice(2, 6).join(' < ') ?? ''}` : ''}`,
      );
    return made;
  };
  crypto.randomUUID = () => {
    const hex = bytesOf(seed, [faults.step(), 'id', faults.next('id')], 16).toString('hex');
    trace(`id ${hex}`);
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  };
  crypto.randomBytes = ((size, done) => {
    const made = bytes(size);
    if (!done) return made;
    process.nextTick(() => done(null, made));
    return undefined;
  }) as RandomBytes;
  syncBuiltinESMExports();
}

/** The product time of the simulation (ms): it moves only when the world moves it. */
let simulatedNow = simulationEpoch;

/** Puts the product clock (functions/runtime/clock.ts, the sandbox's too) on the simulation's time. */
function holdProductClock(): void {
  const clock = getClock();
  clock.now = () => new Date(simulatedNow);
}

/** Moves product time on by `ms` (a person's next action a few minutes later). */
export function tick(ms: number): void {
  simulatedNow += ms;
}

/** A fresh world on the engine: an empty table, a new Stripe sandbox, the clock at the epoch. */
export async function openWorld(
  running: Engine,
  options: { deliver: (post: WebhookPost) => WebhookPost },
): Promise<World> {
  const raw = createLocalDynamoDbClient(running.dynamo.endpoint);
  await deleteTable(raw, simulationTable);
  await ensureTable(raw, simulationTable);
  raw.destroy();
  simulatedNow = simulationEpoch;
  const { postWebhook } = await import('../support/payments-harness');
  const sandbox = await startStripeSandbox({
    dataDir: null,
    publicUrl: 'http://localhost:3000',
    webhook: {
      deliver: options.deliver(async (rawBody, headers) => ({
        status: (await postWebhook(rawBody, headers)).statusCode,
      })),
    },
  });
  // The product reaches Stripe through the fault proxy; the world's own SDK (the dashboard) goes straight.
  const proxy = await startStripeFaultProxy(sandbox.apiUrl, running.faults);
  Object.assign(process.env, {
    STRIPE_API_URL: proxy.url,
    STRIPE_API_KEY: sandbox.apiKey,
    STRIPE_WEBHOOK_SECRET: sandbox.webhookSecret,
  });
  resetEnvCache();
  // The product loads its Stripe client on its first call with these settings: now, not in the middle of a step.
  await paymentsDependencies().stripe();
  const log = createLogger('silent', { simulation: 'outbox' });
  const publish = async () => {
    const deps = eventPublishingDependencies(log);
    let counts;
    do counts = await publishPendingOutboxEvents(deps);
    while (counts.published > 0);
  };
  const settle = async () => {
    for (let round = 0; round < 3; round += 1) {
      await sandbox.settle();
      await settleQueues();
      await publish();
      await settleDeliveries();
      await settleQueues();
    }
  };
  return {
    table: getTable(),
    sandbox,
    stripe: stripeClientFor(sandbox),
    faults: running.faults,
    day: () => Math.floor((getClock().now().getTime() - simulationEpoch) / dayMs),
    async moveTo(at) {
      simulatedNow = Math.max(simulatedNow, at);
      await sandbox.advance();
      await settle();
    },
    async runJob(name, at) {
      const job = findJob(name);
      if (!job) throw new Error(`No job ${name}`);
      try {
        const result = await runJob(job, new Date(at));
        await settle();
        return result;
      } catch {
        await settle();
        return null;
      }
    },
    settle,
    async quiet() {
      for (let round = 0; round < 3; round += 1) {
        await sandbox.settle();
        await settleQueues();
        await settleDeliveries();
      }
    },
    async close() {
      await sandbox.stop();
      await proxy.stop();
    },
  };
}
