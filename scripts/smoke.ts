// `npm run smoke -- <site URL>`: a read-only, black-box check of a running stage, from outside, as a visitor's browser
// and Stripe see it: the API is healthy, the SPA and its assets are served with their caching, the site's security
// headers are there, an unauthenticated call is refused, and the webhook refuses a bad signature. It signs nobody in
// and writes nothing (a refused webhook writes nothing: decision 020). `npm test` runs it against the local runtime
// (test/e2e/smoke.test.ts); after a deploy, run it against the stack's SiteUrl output.
import { pathToFileURL } from 'node:url';
import * as z from 'zod/mini';
import { failureEnvelopeSchema } from '../functions/contracts/envelope';
import { healthSchema } from '../functions/contracts/health';

export interface SmokeCheck {
  name: string;
  ok: boolean;
  detail: string;
}

const requestTimeoutMs = 10_000;
const healthReplySchema = z.object({ success: z.literal(true), data: healthSchema });

class SmokeFailure extends Error {}

function expectThat(condition: boolean, message: string): asserts condition {
  if (!condition) throw new SmokeFailure(message);
}

async function request(site: URL, path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(new URL(path, site), {
    redirect: 'manual',
    signal: AbortSignal.timeout(requestTimeoutMs),
    ...init,
  });
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new SmokeFailure(`the reply is not JSON: ${text.slice(0, 80)}`);
  }
}

/** A refusal in the product's failure envelope with the expected status. */
async function expectRefusal(response: Response, status: number): Promise<string> {
  expectThat(response.status === status, `answered ${response.status}, expected ${status}`);
  const envelope = failureEnvelopeSchema.safeParse(await readJson(response));
  expectThat(envelope.success, 'the refusal is not the failure envelope { success: false, message, code }');
  return `${status} ${envelope.data.code}`;
}

async function checkHealth(site: URL): Promise<string> {
  const response = await request(site, '/api/health');
  expectThat(response.status === 200, `GET /api/health answered ${response.status}`);
  const reply = healthReplySchema.safeParse(await readJson(response));
  expectThat(reply.success, 'GET /api/health is not { success: true, data: { status, version, table } }');
  return `200, version ${reply.data.data.version}, table ${reply.data.data.table}`;
}

async function checkSpa(site: URL): Promise<string> {
  const page = await request(site, '/');
  expectThat(page.status === 200, `GET / answered ${page.status}`);
  expectThat(
    (page.headers.get('content-type') ?? '').startsWith('text/html'),
    `GET / is ${page.headers.get('content-type') ?? 'untyped'}, not HTML`,
  );
  const html = await page.text();
  expectThat(html.includes('<div id="root"'), 'the page has no <div id="root">');
  const entry = /<script[^>]+type="module"[^>]+src="([^"]+\.js)"/.exec(html)?.[1];
  expectThat(entry !== undefined, 'the page loads no module script');
  const script = await request(site, entry);
  expectThat(script.status === 200, `the entry script ${entry} answered ${script.status}`);
  expectThat(
    /javascript/.test(script.headers.get('content-type') ?? ''),
    `the entry script is served as ${script.headers.get('content-type') ?? 'untyped'}`,
  );
  const caching = script.headers.get('cache-control') ?? '';
  expectThat(caching.includes('immutable'), `the entry script is cached as "${caching}", not immutable`);
  await script.arrayBuffer();
  // A deep link is the SPA too: the browser asks the server for /pie when a fan opens a bookmark.
  const deepLink = await request(site, '/pie');
  expectThat(deepLink.status === 200, `GET /pie (a deep link) answered ${deepLink.status}`);
  await deepLink.arrayBuffer();
  return `200, entry ${entry} (${caching}), deep links served`;
}

async function checkSecurityHeaders(site: URL): Promise<string> {
  const response = await request(site, '/');
  await response.arrayBuffer();
  const header = (name: string): string => response.headers.get(name) ?? '';
  const policy = header('content-security-policy');
  expectThat(policy.includes("default-src 'self'"), "no content-security-policy with default-src 'self'");
  expectThat(policy.includes("frame-ancestors 'none'"), 'the content-security-policy allows framing');
  expectThat(header('x-content-type-options') === 'nosniff', 'no x-content-type-options: nosniff');
  expectThat(header('referrer-policy') !== '', 'no referrer-policy');
  const checked = ['content-security-policy', 'x-content-type-options', 'referrer-policy'];
  // HSTS means something only over HTTPS; the local runtime serves plain HTTP on loopback.
  if (site.protocol === 'https:') {
    expectThat(/max-age=\d{7,}/.test(header('strict-transport-security')), 'no strict-transport-security');
    checked.push('strict-transport-security');
  }
  return checked.join(', ');
}

async function checkUnauthenticatedCall(site: URL): Promise<string> {
  return expectRefusal(await request(site, '/api/pie/active'), 401);
}

async function checkWebhookSignature(site: URL): Promise<string> {
  const response = await request(site, '/api/webhooks/stripe', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
    body: JSON.stringify({ id: 'evt_smoke', type: 'invoice.paid', data: { object: { id: 'in_smoke' } } }),
  });
  return expectRefusal(response, 400);
}

const checks: readonly [string, (site: URL) => Promise<string>][] = [
  ['health', checkHealth],
  ['the web app', checkSpa],
  ['security headers', checkSecurityHeaders],
  ['an unauthenticated call is refused', checkUnauthenticatedCall],
  ['the Stripe webhook refuses a bad signature', checkWebhookSignature],
];

/** Runs every check in turn against the site; none of them stops the others. */
export async function runSmokeChecks(site: URL): Promise<SmokeCheck[]> {
  const results: SmokeCheck[] = [];
  for (const [name, check] of checks) {
    try {
      results.push({ name, ok: true, detail: await check(site) });
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      results.push({ name, ok: false, detail });
    }
  }
  return results;
}

function readSite(argv: readonly string[]): URL {
  const [text, ...rest] = argv;
  const usage =
    'Usage: npm run smoke -- <site URL>, e.g. https://d1234.cloudfront.net or http://localhost:3000';
  if (!text || rest.length > 0) {
    console.error(usage);
    process.exit(2);
  }
  try {
    const site = new URL(text);
    if (site.protocol !== 'https:' && site.protocol !== 'http:') throw new TypeError('not http');
    return site;
  } catch {
    console.error(`Not a site URL: ${text}\n${usage}`);
    process.exit(2);
  }
}

async function main(): Promise<void> {
  const site = readSite(process.argv.slice(2));
  const results = await runSmokeChecks(site);
  for (const result of results) {
    console.log(`${result.ok ? 'ok  ' : 'FAIL'} ${result.name}: ${result.detail}`);
  }
  const failed = results.filter((result) => !result.ok).length;
  console.log(`smoke: ${results.length - failed} passed, ${failed} failed against ${site.origin}`);
  process.exitCode = failed === 0 ? 0 : 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
