// Who we are to Stripe: the API key, the webhook signing secrets and where the API is. In AWS the key and
// the secrets live in the Stripe secret (Secrets Manager, named by STRIPE_SECRET_ARN, readable only by the functions
// that move money through Stripe, docs/decisions/013-least-privilege.md); locally and in tests the environment holds
// the sandbox's. Read once per cold start and validated, so a bad key names itself (never its value); a failed read
// is not cached, so the next request tries again.
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import * as z from 'zod/mini';
import type { Env } from './env';
import { ConfigurationError, configParseOptions, describeIssues, getEnv, withoutEmptyValues } from './env';

export interface StripeSettings {
  apiKey: string;
  /** Every secret a webhook may be signed with: during a rotation the old and the new one. */
  webhookSecrets: string[];
  /** Another API root (the local sandbox), or undefined for Stripe's own. */
  apiUrl: string | undefined;
  /** OpenPie's fee on each pie, in basis points. */
  platformFeeBasisPoints: number;
}

const nonEmpty = z.string().check(z.trim(), z.minLength(1));

/** The Stripe secret's JSON keys; keys it does not know pass through. */
export const stripeSecretSchema = z.looseObject({
  STRIPE_API_KEY: nonEmpty,
  /** One secret, or several separated by commas during a rotation. */
  STRIPE_WEBHOOK_SECRET: nonEmpty,
});

/** `whsec_a, whsec_b` → ['whsec_a', 'whsec_b']. */
export function splitWebhookSecrets(value: string): string[] {
  return value
    .split(',')
    .map((secret) => secret.trim())
    .filter((secret) => secret.length > 0);
}

/** Parses the Stripe secret's JSON text; a bad shape or a missing key is a ConfigurationError naming it. */
export function parseStripeSecret(secretString: string | undefined): z.infer<typeof stripeSecretSchema> {
  if (!secretString) throw new ConfigurationError(['the Stripe secret has no string value'], 'Stripe secret');
  let parsed: unknown;
  try {
    parsed = JSON.parse(secretString);
  } catch {
    throw new ConfigurationError(['the Stripe secret is not JSON'], 'Stripe secret');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ConfigurationError(['the Stripe secret is not a JSON object'], 'Stripe secret');
  }
  const text = withoutEmptyValues(
    Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    ),
  );
  const result = stripeSecretSchema.safeParse(text, configParseOptions);
  if (!result.success) {
    throw new ConfigurationError(describeIssues(result.error.issues, text), 'Stripe secret');
  }
  return result.data;
}

/** The settings from the environment alone (local mode and tests): the sandbox's key and secret. */
export function readStripeSettingsFromEnv(env: Env): StripeSettings {
  const problems: string[] = [];
  if (!env.STRIPE_API_KEY) problems.push('STRIPE_API_KEY: missing (or set STRIPE_SECRET_ARN)');
  if (!env.STRIPE_WEBHOOK_SECRET) problems.push('STRIPE_WEBHOOK_SECRET: missing (or set STRIPE_SECRET_ARN)');
  if (problems.length > 0 || !env.STRIPE_API_KEY || !env.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigurationError(problems, 'Stripe configuration');
  }
  return {
    apiKey: env.STRIPE_API_KEY,
    webhookSecrets: splitWebhookSecrets(env.STRIPE_WEBHOOK_SECRET),
    apiUrl: env.STRIPE_API_URL,
    platformFeeBasisPoints: env.PLATFORM_FEE_BASIS_POINTS,
  };
}

export interface StripeSecretSource {
  region: string;
  secretArn: string;
  /** Injected by tests; built on first use otherwise. */
  client?: Pick<SecretsManagerClient, 'send'>;
}

/** The settings from the Stripe secret (AWS), with the API root and platform fee from the environment. */
export async function readStripeSettingsFromSecret(
  env: Env,
  source: StripeSecretSource,
): Promise<StripeSettings> {
  const client = source.client ?? new SecretsManagerClient({ region: source.region });
  const reply = await client.send(new GetSecretValueCommand({ SecretId: source.secretArn }));
  const secret = parseStripeSecret(reply.SecretString);
  return {
    apiKey: secret.STRIPE_API_KEY,
    webhookSecrets: splitWebhookSecrets(secret.STRIPE_WEBHOOK_SECRET),
    apiUrl: env.STRIPE_API_URL,
    platformFeeBasisPoints: env.PLATFORM_FEE_BASIS_POINTS,
  };
}

let cached: { env: Env; settings: Promise<StripeSettings> } | undefined;

/**
 * The Stripe settings of this process: from the Stripe secret where STRIPE_SECRET_ARN is set, else from the
 * environment. A test that resets the environment (a new sandbox) gets fresh settings.
 */
export function getStripeSettings(): Promise<StripeSettings> {
  const env = getEnv();
  if (cached?.env !== env) {
    const settings = env.STRIPE_SECRET_ARN
      ? readStripeSettingsFromSecret(env, { region: env.AWS_REGION, secretArn: env.STRIPE_SECRET_ARN })
      : Promise.resolve().then(() => readStripeSettingsFromEnv(env));
    const entry = {
      env,
      settings: settings.catch((error: unknown) => {
        if (cached === entry) cached = undefined;
        throw error;
      }),
    };
    cached = entry;
  }
  return cached.settings;
}

/** The platform fee in basis points (no secret needed: the fee quote is public). */
export function getPlatformFeeBasisPoints(): number {
  return getEnv().PLATFORM_FEE_BASIS_POINTS;
}
