// Serves the built SPA as CloudFront does: hashed assets cached for a year, index.html never cached, and
// extension-less paths falling back to index.html (the same rule as the stack's CloudFront Function).
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { buildSiteSecurityHeaders } from '../infra/site-headers';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
};

/**
 * The site's security headers: the stack's response headers policy sends the same (infra/site-headers.ts), but for
 * HSTS and upgrade-insecure-requests, which need HTTPS. Vite's dev server (`npm run dev`) serves the SPA without them.
 */
export const siteSecurityHeaders: Readonly<Record<string, string>> = buildSiteSecurityHeaders({
  https: false,
});

function decodePath(pathname: string): string | null {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return null;
  }
}

export async function serveStatic(root: string, pathname: string, res: ServerResponse): Promise<void> {
  const decoded = decodePath(pathname);
  // A broken percent-encoding (`/%E0%A4%A`) names no file: the request is bad, not the server.
  if (decoded === null) {
    res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8', ...siteSecurityHeaders });
    res.end('Bad request');
    return;
  }
  const relative = normalize(decoded).replace(/^([/\\])+/, '');
  let file = join(root, relative);
  if (!file.startsWith(root + sep) && file !== root) {
    res.writeHead(400, siteSecurityHeaders).end();
    return;
  }
  const isAsset = extname(relative) !== '';
  let info = await stat(file).catch(() => null);
  if (!info?.isFile()) {
    if (isAsset) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8', ...siteSecurityHeaders });
      res.end('Not found');
      return;
    }
    file = join(root, 'index.html');
    info = await stat(file).catch(() => null);
    if (!info?.isFile()) {
      res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8', ...siteSecurityHeaders });
      res.end('The web app is not built yet. Run `npm run build:web`.');
      return;
    }
  }
  const immutable = file.includes(`${sep}assets${sep}`);
  res.writeHead(200, {
    'content-type': contentTypes[extname(file)] ?? 'application/octet-stream',
    'content-length': info.size,
    'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    ...siteSecurityHeaders,
  });
  createReadStream(file).pipe(res);
}
