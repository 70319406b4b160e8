// `npm run bench`: performance figures beside their budgets, as ratios and sizes (never timings asserted in tests).
// Exits non-zero when a budget is broken.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { BuildOptions } from 'esbuild';
import type { RawWrites } from './dynamodb-raw-writes';
import type { SplitThroughput } from './split-throughput';
import { jobs, queues, rules, tableStreamWorkers } from '../events/definitions';
import { deployedResources } from '../functions/contracts/routes';
import { bundleFiles, bundleLambda } from '../infra/lambda-bundling';

const root = process.cwd();
/**
 * `BENCH_PARTS=lambdas,split npm run bench` runs only the parts named (lambdas, spa, import, sync, ledger, split,
 * payouts, split-end-to-end, hot-artist, pages, seed, load, cost, sim); every part by default. The budgets of the parts left out are not checked.
 */
const benchParts = process.env.BENCH_PARTS?.split(',').map((name) => name.trim());
const part = (name: string) => benchParts === undefined || benchParts.includes(name);
const budgets = {
  lambdaMinifiedKb: 400,
  /**
   * The Lambdas that call Stripe bundle the real `stripe` SDK: about 120 KB with only the resources the product calls
   * (docs/decisions/020 and 047).
   */
  stripeLambdaMinifiedKb: 600,
  importRatio: 2,
  initialJsGzipKb: 100,
  /** A 5,000-record import chunk in at most 20 s, inside API Gateway's 29 s. */
  importRecordsPerSecond: 250,
  /**
   * The history import's and the end-of-period split's items written a second, as a share of DynamoDB Local's own
   * raw write throughput measured in the same run on the same table (bench/dynamodb-raw-writes.ts): the target.
   */
  rawWriteRatio: 0.8,
  /** A 5,000-record extended chunk as the browser sends it, against the import body limit. */
  importChunkBodyRatio: 0.5,
  /**
   * One fan's sync of 50 new plays, the fan's own items: 50 plays, a day or two, the cursor (decision 008). The
   * duplicate check's BatchGet of the 50 play keys (0.5 RRU each) and of their minutes' guards (consistent, 1 each)
   * is counted, as AWS charges it (DynamoDB Local reports nothing for BatchGetItem), beside the 7 RRU Local reports.
   */
  syncReadUnits: 60,
  /**
   * Each counted play is written in a transaction with its minute's guard, 2 units each (decision 034: listening
   * counted once), so 50 plays take 200 units where a BatchWrite took 50; the days and the cursor keep the 30 they had.
   */
  syncWriteUnits: 230,
  /** A sync that finds nothing new: the connection and cursor reads, the cursor write. */
  idleSyncUnits: 5,
  /** A fan payment (2 postings): 5 items of one transaction at 2 WRU each (docs/decisions/019-ledger.md). */
  ledgerPaymentWriteUnits: 10,
  /**
   * The split function on one core, for months of 1,200 plays over 300 artists: the target, 50 µs a pie, so a
   * 1,000,000-fan month splits in under a minute of CPU (docs/decisions/021-the-split.md).
   */
  splitPiesPerSecond: 20_000,
};
/** DynamoDB on-demand price per write request unit, in dollars ($1.25 per million). */
const dollarsPerWriteUnit = 1.25 / 1_000_000;

interface Row {
  name: string;
  figure: string;
  budget: string;
  ok: boolean;
}
const rows: Row[] = [];
const kb = (bytes: number) => bytes / 1024;
const fmt = (value: number) => value.toFixed(1);

// ── Lambda bundles ────────────────────────────────────────────────────────────
const entries = [
  ...deployedResources().map((resource) => ({
    name: `api/${resource}`,
    entry: `functions/handlers/${resource}.ts`,
  })),
  ...jobs.map((job) => ({ name: `job/${job.name}`, entry: job.entry })),
  ...rules.map((rule) => ({ name: `rule/${rule.name}`, entry: rule.entry })),
  ...queues.map((queue) => ({ name: `queue/${queue.name}`, entry: queue.entry })),
  ...tableStreamWorkers.map((worker) => ({ name: `stream/${worker.name}`, entry: worker.entry })),
];

const outDir = mkdtempSync(join(tmpdir(), 'openpie-bench-'));
const benchEnv = {
  ...process.env,
  STAGE: 'local',
  AWS_REGION: 'us-east-1',
  TABLE_NAME: 'openpie-bench',
  LOG_LEVEL: 'silent',
};

/**
 * The CPU time a fresh Node process spends to start and import a module (a cold start's module loading), in ms.
 * CPU time, not wall time: the process's own user and system time barely moves when the machine is busy.
 */
