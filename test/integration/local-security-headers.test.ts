// The security headers the browser gets from the local product: the built SPA as the local server serves it (the
// same policy CloudFront sends, infra/site-headers.ts), the local mailbox, and the API's replies. Over a real
// loopback HTTP server, with the mailbox reading the test's own table in DynamoDB Local.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as notFound } from '../../functions/handlers/not-found';
import { buildSiteContentSecurityPolicy } from '../../infra/site-headers';
import { createMailboxTable, serveMailbox } from '../../local/mailbox';
import { serveStatic } from '../../local/static-site';
import { buildGatewayEvent, testContext } from '../support/gateway-event';

let server: Server;
let baseUrl: string;
let webRoot: string;

beforeAll(async () => {
  webRoot = await mkdtemp(join(tmpdir(), 'openpie-site-'));
  await mkdir(join(webRoot, 'assets'));
  await writeFile(join(webRoot, 'index.html'), '<!doctype html><title>OpenPie</title>');
  await writeFile(join(webRoot, 'assets', 'index-abc123.js'), 'export {};');
  const table = createMailboxTable(process.env.DYNAMODB_ENDPOINT ?? '', process.env.TABLE_NAME ?? '');
  server = createServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://127.0.0.1');
    const served =
      pathname === '/dev/mailbox' ? serveMailbox(table, res) : serveStatic(webRoot, pathname, res);
    void served.catch((error: unknown) => {
      res.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((done) => server.close(() => done()));
  await rm(webRoot, { recursive: true, force: true });
});

const get = (path: string) => fetch(`${baseUrl}${path}`);

describe('the local SPA', () => {
  it('sends the policy CloudFront sends, with no ws: or wss: in connect-src and nothing that needs HTTPS', async () => {
    // Act
    const page = await get('/fan/dashboard');
    const asset = await get('/assets/index-abc123.js');

    // Assess
    for (const reply of [page, asset]) {
      expect(reply.status).toBe(200);
      const csp = reply.headers.get('content-security-policy') ?? '';
      expect(csp).toBe(buildSiteContentSecurityPolicy({ https: false }));
      expect(csp).toMatch(/connect-src 'self';/);
      expect(csp).not.toMatch(/\b(ws|wss):/);
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(csp).toContain("frame-ancestors 'none'");
      expect(reply.headers.get('permissions-policy')).toMatch(/camera=\(\).*microphone=\(\)/);
      expect(reply.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(reply.headers.get('x-frame-options')).toBe('DENY');
      expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
      expect(reply.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('answers a broken percent-encoding with 400 and the same headers, not a server error', async () => {
    const reply = await get('/%E0%A4%A');
    expect(reply.status).toBe(400);
    expect(reply.headers.get('cross-origin-opener-policy')).toBe('same-origin');
  });

  it('sends the headers on a missing asset too', async () => {
    const reply = await get('/assets/missing-000000.js');
    expect(reply.status).toBe(404);
    expect(reply.headers.get('content-security-policy')).toContain("default-src 'self'");
  });
});

describe('the local mailbox', () => {
  it('may not be framed by any page, is never cached and runs nothing', async () => {
    // Act
    const reply = await get('/dev/mailbox');

    // Assess
    expect(reply.status).toBe(200);
    expect(await reply.text()).toContain('Local mailbox');
    const csp = reply.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('script-src');
    expect(reply.headers.get('x-frame-options')).toBe('DENY');
    expect(reply.headers.get('cache-control')).toBe('no-store');
    expect(reply.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(reply.headers.get('permissions-policy')).toContain('camera=()');
  });
});

describe('API replies', () => {
  it('carry Permissions-Policy, Cross-Origin-Opener-Policy and a CSP that loads and frames nothing', async () => {
    // Act: a reply of the shared edge, here the catch-all's 404
    const result = await notFound(buildGatewayEvent('GET', '/api/no-such-call'), testContext);

    // Assess
    expect(result.statusCode).toBe(404);
    expect(result.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(result.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(result.headers['permissions-policy']).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\)/);
    expect(result.headers['x-frame-options']).toBe('DENY');
  });
});
