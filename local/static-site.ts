// Serves the built SPA as CloudFront does: hashed assets cached for a year, index.html never cached, the prerendered
// public pages at their paths and every other extension-less path falling back to index.html (the same rule as the
// stack's CloudFront Function, frontend/prerender/pages.ts), and text
// compressed with Brotli or gzip when the browser accepts it (the site behaviour's `compress: true`), so what a page
// weighs locally is what it weighs for users.
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import type { ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { selectPageFile, spaShellFile } from '../frontend/prerender/pages';
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

/** What CloudFront compresses: text types, from 1,000 bytes to 10 MB. */
const compressibleTypes = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.webmanifest',
  '.svg',
  '.txt',
  '.map',
]);
const minCompressedBytes = 1_000;
const maxCompressedBytes = 10_000_000;

type Encoding = 'br' | 'gzip';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The encoding CloudFront would pick for this `Accept-Encoding`: Brotli first, then gzip, else none. */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | null {
  const offered = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name = '', ...parameters] = part.trim().split(';');
    const weight = parameters.map((parameter) => /^\s*q=([\d.]+)\s*$/.exec(parameter)?.[1]).find(Boolean);
    offered.set(name.trim(), weight === undefined ? 1 : Number(weight));
  }
  const accepts = (name: string) => (offered.get(name) ?? offered.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return null;
}

/** Compressed files by path, size, change time and encoding: each built file is compressed once per run. */
const compressedFiles = new Map<string, Promise<Buffer>>();

function compressFile(
  file: string,
  info: { size: number; mtimeMs: number },
  encoding: Encoding,
): Promise<Buffer> {
  const key = `${file}|${info.size}|${info.mtimeMs}|${encoding}`;
  let compressed = compressedFiles.get(key);
  if (!compressed) {
    compressed = readFile(file).then((bytes) =>
      encoding === 'br'
        ? brotli(bytes, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } })
        : gzipAsync(bytes, { level: 9 }),
    );
    compressedFiles.set(key, compressed);
    compressed.catch(() => compressedFiles.delete(key));
  }
  return compressed;
}

function decodePath(pathname: string): string | null {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return null;
  }
}

export async function serveStatic(
  root: string,
  pathname: string,
  res: ServerResponse,
  acceptEncoding?: string,
): Promise<void> {
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
    // A build made without its prerendered pages (or before them) still serves every path from the shell.
    const pageFile = selectPageFile(decoded);
    file = join(root, pageFile);
    info = await stat(file).catch(() => null);
    if (!info?.isFile() && pageFile !== spaShellFile) {
      file = join(root, spaShellFile);
      info = await stat(file).catch(() => null);
    }
    if (!info?.isFile()) {
      res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8', ...siteSecurityHeaders });
      res.end('The web app is not built yet. Run `npm run build:web`.');
      return;
    }
  }
  const immutable = file.includes(`${sep}assets${sep}`);
  const headers = {
    'content-type': contentTypes[extname(file)] ?? 'application/octet-stream',
    'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    ...siteSecurityHeaders,
  };
  const compressible =
    compressibleTypes.has(extname(file)) &&
    info.size >= minCompressedBytes &&
    info.size <= maxCompressedBytes;
  const encoding = compressible ? chooseEncoding(acceptEncoding) : null;
  if (compressible && encoding) {
    const body = await compressFile(file, info, encoding);
    res.writeHead(200, {
      ...headers,
      'content-encoding': encoding,
      'content-length': body.length,
      vary: 'Accept-Encoding',
    });
    res.end(body);
    return;
  }
  res.writeHead(200, {
    ...headers,
    'content-length': info.size,
    ...(compressible ? { vary: 'Accept-Encoding' } : {}),
  });
  // A file removed while it is read (the web app rebuilt under a running product) ends this reply, not the server.
  createReadStream(file)
    .on('error', () => res.destroy())
    .pipe(res);
}
