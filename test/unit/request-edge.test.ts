import * as z from 'zod/mini';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../functions/contracts/api/contract';
import { fanSocialContracts } from '../../functions/contracts/api/fan-social';
import { healthContracts } from '../../functions/contracts/api/health';
import { webhooksStripeContracts } from '../../functions/contracts/api/webhooks-stripe';
import { setLocalClockOffset } from '../../functions/runtime/clock';
import { ok, redirect } from '../../functions/handlers/lib/http';
import { assertReplyKeepsContract, createResourceHandler } from '../../functions/handlers/lib/resource';
import { asDeployedStage, originSecret } from '../support/deployed-stage';
import { bodyOf, buildGatewayEvent, testContext } from '../support/gateway-event';

// The request edge of every Lambda (functions/handlers/lib/resource.ts), driven through real manifest routes with
// handlers written in the test.

/** The webhook route, built with a contract of the test's own: it answers what bytes it was given. */
function buildByteEcho() {
  const contracts = {
    ...webhooksStripeContracts,
    'POST /api/webhooks/stripe': { reply: json(z.object({ base64: z.string(), length: z.number() })) },
  };
  return createResourceHandler('webhooks-stripe', contracts, {
    'POST /api/webhooks/stripe': async ({ body }) =>
      ok({ base64: body.toString('base64'), length: body.byteLength }),
  });
}

describe('raw body routes', () => {
  // Odd whitespace, a BOM, CRLF, tabs, non-BMP unicode and a trailing space: what a signature covers byte for byte.
  const payload = '\uFEFF{ "id" :\t"evt_1",\r\n  "name": "Björk 🎵 \u00e9\u0301" ,"n":1.50 }\n ';

  it('hands the handler the exact bytes of a text body, without a content-type check or JSON parsing', async () => {
    // Prepare
    const handler = buildByteEcho();
    const event = buildGatewayEvent('POST', '/api/webhooks/stripe', {
      body: payload,
      headers: { 'content-type': 'text/plain', 'stripe-signature': 't=1,v1=abc' },
    });
    // Act
    const result = await handler(event, testContext);
    // Assess
    expect(result.statusCode).toBe(200);
    const echoed = Buffer.from((bodyOf(result).data as { base64: string }).base64, 'base64');
    expect(echoed.equals(Buffer.from(payload, 'utf8'))).toBe(true);
  });

  it('decodes a base64 body and keeps bytes that are not even UTF-8', async () => {
    // Prepare
    const bytes = Buffer.from([0x7b, 0xff, 0x00, 0xfe, 0x0d, 0x0a, 0x7d]);
    const event = buildGatewayEvent('POST', '/api/webhooks/stripe', {
      body: bytes.toString('base64'),
      isBase64Encoded: true,
      headers: { 'content-type': 'application/octet-stream' },
    });
    // Act
    const result = await buildByteEcho()(event, testContext);
    // Assess
    const data = bodyOf(result).data as { base64: string; length: number };
    expect(Buffer.from(data.base64, 'base64').equals(bytes)).toBe(true);
    expect(data.length).toBe(7);
  });

  it('still refuses a raw body over the limit', async () => {
    const event = buildGatewayEvent('POST', '/api/webhooks/stripe', { body: 'x'.repeat(1024 * 1024 + 1) });
    const result = await buildByteEcho()(event, testContext);
    expect(result.statusCode).toBe(413);
  });
});

