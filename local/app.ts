// The whole product on one machine (DESIGN §3): DynamoDB Local, the API handlers behind an API Gateway v2
// adapter, the SPA, the scheduler and the event bus, in one process. Handlers, jobs and infra never import this.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, readdir, stat } from 'node:fs/promises';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo, Server as NetServer } from 'node:net';
import { keepConnectionsOpenForClients } from './http-server';
import { createServer as createNetServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findAccountByConnection } from '../functions/data/accounts';
import { createDocumentClient } from '../functions/runtime/dynamodb-client';
import { backfillLedgerIndex } from '../functions/services/admin/ledger-index-backfill';
import { isSeeded, markSeeded } from '../functions/data/seed-markers';
import type { TableRef } from '../functions/data/table';
import { resetEnvCache } from '../functions/runtime/env';
import { isAwsApiCall, serveAwsEmulation } from './aws-endpoints';
import { loadClockOffset } from './clock-offset';
import type { DataDirLock } from './data-dir-lock';
import { acquireDataDirLock } from './data-dir-lock';
import { createDevTimeRoutes } from './dev-time-routes';
import type { DynamoDbLocalInstance } from './dynamodb-local';
import { createLocalDynamoDbClient, LOCAL_REGION, startDynamoDbLocal, tableStorage } from './dynamodb-local';
import { serveApiRequest } from './handlers';
import { loadLocalSecrets } from './local-secrets';
import { createMailboxTable, serveMailbox } from './mailbox';
import type { IsLinked } from './oauth-sandbox';
import { createOAuthSandbox } from './oauth-sandbox';
import { startOutboxEventPublishing } from './outbox-events';
import { providerUserIdOf } from './oauth-sandbox/identities';
import { startScheduler } from './scheduler';
import type { StripeSandbox } from './stripe-sandbox';
import { startStripeSandbox } from './stripe-sandbox';
import { serveStatic } from './static-site';
import { ensureTable } from './table';
import type { TimeMachine } from './time-machine';
import { createTimeMachine } from './time-machine';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const webRoot = join(repoRoot, 'dist', 'web');

export interface OpenPieOptions {
  port: number;
  /** Where DynamoDB Local keeps its files, the clock offset, the local secrets and the lock. */
  dataDir: string;
  /**
   * The table in DynamoDB Local's memory instead of the data folder (DESIGN §3: in memory for tests): for a product
   * that is thrown away with its folder and never started on it again. Lost when it stops.
   */
  tableInMemory?: boolean;
  /** Vite's dev server with hot reload instead of the built SPA. */
  dev?: boolean;
  /** Skip building the SPA (tests that only use the API). */
  skipWebBuild?: boolean;
  /** Run the job schedules (off in tests that drive jobs themselves). */
  schedules?: boolean;
  logLevel?: string;
  /** Told one line per start phase with its time (npm start prints them); silent when absent. */
  progress?: (line: string) => void;
  /** Who holds the data folder, as the lock file names it (`npm start`, `npm run job` …). */
  command?: string;
  /**
   * The data folder's lock, taken, and DynamoDB Local on it, starting: `npm start` boots the JVM before it loads the
   * product's modules, so the two overlap. Absent: taken and started here.
   */
  startedEarly?: { lock: DataDirLock; dynamoDb: Promise<DynamoDbLocalInstance> };
}

export interface RunningOpenPie {
  url: string;
  port: number;
  tableName: string;
  /** The product clock: `npm run time` and POST /api/dev/time/advance move it. */
  timeMachine: TimeMachine;
  /** The local Stripe: the seed pays the demo fan's pie through it. */
  stripeSandbox: StripeSandbox;
  stop(): Promise<void>;
}

export const localTableName = 'openpie-local';
/** Says the data folder's older ledger transactions were given their date keys. */
const ledgerIndexMarker = 'ledger-date-index-v1';
/** Where the local runtime "mails" staff (the reconciliation alert): an address the local mailbox shows. */
export const localStaffAlertEmail = 'staff@openpie.example';

