// What the identity and social sign-in services are told about a request: the caller's trusted address and the
// request's log (services/identity/dependencies.ts `RequestContext`), never the HTTP event itself.
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { Env } from '../../runtime/env';
import type { Logger } from '../../runtime/logger';
import type { RequestContext } from '../../services/identity/dependencies';
import { findClientAddress } from '../../services/rate-limit';

export function identityRequestOf(input: {
  event: APIGatewayProxyEventV2;
  env: Pick<Env, 'STAGE'>;
  log: Logger;
}): RequestContext {
  return { clientAddress: findClientAddress(input.event, input.env), log: input.log };
}
