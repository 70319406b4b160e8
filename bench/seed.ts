// How long a person waits for `npm start`: the demo seed of a first start on a fresh data folder (the product started
// in this process as `npm start` starts it, seedDemoData timed, then the demo fan's listening it leaves to the
// background), and the warm start, `npm start` run again on the same folder as a person runs it (its own "ready in",
// from the npm command's start). Beside each, what bounds it on this machine in the same run: DynamoDB Local on disk
// commits every single-item write on its own (a few fsyncs each), so the seed is shown as the time of so many raw
// writes; and the warm start waits for DynamoDB Local's JVM, so it is shown as a multiple of that start alone.
// `npm run bench` prints the figures beside their budgets (BENCH_PARTS=seed); `npx tsx bench/seed.ts` measures them alone.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { PutCommand } from '@aws-sdk/lib-dynamodb';

export const seedBudgets = {
  /** The demo seed of a first `npm start`, on 2 cores. */
  seedSeconds: 10,
  /** `npm start` again on a seeded folder: its "ready in". */
  warmStartSeconds: 5,
};

export interface SeedFigures {
  /** seedDemoData on a fresh folder: what `npm start` waits for before it prints the URL. */
  seedSeconds: number;
  /** Until the demo fan's listening, written in the background, was stored too. */
  listeningSeconds: number;
  /** The warm `npm start`'s own "ready in". */
  warmStartSeconds: number;
  /** DynamoDB Local on disk: single-item PutItems one after another, a second. */
  rawWritesPerSecond: number;
  /** DynamoDB Local on disk: from spawning it to its first answer. */
  dynamoDbStartSeconds: number;
}

const seconds = (since: number) => (performance.now() - since) / 1000;

/** DynamoDB Local as `npm start` runs it (on disk): its start, and its rate of single-item writes. */
async function measureDynamoDbLocal(): Promise<{ startSeconds: number; writesPerSecond: number }> {
  const { startDynamoDbLocal, createLocalDynamoDbClient } = await import('../local/dynamodb-local');
  const { ensureTable } = await import('../local/table');
  const { createDocumentClient } = await import('../functions/runtime/dynamodb-client');
  const dataDir = mkdtempSync(join(tmpdir(), 'openpie-bench-raw-'));
  const started = performance.now();
  const dynamo = await startDynamoDbLocal({ dataDir });
  const startSeconds = seconds(started);
  const admin = createLocalDynamoDbClient(dynamo.endpoint);
  const client = createDocumentClient({ region: 'us-east-1', endpoint: dynamo.endpoint });
  try {
    await ensureTable(admin, 'raw');
    const put = (index: number) =>
      client.send(
        new PutCommand({
          TableName: 'raw',
          Item: { pk: `RAW#${index % 20}`, sk: `ITEM#${index}`, entity: 'raw', v: 1, value: index },
        }),
      );
    for (let index = 0; index < 20; index += 1) await put(-1 - index);
    const writes = 200;
    const timed = performance.now();
    for (let index = 0; index < writes; index += 1) await put(index);
    return { startSeconds, writesPerSecond: writes / seconds(timed) };
  } finally {
    client.destroy();
    admin.destroy();
    await dynamo.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** `npm start` on a seeded folder, as a person runs it: its "ready in" line, then it is stopped (Ctrl-C). */
function warmNpmStart(dataDir: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['start'], {
      env: { ...process.env, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group, so the whole command (npm, the shell, tsx, node, DynamoDB Local) is stopped together.
      detached: true,
    });
    let output = '';
    let ready: number | null = null;
    const stop = () => {
      if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, 'SIGINT');
    };
    const timer = setTimeout(stop, 180_000);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      const match = /ready in ([\d.]+) s; data in/.exec(output);
      if (ready === null && match) {
        ready = Number(match[1]);
        stop();
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.once('error', reject);
    child.once('exit', () => {
      clearTimeout(timer);
      if (ready === null) reject(new Error(`npm start printed no "ready in":\n${output.slice(-2_000)}`));
      else resolve(ready);
    });
  });
}

/** A first start's seed, in this process on a fresh folder; then `npm start` again on it. */
export async function measureSeed(options: { progress?: (line: string) => void } = {}): Promise<SeedFigures> {
  const progress = options.progress ?? (() => undefined);
  progress('DynamoDB Local alone');
  const raw = await measureDynamoDbLocal();
  const { buildWebIfStale, startOpenPie } = await import('../local/app');
  const seed = await import('../local/seed');
  const dataDir = mkdtempSync(join(tmpdir(), 'openpie-bench-seed-'));
  try {
    progress('first start');
    const app = await startOpenPie({ port: 0, dataDir, skipWebBuild: true, command: 'npm run bench (seed)' });
    let seedSeconds: number;
    let listeningSeconds: number;
    try {
      const started = performance.now();
      await seed.seedDemoData(app.stripeSandbox);
      seedSeconds = seconds(started);
      await seed.demoBackground.listening;
      listeningSeconds = seconds(started);
    } finally {
      await app.stop();
    }
    // A person's second start finds the SPA built by the first: a build for sources changed since is not the start's.
    await buildWebIfStale(progress);
    progress('warm npm start');
    const warmStartSeconds = await warmNpmStart(dataDir);
    return {
      seedSeconds,
      listeningSeconds,
      warmStartSeconds,
      rawWritesPerSecond: raw.writesPerSecond,
      dynamoDbStartSeconds: raw.startSeconds,
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The rows `npm run bench` prints. */
export function seedRows(seed: SeedFigures): { name: string; figure: string; budget: string; ok: boolean }[] {
  const s = (value: number) => `${value.toFixed(1)} s`;
  return [
    {
      name: 'first npm start: the demo seed',
      figure: `${s(seed.seedSeconds)} = the time of ${Math.round(seed.seedSeconds * seed.rawWritesPerSecond)} raw DynamoDB Local writes (${Math.round(seed.rawWritesPerSecond)}/s on disk); the fan's listening after ${s(seed.listeningSeconds)}`,
      budget: `≤ ${seedBudgets.seedSeconds} s`,
      ok: seed.seedSeconds <= seedBudgets.seedSeconds,
    },
    {
      name: 'warm npm start: ready in',
      figure: `${s(seed.warmStartSeconds)} = ${(seed.warmStartSeconds / seed.dynamoDbStartSeconds).toFixed(1)}× DynamoDB Local's own start (${s(seed.dynamoDbStartSeconds)})`,
      budget: `≤ ${seedBudgets.warmStartSeconds} s`,
      ok: seed.warmStartSeconds <= seedBudgets.warmStartSeconds,
    },
  ];
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const seed = await measureSeed({ progress: (line) => console.log(`  ${line}…`) });
  for (const row of seedRows(seed))
    console.log(`${row.ok ? 'ok  ' : 'OVER'}  ${row.name}  ${row.figure}  ${row.budget}`);
  process.exit(0);
}
