// The whole product on one machine (DESIGN §3): DynamoDB Local, the API handlers behind an API Gateway v2
// adapter, the SPA, the scheduler and the event bus, in one process. Handlers, jobs and infra never import this.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, readdir, stat } from 'node:fs/promises';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDynamoDbLocal, createLocalDynamoDbClient } from './dynamodb-local';
import { isAwsApiCall, serveAwsEmulation } from './aws-endpoints';
import { serveApiRequest } from './handlers';
import { loadLocalSecrets } from './local-secrets';
import { createMailboxTable, serveMailbox } from './mailbox';
import { serveOAuthSandbox } from './oauth-sandbox';
import { startScheduler } from './scheduler';
import { serveStatic } from './static-site';
import { ensureTable } from './table';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const webRoot = join(repoRoot, 'dist', 'web');

export interface OpenPieOptions {
  port: number;
  /** Where DynamoDB Local keeps its files. */
  dataDir: string;
  /** Vite's dev server with hot reload instead of the built SPA. */
  dev?: boolean;
  /** Skip building the SPA (tests that only use the API). */
  skipWebBuild?: boolean;
  /** Run the job schedules (off in tests that drive jobs themselves). */
  schedules?: boolean;
  logLevel?: string;
}

export interface RunningOpenPie {
  url: string;
  port: number;
  tableName: string;
  stop(): Promise<void>;
}

export const localTableName = 'openpie-local';

export async function startOpenPie(options: OpenPieOptions): Promise<RunningOpenPie> {
  await mkdir(options.dataDir, { recursive: true });
  const secrets = await loadLocalSecrets(options.dataDir);
  if (!options.dev && !options.skipWebBuild) await buildWebIfStale();

  const dynamo = await startDynamoDbLocal({ dataDir: join(options.dataDir, 'dynamodb') });
  try {
    await ensureTable(createLocalDynamoDbClient(dynamo.endpoint), localTableName);
  } catch (error) {
    await dynamo.stop();
    throw error;
  }

  const server = createServer();
  await listen(server, options.port);
  const port = (server.address() as AddressInfo).port;
  const url = `http://localhost:${port}`;
  const version = (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string })
    .version;

  Object.assign(process.env, {
    STAGE: 'local',
    AWS_REGION: 'us-east-1',
    TABLE_NAME: localTableName,
    DYNAMODB_ENDPOINT: dynamo.endpoint,
    APP_VERSION: version,
    SITE_ORIGIN: url,
    LOG_LEVEL: options.logLevel ?? process.env.LOG_LEVEL ?? 'warn',
    EVENT_BUS_NAME: 'openpie-local',
    EVENT_BUS_ENDPOINT: `http://127.0.0.1:${port}/`,
    QUEUE_ENDPOINT: `http://127.0.0.1:${port}/`,
    FAN_WORK_QUEUE_URL: `http://127.0.0.1:${port}/000000000000/fan-work`,
    JWT_SIGNING_KEY: secrets.JWT_SIGNING_KEY,
  });
  const mailboxTable = createMailboxTable(dynamo.endpoint, localTableName);

  const vite = options.dev ? await startVite(server) : null;
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
    const requestUrl = new URL(req.url ?? '/', url);
    if (requestUrl.pathname === '/api' || requestUrl.pathname.startsWith('/api/')) {
      await serveApiRequest(req, res, requestUrl);
    } else if (requestUrl.pathname === '/dev/mailbox') {
      await serveMailbox(mailboxTable, res);
    } else if (requestUrl.pathname.startsWith('/_sandbox/oauth/')) {
      await serveOAuthSandbox(req, res, requestUrl);
    } else if (isAwsApiCall(req)) {
      await serveAwsEmulation(req, res);
    } else if (vite) {
      vite.middlewares(req, res);
    } else {
      await serveStatic(webRoot, requestUrl.pathname, res);
    }
  }

  const scheduler =
    options.schedules === false
      ? null
      : startScheduler((job, error) => console.error(`Job ${job} failed`, error));

  let stopping: Promise<void> | undefined;
  return {
    url,
    port,
    tableName: localTableName,
    stop() {
      stopping ??= (async () => {
        scheduler?.stop();
        await vite?.close();
        server.closeAllConnections();
        await new Promise<void>((done) => server.close(() => done()));
        await dynamo.stop();
      })();
      return stopping;
    },
  };
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', fail);
      done();
    });
  });
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

/** Builds the SPA when dist/web is missing or older than its sources. */
export async function buildWebIfStale(): Promise<void> {
  const builtAt = await stat(join(webRoot, 'index.html')).then(
    (info) => info.mtimeMs,
    () => 0,
  );
  const sourcesAt = Math.max(
    await newestMtime(join(repoRoot, 'frontend')),
    await newestMtime(join(repoRoot, 'functions', 'contracts')),
  );
  if (builtAt >= sourcesAt) return;
  console.log(builtAt === 0 ? 'Building the web app (once)…' : 'Rebuilding the web app (sources changed)…');
  execFileSync(
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
}

async function newestMtime(path: string): Promise<number> {
  const info = await stat(path).catch(() => null);
  if (!info) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  const entries = await readdir(path);
  const times = await Promise.all(entries.map((entry) => newestMtime(join(path, entry))));
  return Math.max(info.mtimeMs, ...times);
}
