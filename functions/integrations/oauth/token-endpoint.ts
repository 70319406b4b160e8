// A provider's token endpoint: the code exchange that ends a sign-in, and the refresh of a stored grant. The refresh
// is a port of its own (createTokenRefresher), because the listening work refreshes Spotify's tokens and nothing
// else: built on this module alone, its Lambdas do not bundle the sign-in flow (the sealed state cookie, Google's key
// set check and jose's encryption behind them, about 39 KB; docs/decisions/017-bundle-budget.md).
import * as z from 'zod/mini';
import type { OAuthConfig, OAuthProviderConfig } from './config';
import type { FailureStage } from './errors';
import { SocialProviderNotConfigured, SocialSignInFailed } from './errors';
import type { FetchFunction, ProviderCallContext } from './provider-http';
import { basicAuthorization, callProvider } from './provider-http';
import type { SocialProvider } from './providers';
import { providerProfiles, providerScopes } from './providers';

export interface ProviderTokens {
  accessToken: string;
  /** Absent where the provider issues none (Facebook; Google without offline access). */
  refreshToken?: string;
  /** When the access token stops working; null when the provider does not say. */
  expiresAt: Date | null;
  /** The scopes the person actually granted (they may untick some at the provider). */
  scopes: string[];
}

export interface ProviderClientDependencies {
  /** Tests wrap fetch to see or alter what providers answer. */
  fetch?: FetchFunction;
}

/** What a sign-in and a refresh both need to call a provider: its settings and how to reach it. */
export interface ProviderClient {
  settingsOf(provider: SocialProvider): OAuthProviderConfig;
  contextOf(provider: SocialProvider): ProviderCallContext;
}

export function createProviderClient(
  config: OAuthConfig,
  dependencies: ProviderClientDependencies = {},
): ProviderClient {
  const fetchFunction = dependencies.fetch ?? ((input, init) => fetch(input, init));
  return {
    settingsOf(provider) {
      const settings = config.providers[provider];
      if (!settings) throw new SocialProviderNotConfigured(provider);
      return settings;
    },
    contextOf: (provider) => ({ provider, fetch: fetchFunction, timeoutMs: config.timeoutMs }),
  };
}

const tokenReplySchema = z.looseObject({
  access_token: z.string().check(z.minLength(1)),
  token_type: z.optional(z.string()),
  expires_in: z.optional(z.coerce.number().check(z.positive())),
  refresh_token: z.optional(z.string().check(z.minLength(1))),
  scope: z.optional(z.string()),
  id_token: z.optional(z.string()),
});
export type TokenReply = z.infer<typeof tokenReplySchema>;

/** One call to the token endpoint, in the way the provider wants the client to authenticate. */
export async function requestTokens(
  client: ProviderClient,
  settings: OAuthProviderConfig,
  stage: Extract<FailureStage, 'token_exchange' | 'refresh'>,
  grant: Record<string, string>,
): Promise<TokenReply> {
  const context = client.contextOf(settings.provider);
  const authentication = providerProfiles[settings.provider].clientAuthentication;
  if (authentication === 'query') {
    // Facebook's Graph API takes the exchange as a GET with query parameters (it needs no grant_type).
    const url = new URL(settings.endpoints.token);
    const { grant_type: _grantType, ...rest } = grant;
    const params = { ...rest, client_id: settings.clientId, client_secret: settings.clientSecret };
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    return callProvider(context, stage, url.toString(), { method: 'GET' }, tokenReplySchema);
  }
  const form = new URLSearchParams(grant);
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
  if (authentication === 'basic') {
    headers.authorization = basicAuthorization(settings.clientId, settings.clientSecret);
  } else {
    form.set('client_id', settings.clientId);
    form.set('client_secret', settings.clientSecret);
  }
  return callProvider(
    context,
    stage,
    settings.endpoints.token,
    { method: 'POST', headers, body: form.toString() },
    tokenReplySchema,
  );
}

/** The tokens of a token endpoint's reply; `stage` names the step in the error when the type is not Bearer. */
export function toProviderTokens(
  provider: SocialProvider,
  reply: TokenReply,
  now: Date,
  stage: Extract<FailureStage, 'token_exchange' | 'refresh'>,
): ProviderTokens {
  if (reply.token_type !== undefined && reply.token_type.toLowerCase() !== 'bearer') {
    throw new SocialSignInFailed(provider, stage, `unexpected token type ${reply.token_type}.`);
  }
  return {
    accessToken: reply.access_token,
    ...(reply.refresh_token ? { refreshToken: reply.refresh_token } : {}),
    expiresAt: reply.expires_in === undefined ? null : new Date(now.getTime() + reply.expires_in * 1000),
    scopes: reply.scope
      ? reply.scope.split(/[\s,]+/).filter((scope) => scope.length > 0)
      : [...providerScopes[provider]],
  };
}

export interface TokenRefresher {
  /** A fresh access token from a refresh token (Spotify's listening work; X rotates its refresh tokens). */
  refreshTokens(
    provider: SocialProvider,
    input: { refreshToken: string; now: Date },
  ): Promise<ProviderTokens>;
}

export function createTokenRefresher(
  config: OAuthConfig,
  dependencies: ProviderClientDependencies = {},
): TokenRefresher {
  const client = createProviderClient(config, dependencies);
  return {
    async refreshTokens(provider, input) {
      const settings = client.settingsOf(provider);
      if (provider === 'facebook') {
        throw new SocialSignInFailed(provider, 'refresh', 'Facebook issues no refresh tokens.');
      }
      const reply = await requestTokens(client, settings, 'refresh', {
        grant_type: 'refresh_token',
        refresh_token: input.refreshToken,
      });
      const tokens = toProviderTokens(provider, reply, input.now, 'refresh');
      // Spotify and Google may keep the old refresh token valid and not send a new one.
      return tokens.refreshToken ? tokens : { ...tokens, refreshToken: input.refreshToken };
    },
  };
}