export async function startOpenPie(options: OpenPieOptions): Promise<RunningOpenPie> {
  const progress = options.progress ?? (() => undefined);
  // Before DynamoDB Local touches the folder: a second one on the same files would corrupt them.
  const lock =
    options.startedEarly?.lock ?? (await lockDataDir(options.dataDir, options.command ?? 'OpenPie'));
  const cleanups: (() => Promise<void>)[] = [() => lock.release()];
  const cleanUp = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
  };
  try {
    return await startOnLockedDataDir(options, progress, cleanups, cleanUp, lock.setPort);
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

/** Takes the data folder (made when missing) for this process: DataDirBusyError when another holds it. */
async function lockDataDir(dataDir: string, command: string): Promise<DataDirLock> {
  await mkdir(dataDir, { recursive: true });
  return acquireDataDirLock(dataDir, command);
}

async function startOnLockedDataDir(
  options: OpenPieOptions,
  progress: (line: string) => void,
  cleanups: (() => Promise<void>)[],
  cleanUp: () => Promise<void>,
  recordPort: (port: number) => Promise<void>,
): Promise<RunningOpenPie> {
  const early = options.startedEarly?.dynamoDb;
  // Stopped whatever happens next, once it has started.
  if (early)
    cleanups.push(() =>
      early.then(
        (started) => started.stop(),
        () => undefined,
      ),
    );
  const secrets = await loadLocalSecrets(options.dataDir);
  if (!options.dev && !options.skipWebBuild) await buildWebIfStale(progress);

  const phaseStarted = Date.now();
  const dynamo = await (early ?? startDynamoDbLocal(tableStorage(options.dataDir, options.tableInMemory)));
  if (!early) cleanups.push(() => dynamo.stop());
  await ensureTable(createLocalDynamoDbClient(dynamo.endpoint), localTableName);
  progress(`DynamoDB Local and the table ready in ${secondsSince(phaseStarted)}`);

  const server = keepConnectionsOpenForClients(createServer());
  await listen(server, options.port, '127.0.0.1');
  const port = (server.address() as AddressInfo).port;
  const ipv6 = await listenOnIpv6Loopback(server, port);
  cleanups.push(async () => {
    server.closeAllConnections();
    await new Promise<void>((done) => server.close(() => done()));
    await new Promise<void>((done) => (ipv6 ? ipv6.close(() => done()) : done()));
  });
  await recordPort(port);
  const url = `http://localhost:${port}`;
  const version = (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string })
    .version;
  // Stripe stand-in: its state beside the table's, events signed to the product's own webhook route.
  const stripeSandbox = await startStripeSandbox({
    dataDir: options.dataDir,
    publicUrl: url,
    webhook: { url: `${url}/api/webhooks/stripe` },
  });
  cleanups.push(() => stripeSandbox.stop());

  Object.assign(process.env, {
    STAGE: 'local',
    AWS_REGION: 'us-east-1',
    TABLE_NAME: localTableName,
    DYNAMODB_ENDPOINT: dynamo.endpoint,
    APP_VERSION: version,
    SITE_ORIGIN: url,
    // The other loopback spellings of this very origin: a browser at 127.0.0.1 or [::1] is on the same site.
    CORS_ALLOWED_ORIGINS: ownOrigins(port)
      .filter((origin) => origin !== url)
      .join(','),
    LOG_LEVEL: options.logLevel ?? process.env.LOG_LEVEL ?? 'warn',
    EVENT_BUS_NAME: 'openpie-local',
    EVENT_BUS_ENDPOINT: `http://127.0.0.1:${port}/`,
    QUEUE_ENDPOINT: `http://127.0.0.1:${port}/`,
    FAN_WORK_QUEUE_URL: `http://127.0.0.1:${port}/000000000000/fan-work`,
    JWT_SIGNING_KEY: secrets.JWT_SIGNING_KEY,
    STRIPE_API_URL: stripeSandbox.apiUrl,
    STRIPE_API_KEY: stripeSandbox.apiKey,
    STRIPE_WEBHOOK_SECRET: stripeSandbox.webhookSecret,
    // Staff's reconciliation mail goes to the outbox like any other, so /dev/mailbox shows it.
    STAFF_ALERT_EMAIL: process.env.STAFF_ALERT_EMAIL ?? localStaffAlertEmail,
  });
  // A configuration read before these were set (an earlier start in the same process) must not linger.
  resetEnvCache();
  // Product time before anything reads it: seeding, the scheduler, the first request.
  await loadClockOffset(options.dataDir);

  const mailboxTable = createMailboxTable(dynamo.endpoint, localTableName);
  const table: TableRef = {
    client: createDocumentClient({ region: LOCAL_REGION, endpoint: dynamo.endpoint }),
    name: localTableName,
  };
  cleanups.push(async () => table.client.destroy());
  // A data folder from before the ledger's date indexes: give its older transactions their keys (decision 042), as an
  // operator does once in AWS with `npm run ledger:index-backfill`. Once per folder (a marker says it was done): the
  // backfill reads the whole table, and every transaction written since has its keys.
  if (!(await isSeeded(table, ledgerIndexMarker))) {
    const ledgerIndex = await backfillLedgerIndex(table);
    if (ledgerIndex.indexed > 0) progress(`${ledgerIndex.indexed} older ledger transactions indexed by date`);
    await markSeeded(table, ledgerIndexMarker, new Date());
  }
  const oauthSandbox = createOAuthSandbox({ isLinked: createIsLinked(table) });

  const scheduler =
    options.schedules === false
      ? null
      : startScheduler((job, error) => console.error(`Job ${job} failed`, error));
  cleanups.push(async () => scheduler?.stop());
  const outboxEvents = startOutboxEventPublishing((error) =>
    console.error('Publishing events failed', error),
  );
  cleanups.push(() => outboxEvents.stop());
  const timeMachine = createTimeMachine({
    dataDir: options.dataDir,
    scheduler,
    publishPendingEvents: () => outboxEvents.publishNow(),
    stripeSandbox,
  });
  const localRoutes = createDevTimeRoutes(timeMachine);

  const vite = options.dev ? await startVite(server) : null;
  cleanups.push(async () => vite?.close());
  const hosts = ownHosts(port);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    void route(req, res).catch((error: unknown) => {
      console.error('Local server error', error);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json; charset=utf-8' });
      res.end(
        JSON.stringify({ success: false, code: 'internal_error', message: 'The local server failed.' }),
      );
    });
  });

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // DNS rebinding: a page of another site whose name now points at 127.0.0.1 still sends its own name as Host.
    const host = (req.headers.host ?? '').toLowerCase();
    if (!hosts.includes(host)) {
      return refuse(
        res,
        403,
        'host_not_allowed',
        `OpenPie answers only at ${hosts.join(', ')}; this request was addressed to ${host ? `"${host}"` : 'no host'}.`,
      );
    }
    const requestUrl = parseRequestUrl(host, req.url ?? '/');
    if (!requestUrl) {
      return refuse(
        res,
        400,
        'bad_request',
        'The address of this request is malformed (a broken %-escape?).',
      );
    }
    if (isPageLoadAtAnotherSpelling(req, requestUrl, host)) {
      // Cookies belong to the name a page was loaded from, and social sign-in comes back to SITE_ORIGIN: a page at
      // 127.0.0.1 or [::1] would lose its state cookie on the way back. Pages move to the one canonical spelling;
      // API calls from the other spellings are still the same site (CORS_ALLOWED_ORIGINS above).
      res.writeHead(308, { location: `${url}${requestUrl.pathname}${requestUrl.search}` });
      res.end();
      return;
    }
    if (requestUrl.pathname === '/api' || requestUrl.pathname.startsWith('/api/')) {
      await serveApiRequest(req, res, requestUrl, localRoutes);
    } else if (requestUrl.pathname === '/dev/mailbox') {
      await serveMailbox(mailboxTable, res);
    } else if (requestUrl.pathname.startsWith('/_sandbox/oauth/')) {
      await oauthSandbox.handle(req, res, requestUrl);
    } else if (requestUrl.pathname.startsWith('/_sandbox/stripe/')) {
      await stripeSandbox.handlePage(req, res, requestUrl);
    } else if (isAwsApiCall(req)) {
      await serveAwsEmulation(req, res);
    } else if (vite) {
      vite.middlewares(req, res);
    } else {
      await serveStatic(webRoot, requestUrl.pathname, res, req.headers['accept-encoding']);
    }
  }

  let stopping: Promise<void> | undefined;
  return {
    url,
    port,
    tableName: localTableName,
    timeMachine,
    stripeSandbox,
    stop: () => (stopping ??= cleanUp()),
  };
}

