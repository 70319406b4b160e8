// One Lambda per resource: its contracts (contracts/api/<resource>.ts) and a table of route key → handler, behind one
// middleware order for all: request id and log, error mapping, security headers, CORS, route lookup, cross-site
// refusal, authentication, body reading, request validation, then the handler, whose reply is checked against its
// contract in local mode. Routes of the manifest without a handler answer 501, after the caller is authenticated.
import { randomUUID } from 'node:crypto';
import middy from '@middy/core';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import type * as z from 'zod/mini';
import type { ResourceContracts, RouteContract, Schema } from '../../contracts/api/contract';
import { findReplyMismatch } from '../../contracts/api/contract';
import type { Resource, RouteDefinition, RouteOfKey } from '../../contracts/routes';
import { bodyLimitBytes, routeKeyOf, routes } from '../../contracts/routes';
import type { Principal } from './auth';
import { authenticate } from './auth';
import { sessionCookieNames } from '../../contracts/session-cookies';
import { buildCookiesClearedOnUnauthorized, isSessionKeepingRoute, readCookie } from '../../services/cookies';
import { getClock } from '../../runtime/clock';
import type { Env } from '../../runtime/env';
import { getEnv, isLocalStage } from '../../runtime/env';
import type { HttpResult, JsonReply, PagedJsonReply, RedirectReply, Reply } from './http';
import { HttpError, securityHeaders, toFailure, toResult } from './http';
import { assertThroughCloudFront } from './origin-secret';
import type { Logger } from '../../runtime/logger';
import { createLogger } from '../../runtime/logger';

/** What every handler gets besides its route's parsed input. */
export interface RequestContext {
  /** The caller, when the route's role needs one (null on public routes). */
  principal: Principal | null;
  requestId: string;
  log: Logger;
  event: APIGatewayProxyEventV2;
  env: Env;
  /** Request time from the product clock (runtime/clock.ts), read once, so one request sees one time. */
  now: Date;
}

type Parsed<C, Part extends 'params' | 'query' | 'body'> = C extends {
  readonly [P in Part]: infer S extends Schema;
}
  ? z.output<S>
  : undefined;

type PrincipalOf<K extends string> = RouteOfKey<K>['role'] extends 'fan' | 'artist' | 'admin'
  ? Principal
  : null;

/** A route with `rawBody` in the manifest gets the exact bytes of its body. */
type BodyOf<K extends string, C> = RouteOfKey<K> extends { rawBody: true } ? Buffer : Parsed<C, 'body'>;

/** The input of the handler of route `K` with contract `C`: parsed parameters, query and body, typed by the contract. */
export type RouteInput<K extends string, C> = Omit<RequestContext, 'principal'> & {
  principal: PrincipalOf<K>;
  params: Parsed<C, 'params'>;
  query: Parsed<C, 'query'>;
  body: BodyOf<K, C>;
};

/** What a handler must return for its contract: data of the reply schema's type, a page of it, or a redirect. */
export type ReplyOf<C> = C extends { readonly reply: infer R }
  ? R extends { kind: 'json'; data: infer D extends Schema; paginated: true }
    ? PagedJsonReply<z.output<D>>
    : R extends { kind: 'json'; data: infer D extends Schema }
      ? JsonReply<z.output<D>>
      : R extends { kind: 'redirect' }
        ? RedirectReply
        : never
  : never;

export type RouteHandler<K extends string, C> = (input: RouteInput<K, C>) => Promise<ReplyOf<C>>;

/** A resource's handlers by route key; a route left out (the local dev routes build only some) answers 501. */
export type RouteHandlers<Cs> = { readonly [K in keyof Cs & string]?: RouteHandler<K, Cs[K]> };

/** The handler type of route `K` in contract set `Cs`, for handlers written apart from the table. */
export type HandlerFor<Cs, K extends keyof Cs & string> = RouteHandler<K, Cs[K]>;

export type ApiHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<HttpResult>;

/** A handler broke its reply contract: a bug, so a 500 whose log names the route and where the reply departs. */
export class ReplyContractError extends Error {
  constructor(routeKey: string, mismatch: string) {
    super(`The reply of ${routeKey} breaks its contract at ${mismatch}`);
    this.name = 'ReplyContractError';
  }
}

/** Throws ReplyContractError when `reply` departs from the contract of `routeKey` (local mode checks every reply). */
export function assertReplyKeepsContract(routeKey: string, contract: RouteContract, reply: Reply): void {
  const mismatch = findReplyMismatch(contract.reply, reply);
  if (mismatch !== null) throw new ReplyContractError(routeKey, mismatch);
}

