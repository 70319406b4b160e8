// One Lambda per resource: a small table of route key → route, behind one middleware order for all
// (request id and log, error mapping, security headers, CORS, route lookup, auth, body parsing, validation).
import { randomUUID } from 'node:crypto';
import middy from '@middy/core';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import type * as z from 'zod/mini';
import type { Resource, RouteDefinition, RouteKeyOf } from '../../contracts/routes';
import { bodyLimitBytes, routeKeyOf, routes } from '../../contracts/routes';
import { cookiesClearedOnUnauthorized } from '../../domain/identity/sessions';
import type { Principal } from './auth';
import { authenticate } from './auth';
import { buildClearedSessionCookie, isSessionKeepingRoute } from '../../services/cookies';
import type { Env } from '../../runtime/env';
import { getEnv, isLocalStage } from '../../runtime/env';
import type { HttpResult, Reply } from './http';
import { HttpError, securityHeaders, toFailure, toResult } from './http';
import type { Logger } from '../../runtime/logger';
import { createLogger } from '../../runtime/logger';

type Schema = z.ZodMiniType;
type Infer<S> = S extends Schema ? z.infer<S> : undefined;

export interface RouteInput<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  /** The caller, when the route's role needs one (null on public routes). */
  principal: Principal | null;
  requestId: string;
  log: Logger;
  event: APIGatewayProxyEventV2;
  env: Env;
  /** Request time, read once, so one request sees one clock. */
  now: Date;
}

export interface RouteSpec<
  P extends Schema | undefined,
  Q extends Schema | undefined,
  B extends Schema | undefined,
> {
  params?: P;
  query?: Q;
  body?: B;
  handle(input: RouteInput<Infer<P>, Infer<Q>, Infer<B>>): Promise<Reply>;
}

/** A route implementation with its schemas erased, as the resource table stores it. */
export interface RouteImplementation {
  readonly params?: Schema | undefined;
  readonly query?: Schema | undefined;
  readonly body?: Schema | undefined;
  handle(input: RouteInput<unknown, unknown, unknown>): Promise<Reply>;
}

export function defineRoute<
  P extends Schema | undefined = undefined,
  Q extends Schema | undefined = undefined,
  B extends Schema | undefined = undefined,
>(spec: RouteSpec<P, Q, B>): RouteImplementation {
  return spec as unknown as RouteImplementation;
}

export type RouteTable<Res extends Resource> = Partial<Record<RouteKeyOf<Res>, RouteImplementation>>;

export type ApiHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<HttpResult>;

/** Builds the Lambda handler of one resource. Routes of the manifest with no implementation answer 501. */
export function createResourceHandler<Res extends Resource>(
  resource: Res,
  table: RouteTable<Res>,
): ApiHandler {
  const env = getEnv();
  const baseLog = createLogger(env.LOG_LEVEL, { resource, stage: env.STAGE });
  const manifest = new Map<string, RouteDefinition>(
    routes
      .filter((route: RouteDefinition) => route.resource === resource)
      .map((route) => [routeKeyOf(route), route]),
  );
  const implementations = new Map<string, RouteImplementation>(
    Object.entries(table).filter((entry): entry is [string, RouteImplementation] => entry[1] !== undefined),
  );
  for (const key of implementations.keys()) {
    if (!manifest.has(key)) throw new Error(`${resource} implements ${key}, which the route manifest lacks`);
  }

  const dispatch = async (event: APIGatewayProxyEventV2): Promise<HttpResult> => {
    const requestId = requestIdOf(event);
    const log = baseLog.child({ requestId, routeKey: event.routeKey });
    const route = manifest.get(event.routeKey);
    if (!route) {
      throw new HttpError(
        404,
        'not_found',
        `There is no API call at ${event.requestContext.http.method} ${event.rawPath}.`,
      );
    }
    assertSameSiteOrigin(env, event);
    // A malformed request is refused as such even where the route is not built yet.
    const rawBody = readBody(event, bodyLimitBytes[route.bodyLimit ?? 'default']);
    const implementation = implementations.get(event.routeKey);
    if (!implementation) {
      throw new HttpError(501, 'not_implemented', 'This part of OpenPie is not available yet.');
    }
    const principal = await authenticate(route.role, event);
    const params = validate(implementation.params, event.pathParameters ?? {});
    const query = validate(implementation.query, event.queryStringParameters ?? {});
    const body = validate(implementation.body, rawBody);
    const reply = await implementation.handle({
      params,
      query,
      body,
      principal,
      requestId,
      log,
      event,
      env,
      now: new Date(),
    });
    return toResult(reply);
  };

  return middy<APIGatewayProxyEventV2, HttpResult>()
    .use(httpEdge(env, baseLog))
    .handler(dispatch) as unknown as ApiHandler;
}

/**
 * The edge of every request: logs it, turns errors into failure replies, adds the security and CORS headers and the
 * request id. A single middleware, so the order of these concerns is fixed in one place.
 */
