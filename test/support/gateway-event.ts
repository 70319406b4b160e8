// Builds the API Gateway v2 events a deployed handler receives, for tests that call handlers directly.
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { matchRoute } from '../../functions/contracts/route-matcher';

export interface EventOptions {
  body?: string;
  headers?: Record<string, string>;
  query?: Record<string, string>;
  cookies?: string[];
  isBase64Encoded?: boolean;
  /**
   * A call that carries cookies comes from the SPA, whose browser says `Sec-Fetch-Site: same-origin` (the API refuses
   * a cookie-carried write without it or the site's Origin). True sends no such header, as a script would not.
   */
  withoutBrowserHeaders?: boolean;
}

/** An event for `METHOD /path`, routed by the manifest as API Gateway would. */
export function buildGatewayEvent(
  method: string,
  path: string,
  options: EventOptions = {},
): APIGatewayProxyEventV2 {
  const match = matchRoute(method, path);
  const routeKey = match?.routeKey ?? '$default';
  const carriesCookies = options.cookies !== undefined || options.headers?.['cookie'] !== undefined;
  const headers = {
    host: 'localhost',
    ...(carriesCookies && !options.withoutBrowserHeaders ? { 'sec-fetch-site': 'same-origin' } : {}),
    ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
    ...options.headers,
  };
  return {
    version: '2.0',
    routeKey,
    rawPath: path,
    rawQueryString: new URLSearchParams(options.query ?? {}).toString(),
    headers,
    ...(options.cookies ? { cookies: options.cookies } : {}),
    ...(options.query ? { queryStringParameters: options.query } : {}),
    ...(match && Object.keys(match.pathParameters).length > 0
      ? { pathParameters: match.pathParameters }
      : {}),
    requestContext: {
      accountId: 'test',
      apiId: 'test',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'vitest' },
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: new Date().toISOString(),
      timeEpoch: Date.now(),
    },
    ...(options.body !== undefined ? { body: options.body } : {}),
    isBase64Encoded: options.isBase64Encoded ?? false,
  };
}

const defaultRemainingTimeMs = 10_000;
let remainingTimeMs = defaultRemainingTimeMs;

/**
 * The time a handler called through `testContext` is told it has left, from which middy's timeout ends it (a 500) on
 * the wall clock. The simulation sets it far out: its time is the product clock, and a busy machine must not fail a
 * request that a quiet one passes (the same seed gives the same run). Without an argument, the default again.
 */
export function setTestRemainingTime(ms = defaultRemainingTimeMs): void {
  remainingTimeMs = ms;
}

export const testContext = { getRemainingTimeInMillis: () => remainingTimeMs } as unknown as Context;

/** The parsed JSON body of a handler result. */
export function bodyOf(result: { body?: string }): Record<string, unknown> {
  return JSON.parse(result.body ?? 'null') as Record<string, unknown>;
}
