import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { json } from '../../functions/contracts/api/contract';
import { artistOfficesContracts } from '../../functions/contracts/api/artist-offices';
import { fanAuthContracts } from '../../functions/contracts/api/fan-auth';
import { AppError } from '../../functions/domain/errors';
import { ok } from '../../functions/handlers/lib/http';
import { createResourceHandler } from '../../functions/handlers/lib/resource';
import { handler as notFound } from '../../functions/handlers/not-found';
import { bodyOf, buildGatewayEvent, testContext } from '../support/gateway-event';

// A resource built in the test, over a real manifest route with a contract of the test's own, to exercise the
// shared plumbing.
const loginBody = z.object({
  email: z.email('Please enter a valid email'),
  password: z.string().check(z.minLength(8, 'Password must be at least 8 characters')),
});
const contracts = {
  ...fanAuthContracts,
  'POST /api/auth/login': { body: loginBody, reply: json(z.object({ echoed: z.string() })) },
};

/** fan-auth with only its login built: it echoes the e-mail, after `before` (which may throw). */
function buildFanAuth(before: () => Promise<unknown> = async () => undefined) {
  return createResourceHandler('fan-auth', contracts, {
    'POST /api/auth/login': async ({ body }) => {
      await before();
      return ok({ echoed: body.email });
    },
  });
}

const post = (body: string, headers: Record<string, string> = {}) =>
  buildGatewayEvent('POST', '/api/auth/login', { body, headers });