function timeStart(file: string): number {
  const probe = `await import(${JSON.stringify(pathToFileURL(file).href)}); const u = process.cpuUsage(); console.log((u.user + u.system) / 1000);`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', probe], {
    env: benchEnv,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`${file} failed to load: ${result.stderr}`);
  return Number(result.stdout.trim());
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

/**
 * The budget of a path's items written a second against raw writes of one kind (decision 055). Money and counted-once
 * plays are written only in transactions, so the budget holds against raw TransactWriteItems; against raw
 * BatchWriteItem the figure is reported beside its ceiling for an all-transaction path, raw transact over raw batch.
 */
function rawWriteBudget(
  raw: RawWrites,
  rawTransact: RawWrites,
  ratio: number,
): { budget: string; ok: boolean } {
  if (raw.kind === 'transact-write')
    return { budget: `≥ ${budgets.rawWriteRatio}`, ok: ratio >= budgets.rawWriteRatio };
  const ceiling = rawTransact.itemsPerSecond / raw.itemsPerSecond;
  return {
    budget: `(reported: an all-transaction path's ceiling here ${ceiling.toFixed(2)}, decision 055)`,
    ok: true,
  };
}

/**
 * The start cost of a bundle over a hello-world module's. Runs are interleaved so machine load hits both alike, and
 * each side takes its cheapest run: load only ever adds cost, so the minimum is the stable estimate (medians of wall
 * times of identical bundles swung between 1.4x and 2.1x on a busy machine).
 */
function measureStartRatio(file: string, pairs = 9): number {
  const helloTimes: number[] = [];
  const bundleTimes: number[] = [];
  for (let run = 0; run < pairs; run += 1) {
    helloTimes.push(timeStart(hello));
    bundleTimes.push(timeStart(file));
  }
  return Math.min(...bundleTimes) / Math.min(...helloTimes);
}

const hello = join(outDir, 'hello.mjs');
writeFileSync(hello, 'export const handler = async () => ({ statusCode: 200, body: "hello" });\n');
const helloMs = median([
  timeStart(hello),
  timeStart(hello),
  timeStart(hello),
  timeStart(hello),
  timeStart(hello),
]);

/** Bundles as the stack bundles a Lambda (infra/lambda-bundling.ts), so sizes and start costs are the deployed ones. */
async function bundleAsLambda({
  outfile,
  ...source
}: Pick<BuildOptions, 'entryPoints' | 'stdin' | 'outfile'>) {
  return { metafile: await bundleLambda(source, outfile ?? join(outDir, 'bundle.mjs')) };
}

for (const { name, entry } of part('lambdas') ? entries : []) {
  const outfile = join(outDir, `${name.replace('/', '-')}.mjs`);
  const { metafile } = await bundleAsLambda({ entryPoints: [join(root, entry)], outfile });
  // The whole asset: the entry and the chunks it loads on first use (docs/decisions/049); the start, the entry alone.
  const files = bundleFiles(metafile).map((file) => readFileSync(join(root, file)));
  const minified = files.reduce((sum, code) => sum + code.byteLength, 0);
  const gzipped = files.reduce((sum, code) => sum + gzipSync(code).byteLength, 0);
  const ratio = measureStartRatio(outfile);
  const callsStripe = Object.keys(metafile.inputs).some((input) => input.includes('node_modules/stripe/'));
  const sizeBudget = callsStripe ? budgets.stripeLambdaMinifiedKb : budgets.lambdaMinifiedKb;
  rows.push({
    name: `lambda ${name}${callsStripe ? ' (stripe)' : ''}`,
    figure: `${fmt(kb(minified))} KB min, ${fmt(kb(gzipped))} KB gz, start ${ratio.toFixed(2)}x hello`,
    budget: `≤ ${sizeBudget} KB min, ≤ ${budgets.importRatio}x`,
    ok: kb(minified) <= sizeBudget && ratio <= budgets.importRatio,
  });
}
// What Powertools for AWS Lambda weighs on its own, as the runtime uses it (docs/decisions/014): the logger is in every
// Lambda above; the metrics are in those that record one (sign-in, sign-up, import, sync). And what Stripe's SDK
// would add to a Lambda that uses it.
for (const [name, contents] of part('lambdas')
  ? ([
      [
        'powertools logger (runtime/logger.ts)',
        "import { createLogger } from './functions/runtime/logger'; createLogger('info').info('x');",
      ],
      [
        'powertools logger + metrics',
        "import { Logger } from '@aws-lambda-powertools/logger'; import { Metrics } from '@aws-lambda-powertools/metrics'; new Logger().info('x'); new Metrics().addMetric('x', 'Count', 1);",
      ],
      // What the money Lambdas add: the SDK with only the resources the product calls (docs/decisions/047).
      [
        'stripe (client + webhook check, resources used)',
        "import Stripe from 'stripe'; const stripe = new Stripe('sk_test_bench'); console.log(stripe.customers, Stripe.webhooks.constructEvent);",
      ],
    ] as const)
  : []) {
  const outfile = join(outDir, 'reported-bundle.mjs');
  await bundleAsLambda({ stdin: { contents, resolveDir: root, loader: 'ts' }, outfile });
  const code = readFileSync(outfile);
  rows.push({
    name: `bundle ${name}`,
    figure: `${fmt(kb(code.byteLength))} KB min, ${fmt(kb(gzipSync(code).byteLength))} KB gz`,
    budget: '(reported)',
    ok: true,
  });
}
rmSync(outDir, { recursive: true, force: true });

