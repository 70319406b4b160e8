// The local server sends the built SPA compressed as CloudFront does (the site behaviour's `compress: true`): Brotli
// when the browser accepts it, else gzip, text types from 1,000 bytes, with `Vary: Accept-Encoding`; small files,
// images and browsers that accept neither get the bytes as they are. Over a real loopback HTTP server.
import { request, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { chooseEncoding } from '../../local/static-site';
import { useStaticSiteServer } from '../support/static-site-server';

const script = `export const pie = ${JSON.stringify('slice '.repeat(2_000))};\n`;
const site = useStaticSiteServer({
  'index.html': `<!doctype html><title>OpenPie</title>${'<p>pie</p>'.repeat(200)}`,
  'assets/index-abc123.js': script,
  'assets/tiny-abc123.js': 'export {};',
  'assets/logo-abc123.png': Buffer.alloc(4_000, 7),
});

/** A GET with the raw body (node:http does not decode, unlike fetch). */
function get(path: string, acceptEncoding?: string): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: site.port,
        path,
        headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

describe('the local SPA, compressed as CloudFront sends it', () => {
  it('sends a script in Brotli to a browser that accepts it, smaller, with its cache and Vary headers', async () => {
    // Act
    const reply = await get('/assets/index-abc123.js', 'gzip, deflate, br, zstd');

    // Assess
    expect(reply.headers['content-encoding']).toBe('br');
    expect(reply.headers.vary).toBe('Accept-Encoding');
    expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(reply.headers['content-length'])).toBe(reply.body.length);
    expect(reply.body.length).toBeLessThan(Buffer.byteLength(script) / 10);
    expect(brotliDecompressSync(reply.body).toString()).toBe(script);
  });

  it('sends gzip when Brotli is not accepted, and the page itself compressed and never cached', async () => {
    // Act
    const asset = await get('/assets/index-abc123.js', 'gzip');
    const page = await get('/fan/dashboard', 'br;q=0, gzip;q=0.5');

    // Assess
    expect(asset.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(asset.body).toString()).toBe(script);
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(gunzipSync(page.body).toString()).toContain('<title>OpenPie</title>');
  });

  it('sends the bytes as they are to a browser that accepts no encoding, and small files and images always', async () => {
    // Act
    const plain = await get('/assets/index-abc123.js');
    const tiny = await get('/assets/tiny-abc123.js', 'br');
    const image = await get('/assets/logo-abc123.png', 'br, gzip');

    // Assess
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding');
    expect(plain.body.toString()).toBe(script);
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body.toString()).toBe('export {};');
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.body.length).toBe(4_000);
  });

  it('reads Accept-Encoding as CloudFront does: Brotli before gzip, q=0 refuses, * stands for the rest', () => {
    expect(chooseEncoding('gzip, br')).toBe('br');
    expect(chooseEncoding('br;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*, br;q=0')).toBe('gzip');
    expect(chooseEncoding(undefined)).toBeNull();
  });
});
