// Turns a Node HTTP request into the API Gateway HTTP API (payload v2) event that a deployed Lambda receives,
// and the handler's result back into an HTTP reply, so the same handler exports run locally unchanged.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import { getClock } from '../functions/runtime/clock';

/** API Gateway refuses payloads over 10 MB before a Lambda sees them. */
export const gatewayPayloadLimitBytes = 10 * 1024 * 1024;

export class PayloadTooLargeError extends Error {}

/**
 * The whole body, or PayloadTooLargeError past the limit. An oversized body is still read to its end (and dropped):
 * leaving it unread, or destroying the request, would cost the client its keep-alive connection, so the 413 would
 * arrive on a dead socket and the next request on it would fail.
 */
export function readRequestBody(
  req: IncomingMessage,
  limitBytes = gatewayPayloadLimitBytes,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size <= limitBytes) chunks.push(chunk);
      else chunks.length = 0;
    });
    req.once('end', () =>
      size > limitBytes
        ? reject(new PayloadTooLargeError('payload too large'))
        : resolve(Buffer.concat(chunks)),
    );
    req.once('error', reject);
  });
}

export interface GatewayRoute {
  routeKey: string;
  pathParameters: Record<string, string>;
}

export function toGatewayEvent(
  req: IncomingMessage,
  url: URL,
  body: Buffer,
  route: GatewayRoute,
): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name === 'cookie') continue;
    headers[name.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
  }
  const cookies = (req.headers.cookie ?? '')
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part.length > 0);
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) {
    query[name] = query[name] === undefined ? value : `${query[name]},${value}`;
  }
  const textual = isTextual(headers['content-type']);
  const now = getClock().now();
  const method = (req.method ?? 'GET').toUpperCase();
  return {
    version: '2.0',
    routeKey: route.routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    ...(cookies.length > 0 ? { cookies } : {}),
    headers,
    ...(Object.keys(query).length > 0 ? { queryStringParameters: query } : {}),
    ...(Object.keys(route.pathParameters).length > 0 ? { pathParameters: route.pathParameters } : {}),
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'localhost',
      http: {
        method,
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey: route.routeKey,
      stage: '$default',
      time: now.toISOString(),
      timeEpoch: now.getTime(),
    },
    ...(body.byteLength > 0
      ? { body: textual ? body.toString('utf8') : body.toString('base64'), isBase64Encoded: !textual }
      : { isBase64Encoded: false }),
  };
}

function isTextual(contentType: string | undefined): boolean {
  if (!contentType) return true;
  return /^(text\/|application\/(json|x-www-form-urlencoded|xml|.*\+json))/i.test(contentType);
}

/** A Lambda context good enough for middy and our logs. */
export function toLambdaContext(functionName: string, timeoutMs = 30_000): Context {
  const deadline = Date.now() + timeoutMs;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '512',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

export function writeGatewayResult(res: ServerResponse, result: APIGatewayProxyStructuredResultV2): void {
  res.statusCode = result.statusCode ?? 200;
  for (const [name, value] of Object.entries(result.headers ?? {})) res.setHeader(name, String(value));
  if (result.cookies && result.cookies.length > 0) res.setHeader('set-cookie', result.cookies);
  const body = result.body ?? '';
  res.end(result.isBase64Encoded ? Buffer.from(body, 'base64') : body);
}
