// The catch-all route under /api: an unknown path answers 404 in the envelope, a known path with another
// method 405 with Allow, never the gateway's bare text.
import middy from '@middy/core';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { methodsAt } from '../contracts/route-matcher';
import { getEnv } from '../runtime/env';
import type { HttpResult } from './lib/http';
import { HttpError } from './lib/http';
import { createLogger } from '../runtime/logger';
import { httpEdge } from './lib/resource';

const env = getEnv();

export const handler = middy<APIGatewayProxyEventV2, HttpResult>()
  .use(httpEdge(env, createLogger(env.LOG_LEVEL, { resource: 'not-found', stage: env.STAGE })))
  .handler(async (event) => {
    const method = event.requestContext.http.method;
    const allowed = methodsAt(event.rawPath);
    if (allowed.length > 0) {
      throw new HttpError('method_not_allowed', `${event.rawPath} does not answer ${method}.`, {
        headers: { allow: allowed.join(', ') },
      });
    }
    throw new HttpError('not_found', `There is no API call at ${method} ${event.rawPath}.`);
  });
