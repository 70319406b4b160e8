// The local server sends each prerendered public page at its path, as the site's CloudFront Function does
// (frontend/prerender/pages.ts): `/`, `/login` (with or without a trailing slash) get their own HTML, compressed and
// never cached like the shell; every other client-side route, and a page whose file the build did not write, gets the
// SPA shell. Over a real loopback HTTP server.
import { request, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { prerenderedPages, selectPageFile } from '../../frontend/prerender/pages';
import { useStaticSiteServer } from '../support/static-site-server';

const filler = '<p>a slice of the pie</p>'.repeat(100);
const site = useStaticSiteServer({
  'index.html': `<!doctype html><title>shell</title>${filler}`,
  'pages/home.html': `<!doctype html><title>landing</title>${filler}`,
  'pages/login.html': `<!doctype html><title>login</title>${filler}`,
});

function get(path: string): Promise<{ status: number; headers: IncomingHttpHeaders; title: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: site.port, path, headers: { 'accept-encoding': 'br' } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const html = (
            res.headers['content-encoding'] === 'br' ? brotliDecompressSync(raw) : raw
          ).toString();
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            title: /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '',
          });
        });
        res.on('error', reject);
      },
    );
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
