// Starts the product once per e2e run exactly as `npm start` does (local/main.ts), on a free port with a fresh
// DATA_DIR, and stops it with SIGINT afterwards, as a person pressing Ctrl-C would.
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** The product's DATA_DIR (the Stripe sandbox writes stripe-sandbox-endpoint.json there). */
    dataDir: string;
  }
}

function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** What `npm start` prints once a first start's catalogue is whole (local/main.ts). */
const demoCatalogueCompleteLine = 'demo catalogue complete';

function waitForUrl(child: ChildProcess, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(
      () => reject(new Error(`The product did not start in time:\n${output}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /OpenPie is running at (http:\/\/\S+)/.exec(output);
      // A first start completes the catalogue in the background after "ready" (local/seed.ts): the screens search it.
      if (match?.[1] && output.includes(demoCatalogueCompleteLine)) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The product exited with ${code}:\n${output}`));
    });
  });
}

export interface RunningProduct {
  baseUrl: string;
  /** The product's DATA_DIR (the Stripe sandbox writes stripe-sandbox-endpoint.json there). */
  dataDir: string;
  /** SIGINT, as a person pressing Ctrl-C would (SIGKILL after 10 s), then the data folder goes. */
  stop(): Promise<void>;
}

/**
 * Starts the product as `npm start` does (local/main.ts, serving the built SPA in dist/web) on a free port with a fresh
 * DATA_DIR: the e2e suite's globalSetup and `npm run bench`'s page measurements (bench/pages.ts) both start it so.
 */
export async function startProduct(options: { env?: Record<string, string> } = {}): Promise<RunningProduct> {
  const dataDir = mkdtempSync(join(tmpdir(), 'openpie-e2e-'));
  const port = await findFreePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'local/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: process.env['E2E_PRODUCT_LOG'] ? 'info' : 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The first start seeds the demo (pies paid through the sandbox, split, a claim released, a payout): about a
  // minute on two loaded cores, so the start gets four.
  const baseUrl = await waitForUrl(child, 240_000).catch((error: unknown) => {
    // A product that did not start in time is stopped rather than left running after the run.
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  // E2E_PRODUCT_LOG=<file> keeps what the product logs while the tests run, to see why a screen waited in vain.
  const logFile = process.env['E2E_PRODUCT_LOG'];
  if (logFile) {
    const log = createWriteStream(logFile, { flags: 'a' });
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
  }
  return {
    baseUrl,
    dataDir,
    async stop() {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.kill('SIGINT');
      const timeout = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timeout);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export default async function setup(project: TestProject) {
  // Passwords set during the run (registrations, resets, changes) are hashed at the tests' cheap scrypt cost
  // (local-only, runtime/env.ts refuses it elsewhere): about 0.4 s less for each on a quiet core. The demo accounts'
  // stored hashes keep the production cost, so every demo sign-in still verifies at it; the production parameters
  // themselves are asserted by test/unit/identity-integrations.test.ts and demo-accounts.test.ts.
  // The table in DynamoDB Local's memory (DESIGN §3: in memory for tests): the folder is thrown away after the run, and
  // on disk every write waits for its own commit (some 77 single writes a second here against 137 in memory).
  const product = await startProduct({ env: { PASSWORD_HASHING: 'fast-for-tests', LOCAL_TABLE: 'memory' } });
  project.provide('baseUrl', product.baseUrl);
  project.provide('dataDir', product.dataDir);
  return () => product.stop();
}