// ── The SPA ───────────────────────────────────────────────────────────────────
if (part('spa')) {
  const webRoot = join(root, 'dist', 'web');
  execFileSync(
    process.execPath,
    [
      join(root, 'node_modules', 'vite', 'bin', 'vite.js'),
      'build',
      '--config',
      'frontend/vite.config.ts',
      '--logLevel',
      'error',
    ],
    {
      stdio: 'inherit',
    },
  );
  const indexHtml = readFileSync(join(webRoot, 'index.html'), 'utf8');
  const initialScripts = [
    ...indexHtml.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g),
    ...indexHtml.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g),
  ].map((match) => match[1] ?? '');
  const gzipOf = (path: string) => gzipSync(readFileSync(join(webRoot, path))).byteLength;
  const initialGzip = [...new Set(initialScripts)].reduce((sum, path) => sum + gzipOf(path), 0);
  rows.push({
    name: 'spa initial JS for /',
    figure: `${fmt(kb(initialGzip))} KB gz (${initialScripts.length} files)`,
    budget: `≤ ${budgets.initialJsGzipKb} KB gz`,
    ok: kb(initialGzip) <= budgets.initialJsGzipKb,
  });

  interface ManifestChunk {
    file: string;
    name?: string;
    isEntry?: boolean;
    isDynamicEntry?: boolean;
    imports?: string[];
  }
  const manifestPath = join(webRoot, '.vite', 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const initialFiles = new Set(initialScripts.map((path) => path.replace(/^\//, '')));

  /** A lazy chunk with the static imports it brings that the first load did not already have. */
  function chunkClosure(key: string, seen = new Set<string>()): Set<string> {
    const chunk = manifest[key];
    if (!chunk || seen.has(chunk.file) || initialFiles.has(chunk.file)) return seen;
    seen.add(chunk.file);
    for (const imported of chunk.imports ?? []) chunkClosure(imported, seen);
    return seen;
  }

  // Every path but `/` loads the router first (frontend/src/main.tsx); an area then adds only what the router lacks.
  const routerKey = Object.keys(manifest).find((key) => manifest[key]?.name === 'app-router');
  const routerFiles = routerKey ? chunkClosure(routerKey) : new Set<string>();
  for (const [source, chunk] of Object.entries(manifest)) {
    if (!chunk.isDynamicEntry) continue;
    const files = [...chunkClosure(source)].filter((file) => source === routerKey || !routerFiles.has(file));
    const gzip = files.reduce((sum, file) => sum + gzipOf(file), 0);
    const raw = files.reduce((sum, file) => sum + statSync(join(webRoot, file)).size, 0);
    rows.push({
      name: `spa chunk ${chunk.name ?? source}`,
      figure: `${fmt(kb(gzip))} KB gz (${fmt(kb(raw))} KB raw, ${files.length} file${files.length === 1 ? '' : 's'})`,
      budget: '(reported)',
      ok: true,
    });
  }
}

// ── History import throughput ─────────────────────────────────────────────────
// A 5,000-record chunk (the most one request may carry) through the real handler against DynamoDB Local: records
// per second, new and sent again (a chunk must finish well inside API Gateway's 29 s), and the chunk's size against
// the 4.5 MB import body limit (the browser closes a chunk at half of it).
if (part('import')) {
  const { startDynamoDbLocal, createLocalDynamoDbClient } = await import('../local/dynamodb-local');
  const { ensureTable, deleteTable } = await import('../local/table');
  const { importBatchLimit } = await import('../functions/contracts/listening');
  const { bodyLimitBytes } = await import('../functions/contracts/routes');
  const { detectExportFormat, planImportChunks } =
    await import('../frontend/src/features/history-import/lib/export-files');
  const dynamoDbLocal = await startDynamoDbLocal({});
  const tableName = `openpie-bench-import-${Date.now()}`;
  const client = createLocalDynamoDbClient(dynamoDbLocal.endpoint);
  try {
    await ensureTable(client, tableName);
    process.env.TABLE_NAME = tableName;
    process.env.DYNAMODB_ENDPOINT = dynamoDbLocal.endpoint;
    // The local-mode configuration the handlers validate at cold start, as every test process gets it.
    await import('../test/support/env-setup');
    const { call, createSignedInAccount } = await import('../test/support/identity');
    const { handler } = await import('../functions/handlers/fan-tracks');
    const { apiTimeoutSecondsOf } = await import('../infra/openpie-stack');
    const fan = await createSignedInAccount('fan');
    const startOfToday = Date.UTC(
      new Date().getUTCFullYear(),
      new Date().getUTCMonth(),
      new Date().getUTCDate(),
    );
    /**
     * 5,000 plays of one export, three minutes apart (about 16 hours a day, inside the 24-hour cap), ending yesterday
     * at the latest (inside the 13-month retention): every play of a fresh chunk is stored.
     */
    const buildChunk = (run: number) => ({
      source: 'spotify-account-data' as const,
      records: Array.from({ length: importBatchLimit }, (_, index) => ({
        endTime: new Date(startOfToday - (run * importBatchLimit + index + 1) * 180_000)
          .toISOString()
          .slice(0, 16)
          .replace('T', ' '),
        artistName: `Benchmark Artist ${index % 300}`,
        trackName: `A Track Of Ordinary Length Number ${index}`,
        msPlayed: 120_000 + index,
      })),
    });
    const timeImport = async (chunk: ReturnType<typeof buildChunk>, expected: 'imported' | 'duplicates') => {
      const started = performance.now();
      // As the browser does: the records from `nextRecord` on are sent again until none is left.
      let done = 0;
      let from: number | null = 0;
      while (from !== null) {
        const reply = await call(handler, 'POST', '/api/tracks/user/import', {
          body: { ...chunk, records: chunk.records.slice(from) },
          cookies: [fan.cookie],
          timeoutMs: apiTimeoutSecondsOf('fan-tracks') * 1000,
        });
        if (reply.statusCode !== 200)
          throw new Error(`The import answered ${reply.statusCode}: ${reply.body}`);
        const counts = (
          JSON.parse(reply.body ?? '{}') as { data: Record<string, number> & { nextRecord: number | null } }
        ).data;
        done += counts[expected] ?? 0;
        from = counts.nextRecord === null ? null : from + counts.nextRecord;
      }
      const seconds = (performance.now() - started) / 1000;
      if (done !== importBatchLimit)
        throw new Error(`The bench's chunk was not all ${expected}: ${done} of ${importBatchLimit}`);
      return importBatchLimit / seconds;
    };
    // Three fresh chunks (the first also warms the handler's clients), then the last one again: all duplicates.
    const fresh = [buildChunk(0), buildChunk(1), buildChunk(2)];
    const freshRates: number[] = [];
    // The items the fresh chunks write (plays, their minutes' guards, the days), counted in the fan's partition.
    const { QueryCommand } = await import('@aws-sdk/lib-dynamodb');
    const { createDocumentClient } = await import('../functions/runtime/dynamodb-client');
    const { fanPartition } = await import('../functions/data/keys');
    const documents = createDocumentClient({ region: 'us-east-1', endpoint: dynamoDbLocal.endpoint });
    const benchTable = { client: documents, name: tableName };
    const fanItems = async () => {
      let items = 0;
      let start: Record<string, unknown> | undefined;
      do {
        const page = await documents.send(
          new QueryCommand({
            TableName: tableName,
            KeyConditionExpression: 'pk = :pk',
            ExpressionAttributeValues: { ':pk': fanPartition(fan.userId) },
            Select: 'COUNT',
            ExclusiveStartKey: start,
          }),
        );
        items += page.Count ?? 0;
        start = page.LastEvaluatedKey;
      } while (start);
      return items;
    };
    const itemsBefore = await fanItems();
    for (const chunk of fresh) freshRates.push(await timeImport(chunk, 'imported'));
    const freshItems = (await fanItems()) - itemsBefore;
    const freshSeconds = freshRates.reduce((sum, rate) => sum + importBatchLimit / rate, 0);
    const repeatRate = await timeImport(fresh[2] ?? buildChunk(2), 'duplicates');
    const importRate = median(freshRates);
    rows.push({
      name: 'import 5,000 new plays (handler + DynamoDB Local)',
      figure: `${Math.round(importRate)} records/s (${fmt(importBatchLimit / importRate)} s a chunk)`,
      budget: `≥ ${budgets.importRecordsPerSecond} records/s`,
      ok: importRate >= budgets.importRecordsPerSecond,
    });
    // The raw limit: TransactWriteItems of 100 items (the import's transactions: a play and its minute's guard, 50
    // pairs a call), 8 at once (batchParallelism), and BatchWriteItem of 25, on the same table, as many items.
    const { measureRawWrites } = await import('./dynamodb-raw-writes');
    const { batchParallelism } = await import('../functions/data/listening-counted-once');
    const rawTransact = await measureRawWrites(benchTable, {
      kind: 'transact-write',
      itemsPerCall: 100,
      parallel: batchParallelism,
      items: freshItems / fresh.length,
    });
    const rawBatch = await measureRawWrites(benchTable, {
      kind: 'batch-write',
      itemsPerCall: 25,
      parallel: batchParallelism,
      items: freshItems / fresh.length,
    });
    documents.destroy();
    const importItemsRate = freshItems / freshSeconds;
    for (const raw of [rawTransact, rawBatch]) {
      const ratio = importItemsRate / raw.itemsPerSecond;
      rows.push({
        name: `import's items written a second / raw ${raw.kind} of ${raw.itemsPerCall}, ${raw.parallel} at once`,
        figure: `${ratio.toFixed(2)} (${Math.round(importItemsRate)} of ${Math.round(raw.itemsPerSecond)} items/s, ${fmt(freshItems / fresh.length / importBatchLimit)} items a record)`,
        ...rawWriteBudget(raw, rawTransact, ratio),
      });
    }
    rows.push({
      name: 'import 5,000 plays sent again (all duplicates)',
      figure: `${Math.round(repeatRate)} records/s (${fmt(importBatchLimit / repeatRate)} s a chunk)`,
      budget: `≥ ${budgets.importRecordsPerSecond} records/s`,
      ok: repeatRate >= budgets.importRecordsPerSecond,
    });

    // The size: extended-history records with long-ish names, as the export has them and as the browser sends them
    // (the browser keeps only the fields the import schema reads).
    const longName = (label: string, index: number) => `${label} Name ${index} (Remastered 2011 Version)`;
    const rawExtended = Array.from({ length: importBatchLimit }, (_, index) => ({
      ts: new Date(startOfToday - index * 60_000).toISOString().replace('.000Z', 'Z'),
      username: 'a-fan-with-a-long-user-name',
      platform: 'Android OS 14 API 34 (samsung, SM-S918B)',
      ms_played: 200_000,
      conn_country: 'SE',
      ip_addr: '2001:0db8:85a3:0000:0000:8a2e:0370:7334',
      master_metadata_track_name: longName('Track', index),
      master_metadata_album_artist_name: longName('Artist', index % 300),
      master_metadata_album_album_name: longName('Album', index % 900),
      spotify_track_uri: 'spotify:track:6eTGxxQxiTFE6LfZHC33Wm',
      episode_name: null,
      episode_show_name: null,
      spotify_episode_uri: null,
      audiobook_title: null,
      audiobook_uri: null,
      audiobook_chapter_uri: null,
      audiobook_chapter_title: null,
      reason_start: 'trackdone',
      reason_end: 'trackdone',
      shuffle: false,
      skipped: false,
      offline: false,
      offline_timestamp: 1_700_000_000_000,
      incognito_mode: false,
    }));
    // The browser's own reading and chunking (frontend/src/features/history-import/lib/export-files.ts).
    const detection = detectExportFormat(rawExtended);
    if (detection.kind !== 'listening')
      throw new Error(`The bench's records do not read: ${detection.reason}`);
    const browserChunks = planImportChunks([
      { name: 'bench', source: detection.source, records: detection.records },
    ]);
    const sentExtended = browserChunks[0]?.records ?? [];
    const bodyBytes = (records: unknown[]) =>
      Buffer.byteLength(JSON.stringify({ source: 'spotify-extended', records }), 'utf8');
    rows.push({
      name: 'import requests the browser makes for 5,000 extended records',
      figure: `${browserChunks.length}`,
      budget: '= 1',
      ok: browserChunks.length === 1,
    });
    for (const [label, records, budget] of [
      ['as the browser sends them', sentExtended, budgets.importChunkBodyRatio],
      ['with every export field', rawExtended, 1],
    ] as const) {
      const bytes = bodyBytes([...records]);
      const ratio = bytes / bodyLimitBytes.import;
      rows.push({
        name: `import chunk bytes, 5,000 extended records ${label}`,
        figure: `${fmt(kb(bytes) / 1024)} MB = ${ratio.toFixed(2)} of the ${fmt(kb(bodyLimitBytes.import) / 1024)} MB limit`,
        budget: `≤ ${budget}`,
        ok: ratio <= budget,
      });
    }
  } finally {
    await deleteTable(client, tableName).catch(() => undefined);
    client.destroy();
    await dynamoDbLocal.stop();
  }
}

// ── Listening sync cost per fan ───────────────────────────────────────────────
// One fan's sync against DynamoDB Local and the Spotify sandbox (bench/listening-sync-cost.ts), in capacity units
// from ReturnConsumedCapacity; BatchGetItem's, which DynamoDB Local does not report, modelled from the keys it asks.
if (part('sync')) {
  const { measureListeningSyncCost } = await import('./listening-sync-cost');
  const cost = await measureListeningSyncCost();
  const units = (read: number, write: number) => `${fmt(read)} RCU, ${fmt(write)} WCU`;
  rows.push({
    name: `listening sync of ${cost.firstSync.plays} new plays: the fan's items`,
    figure: units(cost.firstSync.readUnits, cost.firstSync.writeUnits),
    budget: `≤ ${budgets.syncReadUnits} RCU, ≤ ${budgets.syncWriteUnits} WCU`,
    ok:
      cost.firstSync.plays === 50 &&
      cost.firstSync.readUnits <= budgets.syncReadUnits &&
      cost.firstSync.writeUnits <= budgets.syncWriteUnits,
  });
  rows.push({
    name: `listening sync of 50 new plays: catalogue, ${cost.firstSync.newArtists} artists new`,
    figure: units(cost.firstSync.catalogueReadUnits, cost.firstSync.catalogueWriteUnits),
    budget: '(reported)',
    ok: true,
  });
  rows.push({
    name: 'the same 50 plays, another fan: catalogue, every artist known (read, not written again)',
    figure: units(cost.knownArtistsSync.catalogueReadUnits, cost.knownArtistsSync.catalogueWriteUnits),
    budget: '(reported)',
    ok: true,
  });
  rows.push({
    name: `listening sync ${cost.periodMinutes} minutes later: ${cost.nextPeriodSync.plays} plays, the fan's items and the catalogue`,
    figure: units(
      cost.nextPeriodSync.readUnits + cost.nextPeriodSync.catalogueReadUnits,
      cost.nextPeriodSync.writeUnits + cost.nextPeriodSync.catalogueWriteUnits,
    ),
    budget: '(reported)',
    ok: true,
  });
  rows.push({
    name: 'listening sync with nothing new',
    figure: units(
      cost.nextSync.readUnits + cost.nextSync.catalogueReadUnits,
      cost.nextSync.writeUnits + cost.nextSync.catalogueWriteUnits,
    ),
    budget: `≤ ${budgets.idleSyncUnits} RCU, ≤ ${budgets.idleSyncUnits} WCU`,
    ok:
      cost.nextSync.readUnits + cost.nextSync.catalogueReadUnits <= budgets.idleSyncUnits &&
      cost.nextSync.writeUnits + cost.nextSync.catalogueWriteUnits <= budgets.idleSyncUnits,
  });
}

// ── Ledger throughput and write cost ──────────────────────────────────────────
// Ledger transactions through the ledger service on DynamoDB Local (bench/ledger-throughput.ts): one at a time and
// four at once. Rates on Local are reported only; the write units are modelled as AWS charges them, because Local's
// ReturnConsumedCapacity for TransactWriteItems is wrong (its figure is shown beside).
if (part('ledger')) {
  const { measureLedgerThroughput } = await import('./ledger-throughput');
  const ledger = await measureLedgerThroughput();
  for (const [label, shape] of [
    ['fan payment (2 postings)', ledger.payment],
    ['split (60 postings, 2 chunks)', ledger.split],
  ] as const) {
    for (const run of [shape.sequential, shape.concurrent]) {
      rows.push({
        name: `ledger ${label}, ${run.concurrency === 1 ? 'one at a time' : `${run.concurrency} at once`}`,
        figure: `${fmt(run.transactionsPerSecond)} tx/s (${run.transactions} tx, ${run.callsPerTransaction.toFixed(2)} writes a tx)`,
        budget: '(reported, DynamoDB Local)',
        ok: true,
      });
    }
    const units = shape.sequential.modelledWriteUnitsPerTransaction;
    const isPayment = shape === ledger.payment;
    rows.push({
      name: `ledger ${label}: write units a transaction`,
      figure: `${fmt(units)} WRU = $${(units * 1000 * dollarsPerWriteUnit).toFixed(4)} per 1,000 tx (Local says ${fmt(shape.sequential.reportedWriteUnitsPerTransaction)})`,
      budget: isPayment ? `≤ ${budgets.ledgerPaymentWriteUnits} WRU` : '(reported)',
      ok: !isPayment || units <= budgets.ledgerPaymentWriteUnits,
    });
  }
}

// ── Split function throughput ─────────────────────────────────────────────────
// The pure split (functions/domain/money/split.ts) on one core, in CPU time (bench/split-throughput.ts).
if (part('split')) {
  // In a process of its own, as a worker runs it: the parts before leave this process's heap and JIT busy.
  const measured = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'split-throughput.ts')],
    {
      encoding: 'utf8',
    },
  );
  if (measured.status !== 0) throw new Error(`The split's measurement failed: ${measured.stderr}`);
  const split = JSON.parse(measured.stdout) as SplitThroughput;
  const months = `months of ${split.plays.toLocaleString('en-US')} plays over ${split.artists} artists`;
  rows.push({
    name: `split function, ${months}`,
    figure: `${Math.round(split.piesPerSecond)} pies/s on one core (${fmt(split.averageIncluded)} artists paid a pie; ${fmt(split.copyPiesPerSecond / split.piesPerSecond)}x the cost of copying its listening, ${Math.round(split.copyPiesPerSecond)}/s)`,
    budget: `≥ ${budgets.splitPiesPerSecond.toLocaleString('en-US')} pies/s`,
    ok: split.piesPerSecond >= budgets.splitPiesPerSecond,
  });
  rows.push({
    name: `split from the daily aggregates (sum per artist + split), ${months}`,
    figure: `${Math.round(split.piesPerSecondFromDays)} pies/s on one core`,
    budget: '(reported)',
    ok: true,
  });
}

