// A provider's redirect back to us: its query and the request's OAuth state cookie, as the social sign-in handlers
// pass them to the callbacks' use cases, and as those hand them to the sign-in.
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { ProviderCallbackQuery } from '../../contracts/social-sign-in';
import type { CompleteSignInInput } from '../../integrations/oauth';
import { readStateCookie as readStateCookieValue } from '../../integrations/oauth';

/** The sealed state this browser carries (`openpie_oauth_state`), from API Gateway's cookies or a Cookie header. */
export function readStateCookie(event: APIGatewayProxyEventV2): string | undefined {
  return readStateCookieValue(event.cookies ?? event.headers?.cookie);
}

/** What a provider's redirect brought back, with the request's state cookie. */
export type ProviderCallback = ProviderCallbackQuery & { stateCookie: string | undefined };

/** The sign-in's completion of a callback that came back to `redirectUri` (the one its flow began with). */
export function completionOf(
  callback: ProviderCallback,
  redirectUri: string,
  now: Date,
): CompleteSignInInput {
  return {
    code: callback.code,
    state: callback.state,
    error: callback.error,
    errorDescription: callback.error_description,
    stateCookie: callback.stateCookie,
    redirectUri,
    now,
  };
}
