// Loads the very handler exports the CDK stack deploys (functions/handlers/<resource>.ts), once each,
// and calls them the way API Gateway does.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { Resource } from '../functions/contracts/routes';
import { matchRoute } from '../functions/contracts/route-matcher';
import { getClock } from '../functions/runtime/clock';
import { productTimeHeader } from '../functions/contracts/envelope';
import {
  PayloadTooLargeError,
  readRequestBody,
  toGatewayEvent,
  toLambdaContext,
  writeGatewayResult,
} from './api-gateway';

export type GatewayHandler = (
  event: APIGatewayProxyEventV2,
  context: Context,
) => Promise<APIGatewayProxyStructuredResultV2>;

/**
 * Local-only routes the local server implements itself, by route key (the time machine): answered before the
 * resource's handler, so the deployed handler never contains them.
 */
export type LocalRouteHandlers = ReadonlyMap<string, GatewayHandler>;

/** How long a local route may run before the request edge gives up on it. */
export const localRouteTimeoutMs = 30 * 60_000;

const loaded = new Map<Resource, Promise<GatewayHandler>>();

export function loadResourceHandler(resource: Resource): Promise<GatewayHandler> {
  let handler = loaded.get(resource);
  if (!handler) {
    handler = import(`../functions/handlers/${resource}.ts`).then(
      (module: { handler: GatewayHandler }) => module.handler,
    );
    loaded.set(resource, handler);
  }
  return handler;
}

/**
 * Serves one /api request: a local route the server implements → its local handler; another manifest route → its
 * resource's handler; anything else → the not-found handler.
 */
export async function serveApiRequest(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  localRoutes: LocalRouteHandlers = new Map(),
): Promise<void> {
  const method = (req.method ?? 'GET').toUpperCase();
  const match = matchRoute(method, url.pathname);
  const resource: Resource = match ? match.route.resource : 'not-found';
  const route = match
    ? { routeKey: match.routeKey, pathParameters: match.pathParameters }
    : { routeKey: '$default', pathParameters: {} };
  let body: Buffer;
  try {
    body = await readRequestBody(req);
  } catch (error) {
    if (!(error instanceof PayloadTooLargeError)) throw error;
    res.writeHead(413, { 'content-type': 'application/json; charset=utf-8' });
    res.end(
      JSON.stringify({
        success: false,
        code: 'payload_too_large',
        message: 'The request body is too large.',
      }),
    );
    return;
  }
  const localHandler = match ? localRoutes.get(match.routeKey) : undefined;
  const handler = localHandler ?? (await loadResourceHandler(resource));
  // API Gateway's 30 s limit is for deployed routes; a local one (a year of time travel) may take longer.
  const context = toLambdaContext(resource, localHandler ? localRouteTimeoutMs : undefined);
  const result = await handler(toGatewayEvent(req, url, body, route), context);
  // The product clock may run ahead of the system's here (the time machine): the SPA counts days from this
  // (frontend/src/lib/product-time.ts). In AWS the header is absent and the browser's clock is the product's.
  res.setHeader(productTimeHeader, getClock().now().toISOString());
  writeGatewayResult(res, result);
}