/** A browser's GET of a page (not the API, a sandbox or an AWS stand-in) at a spelling other than `localhost`. */
function isPageLoadAtAnotherSpelling(req: IncomingMessage, requestUrl: URL, host: string): boolean {
  const method = (req.method ?? 'GET').toUpperCase();
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (host.startsWith('localhost:')) return false;
  if (/^\/(api|_sandbox)(\/|$)/.test(requestUrl.pathname)) return false;
  return !isAwsApiCall(req);
}

/** The origins this product answers at: localhost, 127.0.0.1 and [::1] on its port. */
export function ownOrigins(port: number): string[] {
  return ownHosts(port).map((host) => `http://${host}`);
}

function ownHosts(port: number): string[] {
  return [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`];
}

/** The request's URL on its own (already checked) host; null when the target or its percent-encoding is broken. */
function parseRequestUrl(host: string, target: string): URL | null {
  if (!target.startsWith('/')) return null;
  try {
    const url = new URL(`http://${host}${target}`);
    decodeURIComponent(url.pathname);
    return url;
  } catch {
    return null;
  }
}

function refuse(res: ServerResponse, status: number, code: string, message: string): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify({ success: false, code, message }));
}

/** The consent page preselects someone no fan or artist account has linked at the provider yet. */
function createIsLinked(table: TableRef): IsLinked {
  return async (provider, person) => {
    const providerUserId = providerUserIdOf(provider, person.email);
    try {
      for (const kind of ['fan', 'artist'] as const) {
        if (await findAccountByConnection(table, kind, provider, providerUserId)) return true;
      }
      return false;
    } catch {
      // Only a preselection: an unreadable table must not break the consent page.
      return false;
    }
  };
}