// ── Payouts against the Stripe sandbox ───────────────────────────────────────
// Offices' payouts through the payouts service on DynamoDB Local and the Stripe sandbox (bench/payouts.ts), with
// Stripe's test-mode limit of 25 requests a second honoured by a client-side limiter; the busiest second proves it.
if (part('payouts')) {
  const { measurePayoutThroughput, stripeTestModeRequestsPerSecond } = await import('./payouts');
  const payouts = await measurePayoutThroughput({ offices: Number(process.env.BENCH_PAYOUT_OFFICES ?? 60) });
  rows.push({
    name: `payout requests, ${payouts.payouts} offices, ${payouts.concurrency} at once`,
    figure: `${fmt(payouts.payoutsPerSecond)} payouts/s (${fmt(payouts.stripeRequestsPerPayout)} Stripe requests a payout)`,
    budget: '(reported, sandbox)',
    ok: true,
  });
  rows.push({
    name: 'payout requests: Stripe requests in the busiest second',
    figure: `${payouts.busiestSecondRequests} requests`,
    budget: `≤ ${stripeTestModeRequestsPerSecond} (Stripe test mode)`,
    ok: payouts.busiestSecondRequests <= stripeTestModeRequestsPerSecond,
  });
}

// ── A month of pies split end to end ──────────────────────────────────────────
// Fans whose pie just ended, split through the pie-renewals fan-out and the worker's splitEndedPie on DynamoDB Local
// (bench/split-end-to-end.ts): the whole 10,000-fan month issue #12 asks for, about 50 minutes on two cores (Local
// writes some thousand items a second and a split writes hundreds); BENCH_SPLIT_FANS=150 measures a quick sample.
if (part('split-end-to-end')) {
  const { measureSplitEndToEnd, splitBudgetDollarsPerFanMonth } = await import('./split-end-to-end');
  const monthFans = 10_000;
  const e2e = await measureSplitEndToEnd({
    fans: Number(process.env.BENCH_SPLIT_FANS ?? monthFans),
    monthFans,
  });
  const month = `${e2e.fans.toLocaleString('en-US')} fans of a ${monthFans.toLocaleString('en-US')}-fan month`;
  rows.push({
    name: `pie split end to end, ${month} (${e2e.concurrency} at once)`,
    figure: `${fmt(e2e.fansPerSecond)} fans/s: the month in ${fmt(monthFans / e2e.fansPerSecond / 60)} min (${fmt(e2e.workerSecondsPerFan)} s a pie a worker)`,
    budget: '(reported, DynamoDB Local)',
    ok: true,
  });
  for (const raw of [e2e.rawTransact, e2e.rawBatch]) {
    const ratio = e2e.itemsWrittenPerSecond / raw.itemsPerSecond;
    rows.push({
      name: `pie split end to end: items written a second / raw ${raw.kind} of ${raw.itemsPerCall}, ${raw.parallel} at once`,
      figure: `${ratio.toFixed(2)} (${Math.round(e2e.itemsWrittenPerSecond)} of ${Math.round(raw.itemsPerSecond)} items/s; ${fmt(e2e.itemsPerTransaction)} items a transaction)`,
      ...rawWriteBudget(raw, e2e.rawTransact, ratio),
    });
  }
  rows.push({
    name: `pie split end to end: units a fan (${fmt(e2e.paidArtistsPerFan)} of ${fmt(e2e.artistsPerFan)} artists paid)`,
    figure: `${fmt(e2e.readUnitsPerFan)} RRU, ${fmt(e2e.writeUnitsPerFan)} WRU in ${fmt(e2e.callsPerFan)} calls`,
    budget: '(reported)',
    ok: true,
  });
  const { cost } = e2e;
  const dollars = (value: number) => `$${value.toFixed(6)}`;
  rows.push({
    name: 'pie split end to end: AWS cost a fan-month',
    figure: `${dollars(cost.total)} = ${(cost.total / splitBudgetDollarsPerFanMonth).toFixed(2)} of the budget (DynamoDB ${dollars(cost.dynamoDb)}, Lambda ${dollars(cost.lambda)}, SQS ${dollars(cost.sqs)}, SES ${dollars(cost.ses)})`,
    budget: `≤ $${splitBudgetDollarsPerFanMonth}`,
    ok: cost.total <= splitBudgetDollarsPerFanMonth,
  });
}

