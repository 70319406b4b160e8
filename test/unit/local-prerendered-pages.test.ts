// The local server sends each prerendered public page at its path, as the site's CloudFront Function does
// (frontend/prerender/pages.ts): `/`, `/login` (with or without a trailing slash) get their own HTML, compressed and
// never cached like the shell; every other client-side route, and a page whose file the build did not write, gets the
// SPA shell. Over a real loopback HTTP server.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prerenderedPages, selectPageFile } from '../../frontend/prerender/pages';
import { serveStatic } from '../../local/static-site';

let server: Server;
let port: number;
let webRoot: string;
const filler = '<p>a slice of the pie</p>'.repeat(100);

beforeAll(async () => {
  webRoot = await mkdtemp(join(tmpdir(), 'openpie-prerendered-'));
  await mkdir(join(webRoot, 'pages'));
  await writeFile(join(webRoot, 'index.html'), `<!doctype html><title>shell</title>${filler}`);
  await writeFile(join(webRoot, 'pages', 'home.html'), `<!doctype html><title>landing</title>${filler}`);
  await writeFile(join(webRoot, 'pages', 'login.html'), `<!doctype html><title>login</title>${filler}`);
  server = createServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://127.0.0.1');
    void serveStatic(webRoot, pathname, res, req.headers['accept-encoding']).catch((error: unknown) => {
      res.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((done) => server.close(() => done()));
  await rm(webRoot, { recursive: true, force: true });
});

function get(path: string): Promise<{ status: number; headers: IncomingHttpHeaders; title: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { 'accept-encoding': 'br' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const html = (res.headers['content-encoding'] === 'br' ? brotliDecompressSync(raw) : raw).toString();
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          title: /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '',
        });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('prerendered public pages on the local server', () => {
  it('sends each prerendered page at its path, compressed and never cached', async () => {
    for (const [path, title] of [
      ['/', 'landing'],
      ['/login', 'login'],
      ['/login/', 'login'],
    ] as const) {
      const reply = await get(path);
      expect(reply.status, path).toBe(200);
      expect(reply.title, path).toBe(title);
      expect(reply.headers['content-type'], path).toBe('text/html; charset=utf-8');
      expect(reply.headers['content-encoding'], path).toBe('br');
      expect(reply.headers['cache-control'], path).toBe('no-cache');
    }
  });

  it('sends the SPA shell for every other route, and for a page the build did not prerender', async () => {
    for (const path of ['/pie', '/for-artists/claims', '/login/extra', '/try']) {
      const reply = await get(path);
      expect(reply.status, path).toBe(200);
      expect(reply.title, path).toBe('shell');
    }
  });

  it('names a file for each public page, and the shell for the rest', () => {
    expect(prerenderedPages.map((page) => page.path)).toEqual(['/', '/login', '/try', '/for-artists']);
    expect(selectPageFile('/for-artists/')).toBe('pages/for-artists.html');
    expect(selectPageFile('/for-artists/login')).toBe('index.html');
    expect(selectPageFile('/pie')).toBe('index.html');
  });
});