function listen(server: Server | NetServer, port: number, host: string): Promise<void> {
  return new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(port, host, () => {
      server.off('error', fail);
      done();
    });
  });
}

/**
 * [::1] on the same port, handing its connections to the HTTP server (one server cannot listen on two addresses).
 * Never the wildcard address, which would open the product to the network. Skipped where IPv6 or the port is not
 * available: localhost and 127.0.0.1 still work.
 */
async function listenOnIpv6Loopback(server: Server, port: number): Promise<NetServer | null> {
  const forwarder = createNetServer((socket) => server.emit('connection', socket));
  try {
    await listen(forwarder, port, '::1');
    return forwarder;
  } catch {
    forwarder.close();
    return null;
  }
}

function secondsSince(startedAt: number): string {
  return `${((Date.now() - startedAt) / 1000).toFixed(1)} s`;
}

interface ViteHandle {
  middlewares: (req: IncomingMessage, res: ServerResponse) => void;
  close(): Promise<void>;
}

async function startVite(server: Server): Promise<ViteHandle> {
  const { createServer: createViteServer } = await import('vite');
  const vite = await createViteServer({
    configFile: join(repoRoot, 'frontend', 'vite.config.ts'),
    server: { middlewareMode: true, hmr: { server } },
    appType: 'spa',
  });
  return { middlewares: (req, res) => vite.middlewares(req, res), close: () => vite.close() };
}

/** Builds the SPA when dist/web is missing or older than its sources, telling `progress` how it goes. */
export async function buildWebIfStale(progress: (line: string) => void = () => undefined): Promise<void> {
  const builtAt = await stat(join(webRoot, 'index.html')).then(
    (info) => info.mtimeMs,
    () => 0,
  );
  const sourcesAt = Math.max(
    await newestMtime(join(repoRoot, 'frontend')),
    await newestMtime(join(repoRoot, 'functions', 'contracts')),
  );
  if (builtAt >= sourcesAt) return;
  const startedAt = Date.now();
  console.log(builtAt === 0 ? 'Building the web app (once)…' : 'Rebuilding the web app (sources changed)…');
  // Vite is quiet at --logLevel warn: say every 10 s that the build is still going.
  const heartbeat = setInterval(
    () => progress(`still building the web app (${secondsSince(startedAt)})`),
    10_000,
  );
  try {
    await new Promise<void>((done, fail) => {
      const child = spawn(
        process.execPath,
        [
          join(repoRoot, 'node_modules', 'vite', 'bin', 'vite.js'),
          'build',
          '--config',
          'frontend/vite.config.ts',
          '--logLevel',
          'warn',
        ],
        {
          cwd: repoRoot,
          stdio: 'inherit',
          // A production bundle even when started from a test runner (vitest sets NODE_ENV=test).
          env: { ...process.env, NODE_ENV: 'production' },
        },
      );
      child.once('error', fail);
      child.once('exit', (code, signal) =>
        code === 0
          ? done()
          : fail(new Error(`Building the web app failed (${signal ?? `exit code ${code}`})`)),
      );
    });
  } finally {
    clearInterval(heartbeat);
  }
  progress(`web app built in ${secondsSince(startedAt)}`);
}

async function newestMtime(path: string): Promise<number> {
  const info = await stat(path).catch(() => null);
  if (!info) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  const entries = await readdir(path);
  const times = await Promise.all(entries.map((entry) => newestMtime(join(path, entry))));
  return Math.max(info.mtimeMs, ...times);
}