describe('state-changing GETs', () => {
  const redirectTo = vi.fn(async () => redirect('https://provider.example/authorize'));
  const handler = createResourceHandler('fan-social', fanSocialContracts, {
    'GET /api/auth/loginSpotify': redirectTo,
    'GET /api/auth/callback/{provider}': redirectTo,
  });

  it.each([
    ['Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site' }],
    ["another site's Origin", { origin: 'https://evil.example' }],
    ['an opaque Origin', { origin: 'null' }],
  ])(
    'refuses a sign-in start with %s (it would link a Spotify account to the fan)',
    async (_case, headers) => {
      // Act
      const result = await handler(
        buildGatewayEvent('GET', '/api/auth/loginSpotify', { headers }),
        testContext,
      );
      // Assess
      expect(result.statusCode).toBe(403);
      expect(bodyOf(result)).toMatchObject({
        code: 'forbidden',
        message: 'This request came from another site, so OpenPie refused it.',
      });
    },
  );

  it.each([
    ['from our own pages', { 'sec-fetch-site': 'same-origin' }],
    ['typed in the address bar', { 'sec-fetch-site': 'none' }],
    ['from a client that sends neither header', {}],
    ["with the site's own Origin", { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' }],
  ])('starts a sign-in %s', async (_case, headers) => {
    const result = await handler(
      buildGatewayEvent('GET', '/api/auth/loginSpotify', { headers }),
      testContext,
    );
    expect(result.statusCode).toBe(302);
  });

  it("lets the provider's callback in from the provider's site: its sealed state proves it", async () => {
    const event = buildGatewayEvent('GET', '/api/auth/callback/spotify', {
      headers: { 'sec-fetch-site': 'cross-site' },
      query: { code: 'c', state: 's' },
    });
    const result = await handler(event, testContext);
    expect(result.statusCode).toBe(302);
  });

  it('refuses a cross-site POST that carries no Origin, before asking who calls', async () => {
    const event = buildGatewayEvent('POST', '/api/auth/link-google', {
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    const result = await handler(event, testContext);
    expect(result.statusCode).toBe(403);
  });
});

describe('writes carried by a session cookie', () => {
  // A handler that answers 200 to whoever it lets in: the edge decides, before anyone is asked who calls.
  const contracts = {
    ...webhooksStripeContracts,
    'POST /api/webhooks/stripe': { reply: json(z.object({ done: z.boolean() })) },
  };
  const handler = createResourceHandler('webhooks-stripe', contracts, {
    'POST /api/webhooks/stripe': async () => ok({ done: true }),
  });
  const fanCookie = 'openpie_access_token_fan=a-session-token';
  const send = (headers: Record<string, string>, cookies?: string[]) =>
    handler(
      buildGatewayEvent('POST', '/api/webhooks/stripe', {
        body: '{}',
        headers,
        ...(cookies ? { cookies } : {}),
        withoutBrowserHeaders: true,
      }),
      testContext,
    );

  it.each([
    ['neither Origin nor Sec-Fetch-Site', {}],
    ['Sec-Fetch-Site same-site (a sibling site, not this one)', { 'sec-fetch-site': 'same-site' }],
    ['Sec-Fetch-Site none', { 'sec-fetch-site': 'none' }],
  ])('refuses one with %s, as 403 JSON that says why', async (_case, headers) => {
    // Act
    const result = await send(headers, [fanCookie]);
    // Assess
    expect(result.statusCode).toBe(403);
    expect(bodyOf(result)).toMatchObject({
      code: 'forbidden',
      message:
        "This change was sent with your sign-in but not from OpenPie's own pages, so OpenPie refused it. Reload the page and try again.",
    });
  });

  it("refuses one with another site's Origin as coming from another site", async () => {
    const result = await send({ origin: 'https://evil.example' }, [fanCookie]);
    expect(result.statusCode).toBe(403);
    expect(bodyOf(result)).toMatchObject({
      code: 'forbidden',
      message: 'This request came from another site, so OpenPie refused it.',
    });
  });

  it('refuses one whose session cookie comes in a Cookie header', async () => {
    const result = await send({ cookie: `theme=dark; ${fanCookie}` });
    expect(result.statusCode).toBe(403);
  });

  it.each([
    ["the site's own Origin", { origin: 'http://localhost:3000' }],
    ['Sec-Fetch-Site same-origin', { 'sec-fetch-site': 'same-origin' }],
  ])('lets one with %s through', async (_case, headers) => {
    const result = await send(headers, [fanCookie]);
    expect(result.statusCode).toBe(200);
  });

  it.each([
    ['a bearer token', { authorization: 'Bearer a-session-token' }],
    ['a signature and no session (as Stripe sends a webhook)', { 'stripe-signature': 't=1,v1=abc' }],
    ['no credentials at all', {}],
  ])('does not ask a write carried by %s for an Origin', async (_case, headers) => {
    const result = await send(headers, ['theme=dark']);
    expect(result.statusCode).toBe(200);
  });
});

describe('the request time', () => {
  afterEach(() => setLocalClockOffset(0));

  it('comes from the product clock, so a moved clock moves every request', async () => {
    // Prepare: the local clock runs ten days ahead
    const tenDaysMs = 10 * 86_400_000;
    setLocalClockOffset(tenDaysMs);
    const contracts = { 'GET /api/health': { reply: json(z.object({ now: z.string() })) } };
    const handler = createResourceHandler('health', contracts, {
      'GET /api/health': async ({ now }) => ok({ now: now.toISOString() }),
    });
    // Act
    const before = Date.now();
    const result = await handler(buildGatewayEvent('GET', '/api/health'), testContext);
    // Assess
    const seen = Date.parse((bodyOf(result).data as { now: string }).now);
    expect(seen - before).toBeGreaterThanOrEqual(tenDaysMs);
    expect(seen - before).toBeLessThan(tenDaysMs + 60_000);
  });
});

describe('reply contracts', () => {
  it('turns a reply that breaks its contract into a 500 without internals', async () => {
    // Prepare: the health route answering a shape its contract does not have
    const handler = createResourceHandler('health', healthContracts, {
      'GET /api/health': async () =>
        ok({ status: 'ok', version: '1', table: 'ok', tableName: 'secret-table' } as never),
    });
    // Act
    const result = await handler(buildGatewayEvent('GET', '/api/health'), testContext);
    // Assess
    expect(result.statusCode).toBe(500);
    expect(bodyOf(result)).toMatchObject({ code: 'internal_error' });
    expect(result.body).not.toContain('secret-table');
  });

  it('names the route and the path where the reply departs, for the log', () => {
    expect(() =>
      assertReplyKeepsContract('GET /api/health', healthContracts['GET /api/health'], {
        kind: 'json',
        status: 200,
        data: { status: 'ok', version: 7, table: 'ok' },
      }),
    ).toThrow(/^The reply of GET \/api\/health breaks its contract at data\.version: /);
  });

  it('types each handler’s reply by its contract (typecheck)', () => {
    const build = () =>
      createResourceHandler('health', healthContracts, {
        // @ts-expect-error: `version` must be a string
        'GET /api/health': async () => ok({ status: 'ok' as const, version: 1, table: 'ok' as const }),
      });
    expect(typeof build).toBe('function');
  });

  it('checks no reply outside local mode (in AWS the check costs time and proves nothing new)', async () => {
    // Prepare
    await asDeployedStage(async () => {
      const resource = await import('../../functions/handlers/lib/resource');
      const http = await import('../../functions/handlers/lib/http');
      const handler = resource.createResourceHandler('health', healthContracts, {
        'GET /api/health': async () => http.ok({ status: 'ok', version: 1, table: 'ok' } as never),
      });
      // Act
      const throughCloudFront = await handler(
        buildGatewayEvent('GET', '/api/health', { headers: { 'x-openpie-origin-verify': originSecret } }),
        testContext,
      );
      const direct = await handler(buildGatewayEvent('GET', '/api/health'), testContext);
      // Assess: the unchecked reply passes, and only a request that came through CloudFront is answered at all
      expect(throughCloudFront.statusCode).toBe(200);
      expect(direct.statusCode).toBe(403);
    });
  });
});
