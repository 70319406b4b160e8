// The social sign-in settings (docs/decisions/006-social-sign-in.md), from the environment's OAuth variables merged
// with the app secret, where the client secrets and the state secret live in AWS. Validated once: a bad or half-set
// value is a ConfigurationError naming it. Where each provider's endpoints are is the OAuth integration's business
// (integrations/oauth/config.ts builds them from these settings); this file only says who we are to each provider.
import * as z from 'zod/mini';
import type { SocialProviderName } from '../contracts/social-sign-in';
import { socialProviders } from '../contracts/social-sign-in';
import { readAppSecretValues } from './app-secret';
import type { Env } from './env';
import {
  ConfigurationError,
  configParseOptions,
  describeIssues,
  envSchema,
  findLocalOnlyProblems,
  getEnv,
  oauthEnvShape,
  withoutEmptyValues,
} from './env';

export interface OAuthClientCredentials {
  clientId: string;
  clientSecret: string;
}

export interface OAuthSettings {
  stage: Env['STAGE'] | undefined;
  /** The providers with real client credentials; the others use the sandbox locally and are off elsewhere. */
  credentials: Partial<Record<SocialProviderName, OAuthClientCredentials>>;
  /** Local mode only: the OAuth sandbox's base URL (SITE_ORIGIN + /_sandbox/oauth unless OAUTH_SANDBOX_URL). */
  sandboxUrl: string | undefined;
  /** Seals the short-lived sign-in state cookie. */
  stateSecret: string;
  /** Staff may sign in with Google only with a verified account of this domain; absent: nobody may. */
  staffEmailDomain: string | undefined;
  /** How long one call to a provider may take. */
  timeoutMs: number;
  /** Another root for Spotify's Web API (a sandbox), without a trailing slash. */
  spotifyApiUrl: string | undefined;
}

/** The variable names of each provider's client credentials. */
export const credentialVariables: Record<SocialProviderName, { id: string; secret: string }> = {
  spotify: { id: 'SPOTIFY_CLIENT_ID', secret: 'SPOTIFY_CLIENT_SECRET' },
  google: { id: 'GOOGLE_CLIENT_ID', secret: 'GOOGLE_CLIENT_SECRET' },
  twitter: { id: 'X_CLIENT_ID', secret: 'X_CLIENT_SECRET' },
  facebook: { id: 'FACEBOOK_CLIENT_ID', secret: 'FACEBOOK_CLIENT_SECRET' },
};

/** Used only in local mode, where nothing it protects leaves the machine. */
const localStateSecret = 'openpie-local-oauth-state-secret--not-for-aws';

/** Locally, staff sign in with Google as accounts of this domain (the demo staff account's; the sandbox offers it). */
export const localStaffEmailDomain = 'openpie.example';

const oauthSourceSchema = z.object({
  STAGE: z.optional(envSchema.shape.STAGE),
  SITE_ORIGIN: envSchema.shape.SITE_ORIGIN,
  /** The session signing key; the state cookie's key is derived from it (HKDF) when OAUTH_STATE_SECRET is unset. */
  JWT_SIGNING_KEY: envSchema.shape.JWT_SIGNING_KEY,
  ...oauthEnvShape,
});
type OAuthSource = z.infer<typeof oauthSourceSchema>;

/**
 * The settings from one merged source (the environment's variables and the app secret's values); throws a
 * ConfigurationError naming every bad or half-set variable.
 */
export function parseOAuthSettings(source: Readonly<Record<string, string | undefined>>): OAuthSettings {
  const present = withoutEmptyValues(source);
  const parsed = oauthSourceSchema.safeParse(present, configParseOptions);
  if (!parsed.success) {
    throw new ConfigurationError(
      describeIssues(parsed.error.issues, present),
      'social sign-in configuration',
    );
  }
  const values = parsed.data;
  const problems = findLocalOnlyProblems(values);
  const isLocal = values.STAGE === 'local';
  const credentials: Partial<Record<SocialProviderName, OAuthClientCredentials>> = {};
  for (const provider of socialProviders) {
    const names = credentialVariables[provider];
    const clientId = values[names.id as keyof OAuthSource] as string | undefined;
    const clientSecret = values[names.secret as keyof OAuthSource] as string | undefined;
    if (clientId && !clientSecret) problems.push(`${names.secret}: missing while ${names.id} is set`);
    if (clientSecret && !clientId) problems.push(`${names.id}: missing while ${names.secret} is set`);
    if (clientId && clientSecret) credentials[provider] = { clientId, clientSecret };
  }
  const stateSecret = values.OAUTH_STATE_SECRET ?? values.JWT_SIGNING_KEY;
  if (!stateSecret && !isLocal && Object.keys(credentials).length > 0) {
    problems.push(
      'OAUTH_STATE_SECRET (or JWT_SIGNING_KEY): required outside local mode when a provider is configured',
    );
  }
  if (problems.length > 0) throw new ConfigurationError(problems, 'social sign-in configuration');
  const sandboxUrl = isLocal
    ? (values.OAUTH_SANDBOX_URL ??
      (values.SITE_ORIGIN ? `${trimSlash(values.SITE_ORIGIN)}/_sandbox/oauth` : undefined))
    : undefined;
  return {
    stage: values.STAGE,
    credentials,
    sandboxUrl: sandboxUrl === undefined ? undefined : trimSlash(sandboxUrl),
    stateSecret: stateSecret ?? localStateSecret,
    staffEmailDomain: values.STAFF_EMAIL_DOMAIN ?? (isLocal ? localStaffEmailDomain : undefined),
    timeoutMs: values.OAUTH_HTTP_TIMEOUT_MS,
    spotifyApiUrl: values.SPOTIFY_API_URL ? trimSlash(values.SPOTIFY_API_URL) : undefined,
  };
}

let cached: { env: Env; secrets: object; settings: OAuthSettings } | undefined;

/**
 * The social sign-in settings of this process: the environment (validated at cold start by getEnv) and, in AWS, the
 * app secret's values. Read once; a test that resets the environment gets fresh settings.
 */
export async function getOAuthSettings(): Promise<OAuthSettings> {
  const env = getEnv();
  const secrets = await readAppSecretValues();
  if (cached?.env !== env || cached.secrets !== secrets) {
    cached = {
      env,
      secrets,
      settings: parseOAuthSettings({ ...stringValues(env), ...stringValues(secrets) }),
    };
  }
  return cached.settings;
}

/** The string values of a validated object, as a source to parse again (numbers and defaults re-derive). */
function stringValues(values: object): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).flatMap(([name, value]) =>
      typeof value === 'string' ? [[name, value]] : typeof value === 'number' ? [[name, String(value)]] : [],
    ),
  );
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}
