// The simulated world's machinery: the product as the local runtime runs it (DESIGN §3), in this one process. One
// DynamoDB Local for the whole process, and for every run a fresh table, a fresh Stripe sandbox whose webhooks go
// through the fault layer to the product's webhook handler, the local queue and bus reached through a small AWS
// endpoint server, and the product clock pinned to the same instant at the start of every run, so a seed sees the
// same calendar each time. The jobs are the scheduled jobs' own handlers, run when they fall due as the day passes.
import { createRequire, syncBuiltinESMExports } from 'node:module';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Stripe from 'stripe';
import type { JobName } from '../../events/definitions';
import type { TableRef } from '../../functions/data/table';
import { getLocalClockOffset, getClock, setLocalClockOffset } from '../../functions/runtime/clock';
import { resetEnvCache } from '../../functions/runtime/env';
import { createLogger } from '../../functions/runtime/logger';
import { getTable } from '../../functions/runtime/table';
import {
  eventPublishingDependencies,
  publishPendingOutboxEvents,
} from '../../functions/services/outbox-event-publishing';
import { isAwsApiCall, serveAwsEmulation, settleDeliveries } from '../../local/aws-endpoints';
import type { DynamoDbLocalInstance } from '../../local/dynamodb-local';
import { createLocalDynamoDbClient, startDynamoDbLocal } from '../../local/dynamodb-local';
import { settleQueues } from '../../local/queue';
import { findJob, runJob } from '../../local/scheduler';
import type { StripeSandbox } from '../../local/stripe-sandbox';
import { startStripeSandbox } from '../../local/stripe-sandbox';
import { deleteTable, ensureTable } from '../../local/table';
import { stripeClientFor } from '../support/stripe-sandbox';
import type { FaultLayer } from './faults';
import { installDynamoFaults, startStripeFaultProxy } from './faults';
import type { Random } from './random';

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
  });
  resetEnvCache();
  const faults = installDynamoFaults(getTable().client);
  return {
    dynamo,
    faults,
    stop: async () => {
      aws.closeAllConnections();
      await new Promise<void>((done) => aws.close(() => done()));
      await dynamo.stop();
    },
  };
}

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
  random: Random;
  faults: FaultLayer;
  /** Days since the epoch the product clock stands at. */
  day(): number;
  /** Lets product time run to `at` (ms since epoch, never backwards): Stripe's due work first, then the jobs due. */
  moveTo(at: number): Promise<void>;
  runJob(name: JobName, at: number): Promise<'completed' | 'failed'>;
  /** Waits until no queue message, outbox event, bus delivery or webhook is left. */
  settle(): Promise<void>;
  close(): Promise<void>;
}

/** Makes `crypto.randomUUID` draw from the seed, so the ids the product makes are the same on every run of it. */
export function seedIds(random: Random): void {
  const crypto = createRequire(import.meta.url)('node:crypto') as { randomUUID: () => string };
  crypto.randomUUID = () => {
    const hex = Array.from({ length: 32 }, () => Math.floor(random() * 16).toString(16)).join('');
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  };
  syncBuiltinESMExports();
}

/** A fresh world on the engine: an empty table, a new Stripe sandbox, the clock at the epoch. */
export async function openWorld(
  running: Engine,
  options: { random: Random; deliver: (post: WebhookPost) => WebhookPost },
): Promise<World> {
  const raw = createLocalDynamoDbClient(running.dynamo.endpoint);
  await deleteTable(raw, simulationTable);
  await ensureTable(raw, simulationTable);
  raw.destroy();
  setLocalClockOffset(Math.max(0, simulationEpoch - Date.now()));
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
    random: options.random,
    faults: running.faults,
    day: () => Math.floor((getClock().now().getTime() - simulationEpoch) / dayMs),
    async moveTo(at) {
      const now = getClock().now().getTime();
      if (at > now) setLocalClockOffset(getLocalClockOffset() + (at - now));
      await sandbox.advance();
      await settle();
    },
    async runJob(name, at) {
      const job = findJob(name);
      if (!job) throw new Error(`No job ${name}`);
      try {
        await runJob(job, new Date(at));
        await settle();
        return 'completed';
      } catch {
        await settle();
        return 'failed';
      }
    },
    settle,
    async close() {
      await sandbox.stop();
      await proxy.stop();
    },
  };
}
