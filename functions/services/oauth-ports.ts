// The default wiring of the OAuth providers, for every service that talks to a provider on a person's behalf (social
// sign-in, the listening sync) or with OpenPie's own client (the Spotify catalogue). The settings come from the one
// config channel (functions/runtime/oauth-settings.ts); the port is built once per configuration and process. The
// token cipher is wired apart (services/token-cipher.ts), so Lambdas that keep no tokens do not carry KMS. Each port
// is built by its own function, so a Lambda bundles only the ports it asks for: the listening work's token refresher
// does not bring the sign-in flow with it (docs/decisions/017-bundle-budget.md).
import type {
  OAuthConfig,
  OAuthProviderConfig,
  SocialProvider,
  SocialSignIn,
  TokenRefresher,
} from '../integrations/oauth';
import {
  createSocialSignIn,
  createTokenRefresher,
  providerLabels,
  resolveOAuthConfig,
  socialProviders,
} from '../integrations/oauth';
import type { OAuthSettings } from '../runtime/oauth-settings';
import { credentialVariables, getOAuthSettings, parseOAuthSettings } from '../runtime/oauth-settings';

let oauth: { settings: OAuthSettings; config: OAuthConfig } | undefined;

async function loadOAuth(): Promise<NonNullable<typeof oauth>> {
  const settings = await getOAuthSettings();
  if (oauth?.settings !== settings) oauth = { settings, config: resolveOAuthConfig(settings) };
  return oauth;
}

/**
 * Where each provider lives for the given variables rather than this process's environment (tools, benchmarks and
 * tests); throws a ConfigurationError naming a bad or half-set one.
 */
export function loadOAuthConfig(source: Readonly<Record<string, string | undefined>>): OAuthConfig {
  return resolveOAuthConfig(parseOAuthSettings(source));
}

/** Where each provider lives for this deployment (real, the local sandbox, or not configured). */
export async function getOAuthConfig(): Promise<OAuthConfig> {
  return (await loadOAuth()).config;
}

/** Spotify as this deployment reaches it (client, token endpoint, Web API root), or undefined when it is off. */
export async function getSpotifyProviderConfig(): Promise<OAuthProviderConfig | undefined> {
  return (await getOAuthConfig()).providers.spotify;
}

// Each port is built once per configuration (rebuilt when a test moves the settings). Plain functions, not a shared
// factory called at module scope: esbuild drops an unused function, never an unused call's result.
let signIn: { config: OAuthConfig; port: SocialSignIn } | undefined;
let refresher: { config: OAuthConfig; port: TokenRefresher } | undefined;

/** The OAuth flows (sign-in and callback) of this deployment. */
export async function getSocialSignInPort(): Promise<SocialSignIn> {
  const { config } = await loadOAuth();
  if (signIn?.config !== config) signIn = { config, port: createSocialSignIn(config) };
  return signIn.port;
}

/** Fresh access tokens from stored refresh tokens (the listening work's Spotify grants). */
export async function getTokenRefresherPort(): Promise<TokenRefresher> {
  const { config } = await loadOAuth();
  if (refresher?.config !== config) refresher = { config, port: createTokenRefresher(config) };
  return refresher.port;
}

/** One line per provider saying what it is configured as, for the start-up log; never prints a secret. */
export function describeOAuthConfig(config: OAuthConfig): string[] {
  const lines = socialProviders.map((provider: SocialProvider) => {
    const entry = config.providers[provider];
    const label = providerLabels[provider];
    const names = credentialVariables[provider];
    if (!entry) return `${label} sign-in: not configured (set ${names.id} and ${names.secret})`;
    if (entry.source === 'sandbox') {
      const authorize = new URL(entry.endpoints.authorize);
      return `${label} sign-in: local sandbox at ${authorize.origin}${authorize.pathname}`;
    }
    return `${label} sign-in: ${label} itself, client id ${entry.clientId}`;
  });
  lines.push(
    config.staffEmailDomain
      ? `Staff Google sign-in: verified accounts of ${config.staffEmailDomain}`
      : 'Staff Google sign-in: off (set STAFF_EMAIL_DOMAIN)',
  );
  return lines;
}
