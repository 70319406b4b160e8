// Which social providers this deployment signs in with, and where they live, validated once from the environment.
// A provider is real when its client id and secret are set; otherwise, locally, it is the OAuth sandbox served by
// the local runtime; otherwise it is not configured and its sign-in answers "not available".
import * as z from 'zod/mini';
import type { ProviderEndpoints, SocialProvider } from './providers';
import { providerLabels, realEndpoints, sandboxClient, sandboxEndpoints, socialProviders } from './providers';

export interface OAuthProviderConfig {
  provider: SocialProvider;
  source: 'real' | 'sandbox';
  clientId: string;
  clientSecret: string;
  endpoints: ProviderEndpoints;
}

export interface OAuthConfig {
  providers: Partial<Record<SocialProvider, OAuthProviderConfig>>;
  /** Seals the short-lived sign-in state cookie. */
  stateSecret: string;
  /** Staff may sign in with Google only with a verified account of this domain; absent: nobody may. */
  staffEmailDomain: string | undefined;
  /** How long one call to a provider may take. */
  timeoutMs: number;
}

/** The environment variable names of each provider's client credentials. */
export const credentialVariables: Record<SocialProvider, { id: string; secret: string }> = {
  spotify: { id: 'SPOTIFY_CLIENT_ID', secret: 'SPOTIFY_CLIENT_SECRET' },
  google: { id: 'GOOGLE_CLIENT_ID', secret: 'GOOGLE_CLIENT_SECRET' },
  twitter: { id: 'X_CLIENT_ID', secret: 'X_CLIENT_SECRET' },
  facebook: { id: 'FACEBOOK_CLIENT_ID', secret: 'FACEBOOK_CLIENT_SECRET' },
};

/** Used only in local mode, where nothing it protects leaves the machine. */
const localStateSecret = 'openpie-local-oauth-state-secret--not-for-aws';

const nonEmpty = z.optional(z.string().check(z.trim(), z.minLength(1)));

const oauthEnvSchema = z.object({
  STAGE: z.optional(z.enum(['local', 'dev', 'prod'])),
  SITE_ORIGIN: z.optional(z.url()),
  OAUTH_SANDBOX_URL: z.optional(z.url({ protocol: /^https?$/ })),
  OAUTH_STATE_SECRET: z.optional(z.string().check(z.minLength(32, 'must be at least 32 characters'))),
  /** The session signing key; the state cookie's key is derived from it (HKDF) when OAUTH_STATE_SECRET is unset. */
  JWT_SIGNING_KEY: z.optional(z.string().check(z.minLength(32, 'must be at least 32 characters'))),
  OAUTH_HTTP_TIMEOUT_MS: z._default(z.coerce.number().check(z.int(), z.gte(500), z.lte(30_000)), 8000),
  STAFF_EMAIL_DOMAIN: z.optional(
    z
      .string()
      .check(
        z.trim(),
        z.toLowerCase(),
        z.regex(
          /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/,
          'must be a domain name',
        ),
      ),
  ),
  /** Spotify's Web API root, so the listening work can point it at another sandbox. */
  SPOTIFY_API_URL: z.optional(z.url({ protocol: /^https?$/ })),
  SPOTIFY_CLIENT_ID: nonEmpty,
  SPOTIFY_CLIENT_SECRET: nonEmpty,
  GOOGLE_CLIENT_ID: nonEmpty,
  GOOGLE_CLIENT_SECRET: nonEmpty,
  X_CLIENT_ID: nonEmpty,
  X_CLIENT_SECRET: nonEmpty,
  FACEBOOK_CLIENT_ID: nonEmpty,
  FACEBOOK_CLIENT_SECRET: nonEmpty,
});
type OAuthEnv = z.infer<typeof oauthEnvSchema>;