type AnyRouteHandler = (input: RouteInput<string, RouteContract>) => Promise<Reply>;

/**
 * Builds the Lambda handler of one resource from its contracts and its handlers. Refuses at cold start a handler for
 * a route the manifest lacks, and a manifest route without a contract.
 */
export function createResourceHandler<Res extends Resource, Cs extends ResourceContracts<Res>>(
  resource: Res,
  contracts: Cs,
  handlers: RouteHandlers<Cs>,
): ApiHandler {
  const env = getEnv();
  const baseLog = createLogger(env.LOG_LEVEL, { resource, stage: env.STAGE });
  const checksReplies = isLocalStage(env);
  const manifest = new Map<string, RouteDefinition>(
    routes
      .filter((route: RouteDefinition) => route.resource === resource)
      .map((route) => [routeKeyOf(route), route]),
  );
  const contractOf = new Map<string, RouteContract>(
    Object.entries(contracts as Record<string, RouteContract>),
  );
  for (const key of manifest.keys()) {
    if (!contractOf.has(key)) throw new Error(`${resource} has no contract for ${key}`);
  }
  const implementations = new Map<string, AnyRouteHandler>(
    Object.entries(handlers as Record<string, AnyRouteHandler | undefined>).filter(
      (entry): entry is [string, AnyRouteHandler] => entry[1] !== undefined,
    ),
  );
  for (const key of implementations.keys()) {
    if (!manifest.has(key)) throw new Error(`${resource} implements ${key}, which the route manifest lacks`);
  }

  const dispatch = async (event: APIGatewayProxyEventV2): Promise<HttpResult> => {
    const requestId = requestIdOf(event);
    const log = baseLog.child({ requestId, routeKey: event.routeKey });
    const route = manifest.get(event.routeKey);
    const contract = contractOf.get(event.routeKey);
    if (!route || !contract) {
      throw new HttpError(
        'not_found',
        `There is no API call at ${event.requestContext.http.method} ${event.rawPath}.`,
      );
    }
    assertNotCrossSite(env, event, route);
    // Before anything else about the route is said (even that it has no handler), the caller must be one it admits.
    const principal = await authenticate(route.role, event);
    const limitBytes = bodyLimitBytes[route.bodyLimit ?? 'default'];
    const body = route.rawBody ? readRawBody(event, limitBytes) : readJsonBody(event, limitBytes);
    const params = validate(contract.params, event.pathParameters ?? {});
    const query = validate(contract.query, event.queryStringParameters ?? {});
    const input = {
      params,
      query,
      body: route.rawBody ? body : validate(contract.body, body, { refuseUnknownKeys: true }),
      principal,
      requestId,
      log,
      event,
      env,
      now: getClock().now(),
    };
    const implementation = implementations.get(event.routeKey);
    if (!implementation) throw new HttpError('not_implemented');
    const reply = await implementation(input as RouteInput<string, RouteContract>);
    if (checksReplies) assertReplyKeepsContract(event.routeKey, contract, reply);
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
      assertThroughCloudFront(request.event.headers, {
        stage: env.STAGE,
        expected: env.ORIGIN_VERIFY_SECRET,
      });
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
  return buildCookiesClearedOnUnauthorized(env, area);
}

function listCorsOrigins(env: Env): string[] {
  return env.CORS_ALLOWED_ORIGINS.split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);
}

/** The origins whose pages may change state here: the site's own and the allowed CORS origins. */
function listTrustedOrigins(env: Env): string[] {
  const trusted = listCorsOrigins(env);
  if (env.SITE_ORIGIN) trusted.push(new URL(env.SITE_ORIGIN).origin);
  return trusted;
}

const stateChangingMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Cross-site request forgery. A write that carries a session cookie must come from this site's own pages (below).
 * Besides, a browser names the page's origin on every cross-site POST/PUT/PATCH/DELETE, and says
 * `Sec-Fetch-Site: cross-site` on any request another site started, navigations included (where it sends no Origin).
 * So a state-changing call (any non-GET, and the GETs the manifest marks `changesState: 'same-site'`) is refused when
 * its Origin is present and not trusted, or when it has no Origin and the browser says it came from another site.
 * Calls without either header (Stripe's webhooks, scripts) are not browser forgeries. Provider callbacks come back
 * cross-site by design: the sealed state of the flow proves them instead.
 */
function assertNotCrossSite(env: Env, event: APIGatewayProxyEventV2, route: RouteDefinition): void {
  const guarded =
    stateChangingMethods.has(route.method) || (route.method === 'GET' && route.changesState === 'same-site');
  if (!guarded) return;
  const origin = event.headers?.origin;
  const fetchSite = event.headers?.['sec-fetch-site']?.toLowerCase();
  const refused =
    origin !== undefined ? !listTrustedOrigins(env).includes(origin) : fetchSite === 'cross-site';
  if (refused)
    throw new HttpError('forbidden', 'This request came from another site, so OpenPie refused it.');
  if (stateChangingMethods.has(route.method) && carriesSessionCookie(event)) {
    const fromOwnPages =
      (origin !== undefined && listTrustedOrigins(env).includes(origin)) || fetchSite === 'same-origin';
    if (!fromOwnPages) {
      throw new HttpError(
        'forbidden',
        "This change was sent with your sign-in but not from OpenPie's own pages, so OpenPie refused it. Reload the page and try again.",
      );
    }
  }
}

/**
 * Whether a request carries a session cookie of any area. A browser attaches cookies to whatever page makes the
 * request, so a write they carry must show it came from this site's own pages: the site's Origin, or
 * `Sec-Fetch-Site: same-origin` (every browser sends one of them on the SPA's fetches). Writes carried by a bearer
 * token, a webhook's signature or nothing at all are not sent by a browser on the caller's behalf.
 */
function carriesSessionCookie(event: APIGatewayProxyEventV2): boolean {
  return Object.values(sessionCookieNames).some((name) => readCookie(event, name) !== undefined);
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

/** The body's bytes as the client sent them (API Gateway base64-encodes binary bodies), within the limit. */
function readBodyBytes(event: APIGatewayProxyEventV2, limitBytes: number): Buffer {
  if (event.body === undefined || event.body === null || event.body === '') return Buffer.alloc(0);
  const buffer = event.isBase64Encoded ? Buffer.from(event.body, 'base64') : Buffer.from(event.body, 'utf8');
  if (buffer.byteLength > limitBytes) {
    throw new HttpError(
      'payload_too_large',
      `The request body is larger than ${Math.floor(limitBytes / 1024 / 1024)} MB.`,
    );
  }
  return buffer;
}

/** For `rawBody` routes: the exact bytes, with no content-type check and no parsing (signatures are over them). */
function readRawBody(event: APIGatewayProxyEventV2, limitBytes: number): Buffer {
  return readBodyBytes(event, limitBytes);
}

/** The JSON body, or undefined when there is none. Refuses oversized, non-JSON and malformed bodies. */
function readJsonBody(event: APIGatewayProxyEventV2, limitBytes: number): unknown {
  const buffer = readBodyBytes(event, limitBytes);
  if (buffer.byteLength === 0) return undefined;
  const contentType = (event.headers?.['content-type'] ?? '').toLowerCase();
  if (!contentType.startsWith('application/json')) throw new HttpError('unsupported_media_type');
  try {
    return JSON.parse(buffer.toString('utf8')) as unknown;
  } catch {
    throw new HttpError('invalid_json');
  }
}

/** Parses a part of the request with its schema; failures become 422 with a message per field. */
function validate(
  schema: Schema | undefined,
  value: unknown,
  options: { refuseUnknownKeys?: boolean } = {},
): unknown {
  if (!schema) return undefined;
  // No body reads as `{}`; a body of JSON `null` is a value, and a wrong one.
  const result = schema.safeParse(value === undefined ? {} : value);
  if (result.success) {
    const unknownKeys = options.refuseUnknownKeys ? listUnknownKeys(value, result.data) : [];
    if (unknownKeys.length === 0) return result.data;
    const fields = Object.fromEntries(
      unknownKeys.map((key) => [key, 'This field is not part of the request']),
    );
    throw new HttpError('validation_failed', undefined, { fields });
  }
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    fields[field] ??= issue.message;
  }
  throw new HttpError('validation_failed', undefined, { fields });
}

/**
 * The top-level fields of a body that its contract does not name. They are refused rather than dropped, so a caller
 * who sends `role` or `email_verified` learns it counts for nothing. Nested objects may carry
 * more: the records of a Spotify export have fields the import does not read.
 */
function listUnknownKeys(sent: unknown, parsed: unknown): string[] {
  if (!isPlainObject(sent) || !isPlainObject(parsed)) return [];
  return Object.keys(sent).filter((key) => !Object.hasOwn(parsed, key));
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
