// The smoke check (scripts/smoke.ts) against stand-in sites on loopback: a site that forgets its security headers,
// lets an anonymous caller in and takes any webhook is failed by name, check by check. Its pass against the real
// product is test/e2e/smoke.test.ts.
import type { Server } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { runSmokeChecks } from '../../scripts/smoke';

let server: Server | undefined;

afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

/** A site that answers every path with the SPA's page or its script, 200, and nothing else: no headers, no guards. */
function startCarelessSite(): Promise<URL> {
  server = createServer((request, response) => {
    if (request.url === '/api/health') {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ success: true, data: { status: 'ok', version: '9.9.9', table: 'ok' } }));
      return;
    }
    if (request.url?.startsWith('/assets/')) {
      response.setHeader('content-type', 'text/javascript');
      response.setHeader('cache-control', 'public, max-age=31536000, immutable');
      response.end('export {};');
      return;
    }
    if (request.url?.startsWith('/api/')) {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ success: true, data: {} }));
      return;
    }
    response.setHeader('content-type', 'text/html');
    response.end(
      '<!doctype html><div id="root"></div><script type="module" src="/assets/index-abc.js"></script>',
    );
  });
  return new Promise((resolve) => {
    server?.listen(0, '127.0.0.1', () => {
      const { port } = server?.address() as AddressInfo;
      resolve(new URL(`http://127.0.0.1:${port}`));
    });
  });
}

describe('npm run smoke', () => {
  it('fails a site without security headers, open to anonymous calls and taking unsigned webhooks, by name', async () => {
    // Arrange
    const site = await startCarelessSite();
    // Act
    const results = await runSmokeChecks(site);
    // Assess
    expect(results.map((result) => [result.name, result.ok])).toEqual([
      ['health', true],
      ['the web app', true],
      ['security headers', false],
      ['an unauthenticated call is refused', false],
      ['the Stripe webhook refuses a bad signature', false],
    ]);
    expect(results[2]?.detail).toContain('content-security-policy');
    expect(results[3]?.detail).toBe('answered 200, expected 401');
  });

  it('fails a site that is down with the reason, not a crash', async () => {
    // Arrange: a port nobody listens on
    const site = await startCarelessSite();
    await new Promise<void>((resolve) => server?.close(() => resolve()));
    server = undefined;
    // Act
    const results = await runSmokeChecks(site);
    // Assess
    expect(results.every((result) => !result.ok)).toBe(true);
    expect(results[0]?.detail).toMatch(/fetch failed|ECONNREFUSED/);
  });
});