describe('handler plumbing', () => {
  it('wraps data in the success envelope with security headers and the request id', async () => {
    // Prepare
    const handler = buildFanAuth();
    const event = post(JSON.stringify({ email: 'fan@example.com', password: 'long enough' }));
    // Act
    const result = await handler(event, testContext);
    // Assess
    expect(result.statusCode).toBe(200);
    expect(bodyOf(result)).toEqual({ success: true, data: { echoed: 'fan@example.com' } });
    expect(result.headers['x-request-id']).toBe(event.requestContext.requestId);
    expect(result.headers['x-content-type-options']).toBe('nosniff');
    expect(result.headers['cache-control']).toBe('no-store');
  });

  it('answers 422 with a message per field when the body breaks the schema', async () => {
    const handler = buildFanAuth();
    const result = await handler(post(JSON.stringify({ email: 'nope', password: 'short' })), testContext);
    expect(result.statusCode).toBe(422);
    expect(bodyOf(result)).toMatchObject({
      success: false,
      code: 'validation_failed',
      fields: { email: 'Please enter a valid email', password: 'Password must be at least 8 characters' },
    });
  });

  it('answers 400 on malformed JSON and 415 on a body that is not JSON', async () => {
    const handler = buildFanAuth();
    const malformed = await handler(post('{"email":'), testContext);
    const form = await handler(
      post('email=x', { 'content-type': 'application/x-www-form-urlencoded' }),
      testContext,
    );
    expect(malformed.statusCode).toBe(400);
    expect(bodyOf(malformed)).toMatchObject({ success: false, code: 'invalid_json' });
    expect(form.statusCode).toBe(415);
  });

  it('answers 413 past the 1 MB body limit', async () => {
    const handler = buildFanAuth();
    const big = JSON.stringify({ email: 'fan@example.com', password: 'x'.repeat(1024 * 1024) });
    const result = await handler(post(big), testContext);
    expect(result.statusCode).toBe(413);
    expect(bodyOf(result)).toMatchObject({ code: 'payload_too_large' });
  });

  it('maps domain errors to their status, with Retry-After for rate limits', async () => {
    const cases = [
      [new AppError('conflict', 'That e-mail is taken.', { code: 'email_taken' }), 409, 'email_taken'],
      [new AppError('forbidden', 'Not your office.'), 403, 'forbidden'],
      [new AppError('not_found', 'No such claim.'), 404, 'not_found'],
      [new AppError('rate_limited', 'Slow down.', { retryAfterSeconds: 60 }), 429, 'rate_limited'],
    ] as const;
    for (const [error, status, code] of cases) {
      const handler = buildFanAuth(() => Promise.reject(error));
      const result = await handler(
        post(JSON.stringify({ email: 'a@b.co', password: '12345678' })),
        testContext,
      );
      expect(result.statusCode).toBe(status);
      expect(bodyOf(result)).toMatchObject({ success: false, code, message: error.message });
      if (status === 429) expect(result.headers['retry-after']).toBe('60');
    }
  });

  it('turns an unexpected error into a 500 that shows the request id and no internals', async () => {
    const handler = buildFanAuth(() => Promise.reject(new Error('connection string postgres://secret')));
    const event = post(JSON.stringify({ email: 'a@b.co', password: '12345678' }));
    const result = await handler(event, testContext);
    expect(result.statusCode).toBe(500);
    expect(result.body).not.toContain('secret');
    expect(bodyOf(result)).toMatchObject({
      code: 'internal_error',
      requestId: event.requestContext.requestId,
    });
  });

  it('answers 501 not_implemented for a manifest route the table has no handler for', async () => {
    const handler = buildFanAuth();
    const result = await handler(buildGatewayEvent('POST', '/api/auth/logout'), testContext);
    expect(result.statusCode).toBe(501);
    expect(bodyOf(result)).toMatchObject({ success: false, code: 'not_implemented' });
  });

  it('authenticates before saying that a route has no handler', async () => {
    // Prepare: DELETE /api/auth/account needs a fan, and this fan-auth builds only the login
    const handler = buildFanAuth();
    // Act
    const anonymous = await handler(buildGatewayEvent('DELETE', '/api/auth/account'), testContext);
    // Assess: a stranger learns only that they must sign in
    expect(anonymous.statusCode).toBe(401);
    expect(bodyOf(anonymous)).toMatchObject({ success: false, code: 'unauthorized' });
  });

  it("validates a route's request by its contract before saying it has no handler", async () => {
    // Prepare: artist-offices with no handlers, so its public invitation check has none
    const handler = createResourceHandler('artist-offices', artistOfficesContracts, {});
    const path = '/api/for-artists/offices/office-1/validate-invitation';
    // Act
    const withoutToken = await handler(buildGatewayEvent('GET', path), testContext);
    const withToken = await handler(buildGatewayEvent('GET', path, { query: { token: 't-1' } }), testContext);
    // Assess
    expect(withoutToken.statusCode).toBe(422);
    expect(bodyOf(withoutToken)).toMatchObject({
      code: 'validation_failed',
      fields: { token: expect.any(String) },
    });
    expect(withToken.statusCode).toBe(501);
  });

  it('refuses to build a resource that implements a route the manifest lacks', () => {
    expect(() =>
      createResourceHandler('fan-auth', fanAuthContracts, {
        ['POST /api/auth/nothing' as 'POST /api/auth/logout']: async () => ok({ message: 'no' }),
      }),
    ).toThrow(/route manifest lacks/);
  });

  it('refuses to build a resource without a contract for each of its manifest routes', () => {
    const partial = { 'POST /api/auth/login': fanAuthContracts['POST /api/auth/login'] };
    expect(() => createResourceHandler('fan-auth', partial as typeof fanAuthContracts, {})).toThrow(
      /no contract for POST \/api\/auth\/register/,
    );
  });

  it('answers 404 in the envelope for an unknown /api path and 405 with Allow for a wrong method', async () => {
    const missing = await notFound(buildGatewayEvent('GET', '/api/no/such/thing'), testContext);
    const wrongMethod = await notFound(buildGatewayEvent('DELETE', '/api/health'), testContext);
    expect(missing.statusCode).toBe(404);
    expect(bodyOf(missing)).toMatchObject({ success: false, code: 'not_found' });
    expect(wrongMethod.statusCode).toBe(405);
    expect(wrongMethod.headers.allow).toBe('GET');
  });
});