// ── A month end with one hot artist ───────────────────────────────────────────
// 2,000 pies that all pay the same artist, split through the worker's splitEndedPie at the fan-work queue's maximum
// concurrency on DynamoDB Local (bench/hot-artist.ts), and the same month end in AWS for 1,000,000 fans modelled
// against DynamoDB's per-partition limits (docs/decisions/019-ledger.md, no hot item). BENCH_HOT_ARTIST_PIES=200
// measures a quick sample; `npx tsx bench/hot-artist.ts` runs this part alone.
if (part('hot-artist')) {
  const { measureHotArtistMonthEnd, hotArtistRows } = await import('./hot-artist');
  const hot = await measureHotArtistMonthEnd({ pies: Number(process.env.BENCH_HOT_ARTIST_PIES ?? 2_000) });
  rows.push(...hotArtistRows(hot));
}

// ── Pages on a phone ──────────────────────────────────────────────────────────
// Lighthouse's mobile profile with Debian's Chromium on the first pages people open, against the product as
// `npm start` runs it with the SPA built above (bench/pages.ts): the median of 5 runs each, beside the budgets.
// `npx tsx bench/pages.ts` runs this part alone.
if (part('pages')) {
  const { measurePages, pageRows } = await import('./pages');
  rows.push(...pageRows(await measurePages()));
}

