// The local static site (local/static-site.ts `serveStatic`) over a real loopback HTTP server, on a web root of the
// given files written to a fresh temporary folder: started before a file's tests, stopped and removed after them.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { serveStatic } from '../../local/static-site';

export interface StaticSiteServer {
  /** The server's port (read inside tests, once it listens). */
  readonly port: number;
}

/** Call at the top of a test file. `files`: each file's path under the web root and its content. */
export function useStaticSiteServer(files: Readonly<Record<string, string | Buffer>>): StaticSiteServer {
  let server: Server | undefined;
  let webRoot: string | undefined;
  let port: number | undefined;

  beforeAll(async () => {
    const root = await mkdtemp(join(tmpdir(), 'openpie-static-site-'));
    webRoot = root;
    for (const [path, content] of Object.entries(files)) {
      await mkdir(dirname(join(root, path)), { recursive: true });
      await writeFile(join(root, path), content);
    }
    const listening = createServer((req, res) => {
      const { pathname } = new URL(req.url ?? '/', 'http://127.0.0.1');
      void serveStatic(root, pathname, res, req.headers['accept-encoding']).catch((error: unknown) => {
        res.writeHead(500).end(String(error));
      });
    });
    server = listening;
    await new Promise<void>((done) => listening.listen(0, '127.0.0.1', done));
    port = (listening.address() as AddressInfo).port;
  });

  afterAll(async () => {
    if (server) {
      const stopping = server;
      stopping.closeAllConnections();
      await new Promise<void>((done) => stopping.close(() => done()));
    }
    if (webRoot) await rm(webRoot, { recursive: true, force: true });
  });

  return {
    get port() {
      if (port === undefined) throw new Error('The static site is not listening: read port inside a test');
      return port;
    },
  };
}