export class OAuthConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid social sign-in configuration: ${problems.join('; ')}`);
    this.name = 'OAuthConfigError';
  }
}

/**
 * The validated configuration; throws an OAuthConfigError naming every bad variable. In AWS, pass the environment
 * merged with the app secret's values (`{ ...process.env, ...await appSecret.read() }`), where the client secrets live.
 */
export function loadOAuthConfig(source: Record<string, string | undefined> = process.env): OAuthConfig {
  const parsed = oauthEnvSchema.safeParse(withoutEmptyValues(source));
  if (!parsed.success) {
    throw new OAuthConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const env = parsed.data;
  const problems: string[] = [];
  const isLocal = env.STAGE === 'local';
  if (env.OAUTH_SANDBOX_URL && !isLocal) {
    problems.push('OAUTH_SANDBOX_URL: the OAuth sandbox exists only in local mode (STAGE=local)');
  }
  const sandboxUrl =
    env.OAUTH_SANDBOX_URL ??
    (isLocal && env.SITE_ORIGIN ? `${trimSlash(env.SITE_ORIGIN)}/_sandbox/oauth` : undefined);

  const providers: Partial<Record<SocialProvider, OAuthProviderConfig>> = {};
  for (const provider of socialProviders) {
    const configured = readProvider(provider, env, isLocal ? sandboxUrl : undefined, problems);
    if (configured) providers[provider] = configured;
  }

  const anyReal = Object.values(providers).some((entry) => entry.source === 'real');
  const stateSecret = env.OAUTH_STATE_SECRET ?? env.JWT_SIGNING_KEY;
  if (!stateSecret && !isLocal && anyReal) {
    problems.push(
      'OAUTH_STATE_SECRET (or JWT_SIGNING_KEY): required outside local mode when a provider is configured',
    );
  }
  if (problems.length > 0) throw new OAuthConfigError(problems);
  return {
    providers,
    stateSecret: stateSecret ?? localStateSecret,
    staffEmailDomain: env.STAFF_EMAIL_DOMAIN ?? (isLocal ? localStaffEmailDomain : undefined),
    timeoutMs: env.OAUTH_HTTP_TIMEOUT_MS,
  };
}

/** Locally, staff sign in with Google as accounts of this domain (the demo staff account's; the sandbox offers it). */
export const localStaffEmailDomain = 'openpie.example';

function readProvider(
  provider: SocialProvider,
  env: OAuthEnv,
  sandboxUrl: string | undefined,
  problems: string[],
): OAuthProviderConfig | undefined {
  const names = credentialVariables[provider];
  const clientId = env[names.id as keyof OAuthEnv] as string | undefined;
  const clientSecret = env[names.secret as keyof OAuthEnv] as string | undefined;
  if (clientId && !clientSecret) problems.push(`${names.secret}: missing while ${names.id} is set`);
  if (clientSecret && !clientId) problems.push(`${names.id}: missing while ${names.secret} is set`);
  const spotifyApi =
    provider === 'spotify' && env.SPOTIFY_API_URL ? trimSlash(env.SPOTIFY_API_URL) : undefined;
  if (clientId && clientSecret) {
    return {
      provider,
      source: 'real',
      clientId,
      clientSecret,
      endpoints: withSpotifyApi(realEndpoints[provider], spotifyApi),
    };
  }
  if (sandboxUrl) {
    return {
      provider,
      source: 'sandbox',
      ...sandboxClient(provider),
      endpoints: withSpotifyApi(sandboxEndpoints(provider, sandboxUrl), spotifyApi),
    };
  }
  return undefined;
}

function withSpotifyApi(endpoints: ProviderEndpoints, apiBase: string | undefined): ProviderEndpoints {
  if (!apiBase) return endpoints;
  return { ...endpoints, apiBase, userInfo: `${apiBase}/v1/me` };
}

/** One line per provider saying what it is configured as, for the start-up log; never prints a secret. */
export function describeOAuthConfig(config: OAuthConfig): string[] {
  const lines = socialProviders.map((provider) => {
    const entry = config.providers[provider];
    const label = providerLabels[provider];
    if (!entry)
      return `${label} sign-in: not configured (set ${credentialVariables[provider].id} and ${credentialVariables[provider].secret})`;
    if (entry.source === 'sandbox')
      return `${label} sign-in: local sandbox at ${originAndPath(entry.endpoints.authorize)}`;
    return `${label} sign-in: ${label} itself, client id ${entry.clientId}`;
  });
  lines.push(
    config.staffEmailDomain
      ? `Staff Google sign-in: verified accounts of ${config.staffEmailDomain}`
      : 'Staff Google sign-in: off (set STAFF_EMAIL_DOMAIN)',
  );
  return lines;
}

/** Empty variables count as unset, as a blank line in an .env file means "not configured". */
function withoutEmptyValues(source: Record<string, string | undefined>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(source)) {
    if (value !== undefined && value.trim() !== '') result[name] = value;
  }
  return result;
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

function originAndPath(url: string): string {
  const parsed = new URL(url);
  return `${parsed.origin}${parsed.pathname}`;
}