// ── The demo seed and the warm start ──────────────────────────────────────────
// A first `npm start`'s demo seed on a fresh data folder and `npm start` again on it, beside DynamoDB Local's own raw
// write rate and start measured in the same run (bench/seed.ts). `npx tsx bench/seed.ts` runs this part alone.
if (part('seed')) {
  const { measureSeed, seedRows } = await import('./seed');
  rows.push(...seedRows(await measureSeed()));
}

// ── Load on the local runtime ─────────────────────────────────────────────────
// 60 s of the fan's reads at 50 requests a second and a burst of 200 signed webhooks against the product started in
// this process, latencies as ratios to GET /api/health at the same rate, the ledger audited after (bench/load.ts).
if (part('load')) {
  const { measureLoad, loadRows } = await import('./load');
  rows.push(...loadRows(await measureLoad()));
}

// ── AWS cost of a whole fan-month ─────────────────────────────────────────────
// The split, the listening sync, the API, the renewal's webhooks and the mail of one fan's month, modelled from the
// split and sync benches' measured units and stated visits (bench/fan-month-cost.ts); docs/scale.md scales it.
if (part('cost')) {
  const { measureFanMonthCost, fanMonthCostRows } = await import('./fan-month-cost');
  const cost = await measureFanMonthCost({ splitFans: Number(process.env.BENCH_COST_SPLIT_FANS ?? 40) });
  rows.push(...fanMonthCostRows(cost));
}

