// AWS's DynamoDB Local (DESIGN §3) as a child process: real transactions and validation, spoken to by the real SDK.
// `scripts/ensure.mjs` installs it into .cache/dynamodb-local; this module only starts and stops it.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { createDynamoClient, localCredentials } from '../functions/runtime/dynamodb-client';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const DYNAMODB_LOCAL_DIR = path.join(REPO_ROOT, '.cache', 'dynamodb-local');

/**
 * DynamoDB Local keeps one database per access key and region (we do not pass -sharedDb), in memory as on disk:
 * every client of a local instance must use these two, or it sees an empty database.
 */
export const LOCAL_REGION = 'us-east-1';

const READY_POLL_MS = 100;
const READY_TIMEOUT_MS = 60_000;
const STOP_GRACE_MS = 5_000;
const OUTPUT_TAIL_CHARS = 8_000;
const PORT_ATTEMPTS = 3;

export interface StartDynamoDbLocalOptions {
  /** Folder for the database files; in memory when absent. */
  dataDir?: string;
  /** A free loopback port is chosen when absent. */
  port?: number;
}

export interface DynamoDbLocalInstance {
  /** `http://127.0.0.1:<port>` */
  endpoint: string;
  port: number;
  /** Stops the process (SIGTERM, SIGKILL after 5 s); safe to call more than once. */
  stop(): Promise<void>;
}

class PortInUseError extends Error {}

/** Where a product's table lives: `dynamodb/` under its data folder, or DynamoDB Local's memory (DESIGN §3). */
export function tableStorage(dataDir: string, inMemory = false): StartDynamoDbLocalOptions {
  return inMemory ? {} : { dataDir: path.join(dataDir, 'dynamodb') };
}

/** LOCAL_TABLE: `disk` (the default) or `memory`. */
export function readTableStorage(value: string | undefined): 'disk' | 'memory' {
  if (value === undefined || value === '' || value === 'disk') return 'disk';
  if (value === 'memory') return 'memory';
  throw new Error(`LOCAL_TABLE is "disk" or "memory", not "${value}"`);
}

/** A client for a local instance: explicit region and dummy credentials, so the SDK never looks for cloud ones. */
export function createLocalDynamoDbClient(endpoint: string): DynamoDBClient {
  return createDynamoClient({ endpoint, region: LOCAL_REGION });
}

export async function startDynamoDbLocal(
  options: StartDynamoDbLocalOptions = {},
): Promise<DynamoDbLocalInstance> {
  assertInstalled();
  if (options.port !== undefined) {
    await assertPortFree(options.port);
    return startOnPort(options.port, options.dataDir);
  }
  // A port found free can be taken by someone else in the seconds the JVM needs to bind it: then try another.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnPort(await findFreeLoopbackPort(), options.dataDir);
    } catch (error) {
      if (!(error instanceof PortInUseError) || attempt >= PORT_ATTEMPTS) throw error;
    }
  }
}

function assertInstalled(): void {
  const jarPath = path.join(DYNAMODB_LOCAL_DIR, 'DynamoDBLocal.jar');
  if (!existsSync(jarPath)) {
    throw new Error(
      `DynamoDB Local is not installed (${jarPath} is missing): run \`node scripts/ensure.mjs\``,
    );
  }
}

async function startOnPort(port: number, dataDir: string | undefined): Promise<DynamoDbLocalInstance> {
  const child = spawnDynamoDbLocal(port, dataDir);
  const output = captureOutputTail(child);
  const stop = createStopper(child);
  const endpoint = `http://127.0.0.1:${port}`;
  try {
    await waitUntilReady(child, endpoint, output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { endpoint, port, stop };
}

function spawnDynamoDbLocal(port: number, dataDir: string | undefined): ChildProcess {
  // DynamoDB Local has no host flag (its -help lists none): it listens on 0.0.0.0, so we only ever talk to it
  // on 127.0.0.1 and rely on the random port. -disableTelemetry because the machine may be offline.
  const storage = dataDir === undefined ? ['-inMemory'] : ['-dbPath', prepareDataDir(dataDir)];
  const args = [
    // C1 only: measured here, it is ready about 25% sooner and was no slower over a few thousand requests, since
    // C2 compiler threads fight the product for two cores.
    '-XX:TieredStopAtLevel=1',
    // The serial collector: G1's concurrent threads cost DynamoDB Local some 5-10% more CPU for the same work (a first
    // start's demo seed in memory: 23.4-24.1 s of JVM CPU with G1, 21.3-22.2 s with this), on a heap that stays small.
    '-XX:+UseSerialGC',
    `-Djava.library.path=${path.join(DYNAMODB_LOCAL_DIR, 'DynamoDBLocal_lib')}`,
    '-jar',
    path.join(DYNAMODB_LOCAL_DIR, 'DynamoDBLocal.jar'),
    '-port',
    String(port),
    '-disableTelemetry',
    ...storage,
  ];
  // cwd inside the cache, so nothing it writes by default lands in the repository root.
  return spawn('java', args, { cwd: DYNAMODB_LOCAL_DIR, stdio: ['ignore', 'pipe', 'pipe'] });
}

function prepareDataDir(dataDir: string): string {
  const absolute = path.resolve(dataDir);
  mkdirSync(absolute, { recursive: true });
  return absolute;
}

async function findFreeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : undefined;
      server.close(() => (port === undefined ? reject(new Error('No free port found')) : resolve(port)));
    });
  });
}

