// What one fan's month costs in AWS, modelled from measured inputs: the pie's split at the month end
// (bench/split-end-to-end.ts: read and write units, worker seconds, SQS and the receipt mail), the listening sync
// every 30 minutes (bench/listening-sync-cost.ts: units of a sync with 50 new plays and of one that finds nothing),
// the renewal's webhooks (the events the Stripe sandbox raises for a renewal that the webhook handles) and the fan's
// own API requests (visits a month and requests a visit, stated below). Each line says where its input comes from;
// `npm run bench` prints the total beside its $0.002 budget and the table of what costs most;
// `npx tsx bench/fan-month-cost.ts [split sample fans]` runs it alone.
import { pathToFileURL } from 'node:url';
import { jobs, queues } from '../events/definitions';
import { measureListeningSyncCost } from './listening-sync-cost';
import { awsPrices, measureSplitEndToEnd, splitBudgetDollarsPerFanMonth } from './split-end-to-end';

/** API Gateway HTTP API, us-east-1, first 300 million requests a month. */
const httpApiRequestDollars = 1 / 1_000_000;
/** The API Lambdas' memory (infra/lambda-function.ts: 512 MB unless a function needs more CPU). */
const apiLambdaGb = 0.5;

/** Stated inputs: what a month of one fan is made of where the bench does not measure it. */
export const fanMonthAssumptions = {
  /** Plays a month: the split benches' months (1,200 plays over 300 artists). */
  playsPerMonth: 1_200,
  /** A sync's Lambda time for one fan: a sync that finds nothing is two reads and a write, one with 50 plays some 60 calls (stated). */
  idleSyncLambdaSeconds: 0.05,
  busySyncLambdaSeconds: 0.5,
  /** The SPA opened 20 times a month (about every other day, a stated guess). */
  visitsPerMonth: 20,
  /**
   * Requests a visit: the dashboard's first load calls the session, profile, activity, recent artists, the active pie
   * and its preview, the wallet's balance (7), and a visit opens one or two more screens (history, wallet, pie: 3-5
   * more each): 12, stated.
   */
  requestsPerVisit: 12,
  /** An API request's units: one session read and one or two item or query reads, 0.5-1 RRU each (stated: 3 RRU). */
  readUnitsPerRequest: 3,
  /** An API request's Lambda time at 512 MB, warm (stated: 60 ms; the load bench's p50s are a few ms of that). */
  lambdaSecondsPerRequest: 0.06,
  /**
   * Webhook deliveries a renewal that do work: invoice.paid, charge.succeeded, charge.updated and
   * customer.subscription.updated (the events local/stripe-sandbox/billing.ts and money.ts raise for a renewal that
   * functions/services/payments/webhook.ts handles). Each re-fetches its object and records the event: one
   * idempotency record and, for the payment, the ledger's 10 WRU (decision 019; stated 6 WRU and 4 RRU a delivery).
   */
  webhooksPerRenewal: 4,
  webhookWriteUnits: 6,
  webhookReadUnits: 4,
  webhookLambdaSeconds: 0.3,
};

export interface CostLine {
  what: string;
  source: string;
  dollars: number;
}

export interface FanMonthCost {
  lines: CostLine[];
  total: number;
  budget: number;
  inputs: {
    splitFans: number;
    splitReadUnits: number;
    splitWriteUnits: number;
    syncRuns: number;
    syncsWithPlays: number;
    idleSyncs: number;
    apiRequests: number;
  };
}

