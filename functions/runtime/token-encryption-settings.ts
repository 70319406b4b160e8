// Which key-encryption key seals provider tokens at rest (docs/decisions/006-social-sign-in.md): a KMS key in AWS
// (TOKEN_ENCRYPTION_KMS_KEY_ID), or local keys (TOKEN_ENCRYPTION_KEY, plus TOKEN_ENCRYPTION_PREVIOUS_KEYS after a
// rotation), or, in local mode with neither, a fixed development key. Validated by getEnv at cold start.
import * as z from 'zod/mini';
import type { Env } from './env';
import {
  ConfigurationError,
  configParseOptions,
  describeIssues,
  envSchema,
  getEnv,
  tokenEncryptionEnvShape,
  withoutEmptyValues,
} from './env';

export type TokenEncryptionSettings =
  | { source: 'kms'; keyId: string; region: string | undefined }
  /** The first key seals new values; the others only open what they sealed before a rotation. */
  | { source: 'local-keys'; keys: Uint8Array[] };

/** Used only in local mode when TOKEN_ENCRYPTION_KEY is unset: stored tokens never leave the machine. */
const localDevelopmentKey = Buffer.from('openpie-local-token-key-not-aws!', 'utf8');

type TokenEncryptionSource = Pick<
  Env,
  'TOKEN_ENCRYPTION_KMS_KEY_ID' | 'TOKEN_ENCRYPTION_KEY' | 'TOKEN_ENCRYPTION_PREVIOUS_KEYS'
> & { STAGE?: Env['STAGE'] | undefined; AWS_REGION?: string | undefined };

/** The settings of a validated environment; throws a ConfigurationError when none is configured outside local mode. */
export function resolveTokenEncryptionSettings(env: TokenEncryptionSource): TokenEncryptionSettings {
  if (env.TOKEN_ENCRYPTION_KMS_KEY_ID) {
    return { source: 'kms', keyId: env.TOKEN_ENCRYPTION_KMS_KEY_ID.trim(), region: env.AWS_REGION };
  }
  if (env.TOKEN_ENCRYPTION_KEY) {
    const previous = (env.TOKEN_ENCRYPTION_PREVIOUS_KEYS ?? '')
      .split(',')
      .map((value) => value.trim())
      .filter((value) => value.length > 0);
    return {
      source: 'local-keys',
      keys: [env.TOKEN_ENCRYPTION_KEY.trim(), ...previous].map((value) => Buffer.from(value, 'base64')),
    };
  }
  if (env.STAGE === 'local') return { source: 'local-keys', keys: [localDevelopmentKey] };
  throw new ConfigurationError([
    'TOKEN_ENCRYPTION_KMS_KEY_ID (or TOKEN_ENCRYPTION_KEY): not configured, so provider tokens cannot be sealed',
  ]);
}

/** The token encryption settings of this process (its environment, validated at cold start). */
export function getTokenEncryptionSettings(): TokenEncryptionSettings {
  return resolveTokenEncryptionSettings(getEnv());
}

const tokenEncryptionSourceSchema = z.object({
  STAGE: z.optional(envSchema.shape.STAGE),
  AWS_REGION: z.optional(z.string()),
  ...tokenEncryptionEnvShape,
});

/** The settings from one source of variables (tools and tests); throws a ConfigurationError naming a bad one. */
export function parseTokenEncryptionSettings(
  source: Readonly<Record<string, string | undefined>>,
): TokenEncryptionSettings {
  const present = withoutEmptyValues(source);
  const parsed = tokenEncryptionSourceSchema.safeParse(present, configParseOptions);
  if (!parsed.success) throw new ConfigurationError(describeIssues(parsed.error.issues, present));
  return resolveTokenEncryptionSettings(parsed.data);
}