export function httpEdge(env: Env, baseLog: Logger): middy.MiddlewareObj<APIGatewayProxyEventV2, HttpResult> {
  const started = new WeakMap<object, number>();
  const finish = (event: APIGatewayProxyEventV2, result: HttpResult): HttpResult => {
    const requestId = requestIdOf(event);
    const headers = {
      ...securityHeaders(isLocalStage(env)),
      ...corsHeaders(env, event),
      ...result.headers,
      'x-request-id': requestId,
    };
    const cookies =
      result.statusCode === 401 && !isSessionKeepingRoute(event.routeKey)
        ? [...(result.cookies ?? []), ...buildUnauthorizedCookies(env, event)]
        : result.cookies;
    const began = started.get(event);
    baseLog.info('request', {
      requestId,
      routeKey: event.routeKey,
      method: event.requestContext.http.method,
      path: event.rawPath,
      status: result.statusCode,
      ...(began === undefined ? {} : { durationMs: Date.now() - began }),
    });
    return { ...result, headers, ...(cookies ? { cookies } : {}) };
  };
  return {
    before: (request) => {
      started.set(request.event, Date.now());
    },
    after: (request) => {
      if (request.response) request.response = finish(request.event, request.response);
    },
    onError: (request) => {
      const requestId = requestIdOf(request.event);
      const { result, unexpected } = toFailure(request.error, requestId);
      if (unexpected) {
        baseLog.error('unexpected error', {
          requestId,
          routeKey: request.event.routeKey,
          error: request.error,
        });
      }
      request.response = finish(request.event, result);
    },
  };
}

function requestIdOf(event: APIGatewayProxyEventV2): string {
  return event.requestContext?.requestId || event.headers?.['x-request-id'] || randomUUID();
}

/** SPEC §4: a 401 clears the fan and artist session cookies (and, in the admin API, the admin one). */
function buildUnauthorizedCookies(env: Env, event: APIGatewayProxyEventV2): string[] {
  const area = (event.rawPath ?? '').startsWith('/api/admin') ? 'admin' : 'fan';
  return cookiesClearedOnUnauthorized(area).map((kind) => buildClearedSessionCookie(env, kind));
}

function listCorsOrigins(env: Env): string[] {
  return env.CORS_ALLOWED_ORIGINS.split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);
}

const stateChangingMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Cross-site request forgery: a browser names the page's origin on every cross-site POST/PUT/PATCH/DELETE, so a
 * state-changing call whose Origin is present and is neither the site's own nor an allowed CORS origin is refused.
 * (Calls without Origin, such as Stripe's webhooks and same-origin GETs, are not browser forgeries.)
 */
function assertSameSiteOrigin(env: Env, event: APIGatewayProxyEventV2): void {
  if (!stateChangingMethods.has(event.requestContext.http.method.toUpperCase())) return;
  const origin = event.headers?.origin;
  if (origin === undefined) return;
  const allowed = listCorsOrigins(env);
  if (env.SITE_ORIGIN) allowed.push(new URL(env.SITE_ORIGIN).origin);
  if (allowed.includes(origin)) return;
  throw new HttpError(403, 'forbidden', 'This request came from another site, so OpenPie refused it.');
}

function corsHeaders(env: Env, event: APIGatewayProxyEventV2): Record<string, string> {
  const origin = event.headers?.origin;
  if (!origin) return {};
  if (!listCorsOrigins(env).includes(origin)) return {};
  return {
    'access-control-allow-origin': origin,
    'access-control-allow-credentials': 'true',
    vary: 'origin',
  };
}

/** The JSON body, or undefined when there is none. Refuses oversized, non-JSON and malformed bodies. */
function readBody(event: APIGatewayProxyEventV2, limitBytes: number): unknown {
  if (event.body === undefined || event.body === null || event.body === '') return undefined;
  const buffer = event.isBase64Encoded ? Buffer.from(event.body, 'base64') : Buffer.from(event.body, 'utf8');
  if (buffer.byteLength > limitBytes) {
    throw new HttpError(
      413,
      'payload_too_large',
      `The request body is larger than ${Math.floor(limitBytes / 1024 / 1024)} MB.`,
    );
  }
  const contentType = (event.headers?.['content-type'] ?? '').toLowerCase();
  if (!contentType.startsWith('application/json')) {
    throw new HttpError(
      415,
      'unsupported_media_type',
      'Send the request body as JSON (Content-Type: application/json).',
    );
  }
  try {
    return JSON.parse(buffer.toString('utf8')) as unknown;
  } catch {
    throw new HttpError(400, 'invalid_json', 'The request body is not valid JSON.');
  }
}

/** Parses a part of the request with its schema; failures become 422 with a message per field. */
function validate(schema: Schema | undefined, value: unknown): unknown {
  if (!schema) return value;
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    fields[field] ??= issue.message;
  }
  throw new HttpError(422, 'validation_failed', 'Some fields need attention.', { fields });
}