/**
 * A busy port must be refused before spawning: the readiness poll would take whoever answers there for our
 * instance. Checked on all interfaces, where DynamoDB Local binds.
 */
async function assertPortFree(port: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new PortInUseError(`Port ${port} is already in use`) : error),
    );
    server.listen(port, () => server.close(() => resolve()));
  });
}

/** Keeps draining both pipes for the child's whole life (a full pipe would block it) and remembers the end. */
function captureOutputTail(child: ChildProcess): () => string {
  let tail = '';
  const append = (chunk: Buffer): void => {
    tail = (tail + chunk.toString('utf8')).slice(-OUTPUT_TAIL_CHARS);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  return () => tail.trim();
}

function createStopper(child: ChildProcess): () => Promise<void> {
  const exited = new Promise<void>((resolve) => {
    if (hasExited(child)) resolve();
    else child.once('exit', () => resolve());
    // A spawn that never started (ENOENT) emits 'error' and may never emit 'exit'.
    child.once('error', () => resolve());
  });
  // The child must never outlive us; 'exit' handlers may only do synchronous work, and kill() is synchronous.
  const killOnExit = (): void => {
    child.kill('SIGKILL');
  };
  process.once('exit', killOnExit);
  void exited.then(() => process.removeListener('exit', killOnExit));

  let stopping: Promise<void> | undefined;
  return () => {
    stopping ??= (async () => {
      if (!hasExited(child)) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
        await exited;
        clearTimeout(timer);
      }
      await exited;
    })();
    return stopping;
  };
}

function hasExited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

async function waitUntilReady(child: ChildProcess, endpoint: string, output: () => string): Promise<void> {
  let failure: Error | undefined;
  child.on('error', (error: NodeJS.ErrnoException) => {
    failure =
      error.code === 'ENOENT'
        ? new Error('Java is not on PATH: install a Java 17 runtime or run `node scripts/ensure.mjs start`')
        : error;
  });
  child.once('exit', (code, signal) => {
    failure ??= new Error(
      `DynamoDB Local exited before it was ready (${signal ?? `code ${code}`}):\n${output()}`,
    );
  });

  // One attempt per poll with short timeouts: the SDK's own retries and back-off would only slow the start down.
  // requestTimeout alone only logs a warning in this SDK version; throwOnRequestTimeout makes it end the request,
  // so a listener that accepts and never answers cannot hang the poll.
  const probe = new DynamoDBClient({
    endpoint,
    region: LOCAL_REGION,
    credentials: { ...localCredentials },
    maxAttempts: 1,
    requestHandler: { connectionTimeout: 1_000, requestTimeout: 2_000, throwOnRequestTimeout: true },
  });
  const deadline = Date.now() + READY_TIMEOUT_MS;
  try {
    for (;;) {
      failure ??= detectStartupFailure(output());
      if (failure) throw failure;
      if (await isAnswering(probe)) return;
      if (Date.now() > deadline) {
        throw new Error(
          `DynamoDB Local did not answer on ${endpoint} within ${READY_TIMEOUT_MS / 1000} s:\n${output()}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, READY_POLL_MS));
    }
  } finally {
    probe.destroy();
  }
}

// When its server fails to start, DynamoDB Local prints the exception but its JVM stays up forever, so the
// output is the only sign.
function detectStartupFailure(output: string): Error | undefined {
  if (!output.includes('Exception in thread "main"')) return undefined;
  const message = `DynamoDB Local failed to start:\n${output}`;
  return output.includes('BindException') ? new PortInUseError(message) : new Error(message);
}

async function isAnswering(client: DynamoDBClient): Promise<boolean> {
  try {
    await client.send(new ListTablesCommand({ Limit: 1 }));
    return true;
  } catch {
    return false;
  }
}