// ── The deterministic simulation ──────────────────────────────────────────────
// A seeded world of fans, pies, refunds, disputes, claims and payouts on DynamoDB Local and the Stripe sandbox under
// the default faults, every day checked (test/simulation/bench.ts): fan-months and months simulated per wall time,
// faults injected, checks run, breaks. BENCH_SIM_MONTHS sets its length (2 by default).
if (part('sim')) {
  const { benchSimulation, simulationRows } = await import('../test/simulation/bench');
  rows.push(...simulationRows(await benchSimulation({ months: Number(process.env.BENCH_SIM_MONTHS ?? 2) })));
}

// ── Report ────────────────────────────────────────────────────────────────────
const width = Math.max(...rows.map((row) => row.name.length));
const figureWidth = Math.max(...rows.map((row) => row.figure.length));
console.log(`\nhello-world start: ${fmt(helloMs)} ms CPU (the unit of the start ratios)\n`);
for (const row of rows) {
  console.log(
    `${row.ok ? 'ok  ' : 'OVER'}  ${row.name.padEnd(width)}  ${row.figure.padEnd(figureWidth)}  ${row.budget}`,
  );
}
const broken = rows.filter((row) => !row.ok);
console.log(`\n${broken.length === 0 ? 'All budgets hold.' : `${broken.length} budget(s) broken.`}`);
process.exit(broken.length === 0 ? 0 : 1);
