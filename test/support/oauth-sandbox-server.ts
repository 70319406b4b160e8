// The OAuth sandbox (local/oauth-sandbox: the sign-in providers and Spotify's Web API as the product reaches them) on
// a loopback port for one test file, and the product pointed at it (OAUTH_SANDBOX_URL), as the local runtime does.
import type { Server } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { createOAuthSandbox } from '../../local/oauth-sandbox';

/**
 * Starts the sandbox before the file's tests and stops it after them; `origin()` is where it listens (the sandbox
 * itself under `/_sandbox/oauth`). Call at the top of a file.
 */
export function useOAuthSandbox(): { origin: () => string } {
  let server: Server | undefined;
  let origin = '';
  beforeAll(async () => {
    const sandbox = createOAuthSandbox();
    const started = createServer((req, res) => {
      const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
      sandbox.handle(req, res, url).catch((error: unknown) => res.writeHead(500).end(String(error)));
    });
    server = started;
    await new Promise<void>((done) => started.listen(0, '127.0.0.1', done));
    origin = `http://localhost:${(started.address() as AddressInfo).port}`;
    process.env.OAUTH_SANDBOX_URL = `${origin}/_sandbox/oauth`;
  });
  afterAll(async () => {
    const started = server;
    if (!started) return;
    started.closeAllConnections();
    await new Promise<void>((done) => started.close(() => done()));
  });
  return {
    origin: () => {
      if (!origin)
        throw new Error('The OAuth sandbox has not started (useOAuthSandbox runs before the tests)');
      return origin;
    },
  };
}
