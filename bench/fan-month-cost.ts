// What one fan's month costs in AWS, modelled from measured inputs: the pie's split at the month end
// (bench/split-end-to-end.ts: read and write units, worker seconds, SQS and the receipt mail), the listening sync
// on its schedule (bench/listening-sync-cost.ts: units of one period's sync of an evening's plays, of one that
// finds nothing, of a new artist, a changed artist and a monthly-listener marker),
// the renewal's webhooks (the events the Stripe sandbox raises for a renewal that the webhook handles) and the fan's
// own API requests (visits a month and requests a visit, stated below). Each line says where its input comes from;
// `npm run bench` prints the total beside its $0.002 budget and the table of what costs most;
// `npx tsx bench/fan-month-cost.ts [split sample fans]` runs it alone.
import { pathToFileURL } from 'node:url';
import { queues } from '../events/definitions';
import { listeningSyncFansPerMessage } from '../functions/contracts/fan-work';
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
  /** Artists a month, each given one monthly-listener marker a month (the split benches' months). */
  artistsPerMonth: 300,
  /**
   * Artists a fan-month brings that the catalogue does not hold yet (stated: 10, each counted new; once the catalogue
   * holds most artists OpenPie's fans play, fewer). Each is written with its name prefixes.
   */
  newCatalogueArtistsPerMonth: 10,
  /**
   * The fan's artists whose figures (followers, popularity) Spotify changed since the catalogue last wrote them
   * (stated: 1 in 10 of the month's 300), each written again; an unchanged artist is read and not written.
   */
  changedCatalogueArtistsPerMonth: 30,
  /** A sync's Lambda time for one fan: one that finds nothing is two reads and a write, one with a few plays some 20 calls (stated). */
  idleSyncLambdaSeconds: 0.05,
  busySyncLambdaSeconds: 0.2,
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

  const minutes = sync.periodMinutes;
  const syncRuns = (30 * 24 * 60) / minutes;
  // Plays come as the fan listens: each run of the job finds what the last period added (the bench's evening).
  const busy = sync.nextPeriodSync;
  if (busy.plays === 0) throw new Error("The bench's sync one period later found no play");
  const syncsWithPlays = Math.min(syncRuns, Math.ceil(a.playsPerMonth / busy.plays));
  const idleSyncs = syncRuns - syncsWithPlays;
  const fanWork = queues.find((queue) => queue.name === 'fan-work');
  const batch = fanWork?.batchSize ?? 1;
  // A message carries several fans' syncs (their share of the fan-work messages), synced side by side: it takes as
  // long as its slowest fan, a sync with plays unless all its fans found nothing.
  const fanMessages = syncRuns / listeningSyncFansPerMessage;
  const allIdle = (idleSyncs / syncRuns) ** listeningSyncFansPerMessage;
  const messageLambdaSeconds = allIdle * a.idleSyncLambdaSeconds + (1 - allIdle) * a.busySyncLambdaSeconds;
  const idleRead = sync.nextSync.readUnits + sync.nextSync.catalogueReadUnits;
  const idleWrite = sync.nextSync.writeUnits + sync.nextSync.catalogueWriteUnits;
  const units = (read: number, write: number) =>
    read * awsPrices.readRequestUnit + write * awsPrices.writeRequestUnit;
  // A first sync on an empty catalogue against another fan's first sync of the same plays once the catalogue holds
  // every artist: the difference is the new artists' items (the artist and its name prefixes), the rest the markers.
  const { firstSync, knownArtistsSync } = sync;
  const newArtistWriteUnits =
    (firstSync.catalogueWriteUnits - knownArtistsSync.catalogueWriteUnits) /
    Math.max(1, firstSync.newArtists);
  const markerWriteUnits = knownArtistsSync.catalogueWriteUnits / Math.max(1, firstSync.newArtists);
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
      what: `listening sync: ${syncsWithPlays} runs of ${busy.plays} plays, the fan's items (${busy.readUnits.toFixed(1)} RRU, ${busy.writeUnits.toFixed(1)} WRU each)`,
      source: `bench/listening-sync-cost.ts (${minutes} min of an evening); ${a.playsPerMonth} plays a month (stated)`,
      dollars: syncsWithPlays * units(busy.readUnits, busy.writeUnits),
    },
    {
      // Only the reads: what the catalogue writes (new artists, changed ones, the month's markers) is priced by the
      // three lines below, whatever run meets it (the bench's period may meet artists new to its catalogue).
      what: `listening sync: the same runs' catalogue reads, artists and markers read before writing (${busy.catalogueReadUnits.toFixed(1)} RRU each)`,
      source:
        "bench/listening-sync-cost.ts (one period's sync); its writes in the lines of new, changed artists and markers",
      dollars: syncsWithPlays * units(busy.catalogueReadUnits, 0),
    },
    {
      what: `listening sync: ${a.newCatalogueArtistsPerMonth} artists new to the catalogue (${newArtistWriteUnits.toFixed(1)} WRU each: the artist and its name prefixes)`,
      source: `bench/listening-sync-cost.ts (${firstSync.newArtists} new in a first sync); count stated`,
      dollars: a.newCatalogueArtistsPerMonth * units(0, newArtistWriteUnits),
    },
    {
      what: `listening sync: ${a.artistsPerMonth} monthly-listener markers (${markerWriteUnits.toFixed(1)} WRU each, once a month)`,
      source:
        "bench/listening-sync-cost.ts (a fan's first sync on a known catalogue); 300 artists a month (stated)",
      dollars: a.artistsPerMonth * units(0, markerWriteUnits),
    },
    {
      what: `listening sync: ${a.changedCatalogueArtistsPerMonth} artists written again, their figures changed (${sync.changedArtistWriteUnits.toFixed(1)} WRU each)`,
      source: 'bench/listening-sync-cost.ts (followers changed); count stated',
      dollars: a.changedCatalogueArtistsPerMonth * units(0, sync.changedArtistWriteUnits),
    },
    {
      what: `listening sync: ${syncRuns} syncs in ${fanMessages.toFixed(0)} fan-work messages of ${listeningSyncFansPerMessage} fans (SQS batches of ${batch}: send, receive, delete) and Lambda (side by side, a message as long as its slowest fan: ${a.idleSyncLambdaSeconds * 1000} ms idle, ${a.busySyncLambdaSeconds * 1000} ms with plays, 512 MB)`,
      source: 'events/definitions.ts, contracts/fan-work.ts; Lambda times stated',
      dollars:
        (fanMessages / batch) * (3 * awsPrices.sqsRequest + awsPrices.lambdaRequest) +
        fanMessages * messageLambdaSeconds * apiLambdaGb * awsPrices.lambdaGbSecond,
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
