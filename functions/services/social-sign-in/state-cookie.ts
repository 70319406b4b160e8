// The OAuth state cookie of a request, for the social sign-in handlers to pass to the callbacks' use cases.
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { readStateCookie as readStateCookieValue } from '../../integrations/oauth';

/** The sealed state this browser carries (`openpie_oauth_state`), from API Gateway's cookies or a Cookie header. */
export function readStateCookie(event: APIGatewayProxyEventV2): string | undefined {
  return readStateCookieValue(event.cookies ?? event.headers?.cookie);
}
