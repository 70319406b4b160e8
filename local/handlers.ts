// Loads the very handler exports the CDK stack deploys (functions/handlers/<resource>.ts), once each,
// and calls them the way API Gateway does.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { Resource } from '../functions/contracts/routes';
import { matchRoute } from '../functions/contracts/routes';
import {
  PayloadTooLargeError,
  readRequestBody,
  toGatewayEvent,
  toLambdaContext,
  writeGatewayResult,
} from './api-gateway';

type GatewayHandler = (
  event: APIGatewayProxyEventV2,
  context: Context,
) => Promise<APIGatewayProxyStructuredResultV2>;

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

/** Serves one /api request: manifest route → its resource's handler; anything else → the not-found handler. */
export async function serveApiRequest(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
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
  const handler = await loadResourceHandler(resource);
  const result = await handler(toGatewayEvent(req, url, body, route), toLambdaContext(resource));
  writeGatewayResult(res, result);
}
