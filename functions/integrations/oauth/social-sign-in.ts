// Social sign-in with the OAuth 2 authorization code flow, `state` and PKCE (S256) for every provider, and OpenID
// Connect's id_token for Google. Stateless on our side: what the callback needs comes back in the sealed cookie.
//
//   beginSignIn   → redirect the browser to `authorizeUrl`, setting `stateCookie`
//   completeSignIn ← the provider's redirect to our callback (code and state, or error)
import { createHmac, randomBytes } from 'node:crypto';
import * as z from 'zod/mini';
import { normalizeOptionalEmail } from '../../domain/identity/email-address';
import type { OAuthConfig, OAuthProviderConfig } from './config';
import { SocialSignInCancelled, SocialSignInFailed, SocialSignInStateInvalid } from './errors';
import { verifyGoogleIdToken } from './google-id-token';
import { createCodeVerifier, deriveCodeChallenge } from './pkce';
import { callProvider } from './provider-http';
import type { SocialProvider } from './providers';
import { providerProfiles, providerScopes } from './providers';
import type { SignInIntent } from './state-cookie';
import { buildStateCookie, isSameState, openState, sealState, signInIntentSchema } from './state-cookie';
import type { ProviderClientDependencies, ProviderTokens, TokenReply } from './token-endpoint';
import { createProviderClient, requestTokens, toProviderTokens } from './token-endpoint';

export interface SocialIdentity {
  provider: SocialProvider;
  /** The provider's stable id of the person: the key to link on (Spotify's account_id, Google's sub, ...). */
  providerUserId: string;
  /** A handle for display: Spotify user id, X @username; null elsewhere. */
  providerUsername: string | null;
  /** Lower-cased; null when the provider gives none (X) or the person withheld it. */
  email: string | null;
  /** True only when the provider vouches for the address (Google's email_verified); never assume it otherwise. */
  emailVerified: boolean;
  displayName: string | null;
  /** Google Workspace domain of the account (the `hd` claim), for the staff check; null elsewhere. */
  hostedDomain: string | null;
  tokens: ProviderTokens;
  intent: SignInIntent;
}

export interface BeginSignInInput {
  /** Our callback URL for this provider, exactly as registered at the provider. */
  redirectUri: string;
  intent: SignInIntent;
  now: Date;
  /** Other scopes than the sign-in's (claim verification reads bios: decision 027). */
  scopes?: readonly string[];
}

export interface BeginSignInResult {
  /** Where to send the browser (302). */
  authorizeUrl: string;
  /** A Set-Cookie header value to send with that redirect. */
  stateCookie: string;
}

export interface CompleteSignInInput {
  /** The callback's query parameters, as the provider sent them. */
  code?: string | undefined;
  state?: string | undefined;
  error?: string | undefined;
  errorDescription?: string | undefined;
  /** The `openpie_oauth_state` cookie's value (readStateCookie(event.cookies)). */
  stateCookie: string | undefined;
  /** The same redirect URI that beginSignIn was given. */
  redirectUri: string;
  now: Date;
}

export interface SocialSignIn {
  isConfigured(provider: SocialProvider): boolean;
  beginSignIn(provider: SocialProvider, input: BeginSignInInput): Promise<BeginSignInResult>;
  completeSignIn(provider: SocialProvider, input: CompleteSignInInput): Promise<SocialIdentity>;
}

/** Refreshing a stored grant is not part of a sign-in: see createTokenRefresher (token-endpoint.ts). */
export type SocialSignInDependencies = ProviderClientDependencies;

const spotifyMeSchema = z.looseObject({
  id: z.string().check(z.minLength(1)),
  account_id: z.optional(z.string().check(z.minLength(1))),
  display_name: z.optional(z.nullable(z.string())),
  email: z.optional(z.nullable(z.string())),
});

const xMeSchema = z.looseObject({
  data: z.looseObject({
    id: z.string().check(z.minLength(1)),
    name: z.optional(z.string()),
    username: z.optional(z.string()),
  }),
});

const facebookMeSchema = z.looseObject({
  id: z.string().check(z.minLength(1)),
  name: z.optional(z.string()),
  email: z.optional(z.string()),
});

const googleUserInfoSchema = z.looseObject({
  sub: z.string().check(z.minLength(1)),
  name: z.optional(z.string()),
});