/** Runs the split sample and the sync measurement, and models the month from them. */
export async function measureFanMonthCost(options: { splitFans?: number } = {}): Promise<FanMonthCost> {
  const a = fanMonthAssumptions;
  const split = await measureSplitEndToEnd({ fans: options.splitFans ?? 40, monthFans: 10_000 });
  const sync = await measureListeningSyncCost();

  const syncJob = jobs.find((job) => job.name === 'listening-sync');
  const minutes = /rate\((\d+) minutes\)/.exec(syncJob?.schedule ?? '')?.[1];
  if (!minutes) throw new Error(`The listening sync's schedule is not rate(N minutes): ${syncJob?.schedule}`);
  const syncRuns = (30 * 24 * 60) / Number(minutes);
  const syncsWithPlays = Math.ceil(a.playsPerMonth / sync.firstSync.plays);
  const idleSyncs = syncRuns - syncsWithPlays;
  const fanWork = queues.find((queue) => queue.name === 'fan-work');
  const batch = fanWork?.batchSize ?? 1;
  const idleRead = sync.nextSync.readUnits + sync.nextSync.catalogueReadUnits;
  const idleWrite = sync.nextSync.writeUnits + sync.nextSync.catalogueWriteUnits;
  const units = (read: number, write: number) =>
    read * awsPrices.readRequestUnit + write * awsPrices.writeRequestUnit;
  const apiRequests = a.visitsPerMonth * a.requestsPerVisit;

  const lines: CostLine[] = [
    {
      what: `split: DynamoDB (${split.readUnitsPerFan.toFixed(0)} RRU, ${split.writeUnitsPerFan.toFixed(0)} WRU)`,
      source: `bench/split-end-to-end.ts, ${split.fans} fans measured`,
      dollars: split.cost.dynamoDb,
    },
    { what: 'split: receipt mail (SES)', source: 'bench/split-end-to-end.ts', dollars: split.cost.ses },
    {
      what: `split: Lambda (${split.workerSecondsPerFan.toFixed(2)} s at 1 GB) and SQS`,
      source: 'bench/split-end-to-end.ts',
      dollars: split.cost.lambda + split.cost.sqs,
    },
    {
      what: `listening sync: ${idleSyncs} idle runs (${idleRead.toFixed(1)} RRU, ${idleWrite.toFixed(1)} WRU each)`,
      source: `bench/listening-sync-cost.ts; every ${minutes} min (events/definitions.ts)`,
      dollars: idleSyncs * units(idleRead, idleWrite),
    },
    {
      what: `listening sync: ${syncsWithPlays} runs of ${sync.firstSync.plays} plays, the fan's items (${sync.firstSync.readUnits.toFixed(0)} RRU, ${sync.firstSync.writeUnits.toFixed(0)} WRU each)`,
      source: `bench/listening-sync-cost.ts; ${a.playsPerMonth} plays a month (stated)`,
      dollars: syncsWithPlays * units(sync.firstSync.readUnits, sync.firstSync.writeUnits),
    },
    {
      what: `listening sync: the same runs' catalogue upserts (${sync.firstSync.catalogueReadUnits.toFixed(0)} RRU, ${sync.firstSync.catalogueWriteUnits.toFixed(0)} WRU each, every artist new: an upper bound)`,
      source: 'bench/listening-sync-cost.ts (a first sync on an empty catalogue)',
      dollars: syncsWithPlays * units(sync.firstSync.catalogueReadUnits, sync.firstSync.catalogueWriteUnits),
    },
    {
      what: `listening sync: ${syncRuns} fan-work messages (SQS batches of ${batch}: send, receive, delete) and Lambda (${a.idleSyncLambdaSeconds * 1000} ms idle, ${a.busySyncLambdaSeconds * 1000} ms with plays, 512 MB)`,
      source: 'events/definitions.ts; Lambda times stated',
      dollars:
        (syncRuns / batch) * (3 * awsPrices.sqsRequest + awsPrices.lambdaRequest) +
        (idleSyncs * a.idleSyncLambdaSeconds + syncsWithPlays * a.busySyncLambdaSeconds) *
          apiLambdaGb *
          awsPrices.lambdaGbSecond,
    },
    {
      what: `API: ${apiRequests} requests (API Gateway HTTP API)`,
      source: `${a.visitsPerMonth} visits × ${a.requestsPerVisit} requests (stated)`,
      dollars: apiRequests * httpApiRequestDollars,
    },
    {
      what: `API: ${apiRequests} Lambda invocations (${a.lambdaSecondsPerRequest * 1000} ms at 512 MB) and ${a.readUnitsPerRequest} RRU each`,
      source: 'stated',
      dollars:
        apiRequests *
        (awsPrices.lambdaRequest +
          a.lambdaSecondsPerRequest * apiLambdaGb * awsPrices.lambdaGbSecond +
          units(a.readUnitsPerRequest, 0)),
    },
    {
      what: `renewal: ${a.webhooksPerRenewal} webhook deliveries`,
      source: 'local/stripe-sandbox events a renewal raises, handled by payments/webhook.ts (stated units)',
      dollars:
        a.webhooksPerRenewal *
        (awsPrices.lambdaRequest +
          a.webhookLambdaSeconds * apiLambdaGb * awsPrices.lambdaGbSecond +
          units(a.webhookReadUnits, a.webhookWriteUnits)),
    },
  ];
  lines.sort((left, right) => right.dollars - left.dollars);
  const total = lines.reduce((sum, line) => sum + line.dollars, 0);
  return {
    lines,
    total,
    budget: splitBudgetDollarsPerFanMonth,
    inputs: {
      splitFans: split.fans,
      splitReadUnits: split.readUnitsPerFan,
      splitWriteUnits: split.writeUnitsPerFan,
      syncRuns,
      syncsWithPlays,
      idleSyncs,
      apiRequests,
    },
  };
}

/** The rows `npm run bench` prints: the total beside its budget, then each line, most costly first. */
export function fanMonthCostRows(
  cost: FanMonthCost,
): { name: string; figure: string; budget: string; ok: boolean }[] {
  const dollars = (value: number) => `$${value.toFixed(6)}`;
  return [
    {
      name: 'AWS cost of a whole fan-month (split, sync, API, webhooks, mail)',
      figure: `${dollars(cost.total)} = ${(cost.total / cost.budget).toFixed(2)} of the budget`,
      budget: `≤ $${cost.budget}`,
      ok: cost.total <= cost.budget,
    },
    ...cost.lines.map((line) => ({
      name: `  ${line.what}`,
      figure: `${dollars(line.dollars)} (${((line.dollars / cost.total) * 100).toFixed(0)}%)`,
      budget: `(${line.source})`,
      ok: true,
    })),
  ];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const cost = await measureFanMonthCost({ splitFans: Number(process.argv[2] ?? 40) });
  for (const row of fanMonthCostRows(cost))
    console.log(`${row.ok ? 'ok  ' : 'OVER'}  ${row.name}  ${row.figure}  ${row.budget}`);
  console.log(JSON.stringify(cost.inputs));
  process.exit(0);
}