export function createSocialSignIn(
  config: OAuthConfig,
  dependencies: SocialSignInDependencies = {},
): SocialSignIn {
  const client = createProviderClient(config, dependencies);
  const { settingsOf, contextOf } = client;

  async function beginSignIn(provider: SocialProvider, input: BeginSignInInput): Promise<BeginSignInResult> {
    const settings = settingsOf(provider);
    const intent = signInIntentSchema.parse(input.intent);
    const redirectUri = new URL(input.redirectUri).toString();
    const state = randomBytes(32).toString('base64url');
    const codeVerifier = createCodeVerifier();
    const nonce = provider === 'google' ? randomBytes(24).toString('base64url') : undefined;
    const sealed = await sealState(
      { provider, state, codeVerifier, ...(nonce ? { nonce } : {}), redirectUri, intent },
      { secret: config.stateSecret, now: input.now },
    );

    const url = new URL(settings.endpoints.authorize);
    const params: Record<string, string> = {
      response_type: 'code',
      client_id: settings.clientId,
      redirect_uri: redirectUri,
      scope: (input.scopes ?? providerScopes[provider]).join(providerProfiles[provider].scopeSeparator),
      state,
      code_challenge: deriveCodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
    };
    if (nonce) params.nonce = nonce;
    // Google shows only accounts of that Workspace domain; a hint for people, the real check is on the id_token.
    if (provider === 'google' && intent.kind === 'staff' && config.staffEmailDomain) {
      params.hd = config.staffEmailDomain;
    }
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    return { authorizeUrl: url.toString(), stateCookie: buildStateCookie(sealed, redirectUri) };
  }

  async function completeSignIn(
    provider: SocialProvider,
    input: CompleteSignInInput,
  ): Promise<SocialIdentity> {
    const settings = settingsOf(provider);
    const opened = await openState(input.stateCookie, { secret: config.stateSecret, now: input.now });
    if (!opened.ok) throw new SocialSignInStateInvalid(provider, opened.problem);
    const sealed = opened.contents;
    if (sealed.provider !== provider) throw new SocialSignInStateInvalid(provider, 'provider_mismatch');
    if (sealed.redirectUri !== new URL(input.redirectUri).toString()) {
      throw new SocialSignInStateInvalid(provider, 'redirect_mismatch');
    }
    if (!input.state) throw new SocialSignInStateInvalid(provider, 'missing_state');
    if (!isSameState(input.state, sealed.state))
      throw new SocialSignInStateInvalid(provider, 'state_mismatch');

    if (input.error === 'access_denied') throw new SocialSignInCancelled(provider);
    if (input.error) {
      throw new SocialSignInFailed(
        provider,
        'authorization',
        `the provider answered ${input.error}${input.errorDescription ? ` (${input.errorDescription})` : ''}.`,
        { providerError: input.error },
      );
    }
    if (!input.code)
      throw new SocialSignInFailed(provider, 'authorization', 'no authorization code came back.');

    const reply = await requestTokens(client, settings, 'token_exchange', {
      grant_type: 'authorization_code',
      code: input.code,
      redirect_uri: sealed.redirectUri,
      code_verifier: sealed.codeVerifier,
    });
    const tokens = toProviderTokens(provider, reply, input.now, 'token_exchange');
    const profile = await readProfile(settings, reply, tokens, sealed.nonce, input.now);
    return { provider, ...profile, tokens, intent: sealed.intent };
  }

  type Profile = Omit<SocialIdentity, 'provider' | 'tokens' | 'intent'>;

  async function readProfile(
    settings: OAuthProviderConfig,
    reply: TokenReply,
    tokens: ProviderTokens,
    nonce: string | undefined,
    now: Date,
  ): Promise<Profile> {
    const context = contextOf(settings.provider);
    const bearer = { headers: { authorization: `Bearer ${tokens.accessToken}` } };
    switch (settings.provider) {
      case 'spotify': {
        const me = await callProvider(
          context,
          'identity',
          settings.endpoints.userInfo,
          bearer,
          spotifyMeSchema,
        );
        return {
          // Spotify asks apps to link on account_id, which never changes; older replies have only the id.
          providerUserId: me.account_id ?? me.id,
          providerUsername: me.id,
          email: normalizeOptionalEmail(me.email),
          emailVerified: false,
          displayName: nonEmpty(me.display_name),
          hostedDomain: null,
        };
      }
      case 'twitter': {
        const me = await callProvider(context, 'identity', settings.endpoints.userInfo, bearer, xMeSchema);
        return {
          providerUserId: me.data.id,
          providerUsername: nonEmpty(me.data.username),
          email: null,
          emailVerified: false,
          displayName: nonEmpty(me.data.name),
          hostedDomain: null,
        };
      }
      case 'facebook': {
        const url = new URL(settings.endpoints.userInfo);
        url.searchParams.set('fields', 'id,name,email');
        // The token goes as the Graph API documents it; appsecret_proof shows the call comes from our server, so a
        // leaked token alone cannot be replayed (the app setting "Require App Secret").
        url.searchParams.set('access_token', tokens.accessToken);
        url.searchParams.set(
          'appsecret_proof',
          createHmac('sha256', settings.clientSecret).update(tokens.accessToken).digest('hex'),
        );
        const me = await callProvider(context, 'identity', url.toString(), {}, facebookMeSchema);
        return {
          providerUserId: me.id,
          providerUsername: null,
          email: normalizeOptionalEmail(me.email),
          emailVerified: false,
          displayName: nonEmpty(me.name),
          hostedDomain: null,
        };
      }
      case 'google': {
        if (!reply.id_token) throw new SocialSignInFailed('google', 'id_token', 'no id_token came back.');
        const claims = await verifyGoogleIdToken(reply.id_token, {
          jwksUrl: required(settings.endpoints.jwks, 'Google JWKS URL'),
          issuers: required(settings.endpoints.issuers, 'Google issuer'),
          clientId: settings.clientId,
          nonce,
          now,
          timeoutMs: config.timeoutMs,
        });
        let displayName = nonEmpty(claims.name);
        if (!displayName) {
          // Only the name comes from userinfo, and only when it speaks of the same person as the id_token.
          const info = await callProvider(
            context,
            'identity',
            settings.endpoints.userInfo,
            bearer,
            googleUserInfoSchema,
          );
          if (info.sub !== claims.sub) {
            throw new SocialSignInFailed('google', 'identity', 'userinfo speaks of another account.');
          }
          displayName = nonEmpty(info.name);
        }
        return {
          providerUserId: claims.sub,
          providerUsername: null,
          email: normalizeOptionalEmail(claims.email),
          emailVerified: claims.email_verified === true || claims.email_verified === 'true',
          displayName,
          hostedDomain: claims.hd?.toLowerCase() ?? null,
        };
      }
    }
  }

  return {
    isConfigured: (provider) => config.providers[provider] !== undefined,
    beginSignIn,
    completeSignIn,
  };
}

function nonEmpty(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} is not configured`);
  return value;
}
