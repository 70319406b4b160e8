// The key that signs session tokens: JWT_SIGNING_KEY of the app secret in AWS; the environment's JWT_SIGNING_KEY
// in local mode only, so a stray variable can never replace the real key in a deployed stage. Both are validated
// (at least 32 characters, so at least the 256 bits HS256 needs) where they are read.
import { getAppSecret } from './app-secret';
import { ConfigurationError, getEnv } from './env';

let pending: { secret: unknown; key: Promise<Uint8Array> } | undefined;

async function loadSigningKey(): Promise<Uint8Array> {
  const secret = getAppSecret();
  if (secret) return new TextEncoder().encode(await secret.require('JWT_SIGNING_KEY'));
  const env = getEnv();
  if (env.STAGE === 'local' && env.JWT_SIGNING_KEY) return new TextEncoder().encode(env.JWT_SIGNING_KEY);
  throw new ConfigurationError([
    'JWT_SIGNING_KEY: missing (set APP_SECRET_ARN in AWS, or JWT_SIGNING_KEY in local mode)',
  ]);
}

/** The session signing key of this process, read once. */
export function getSigningKey(): Promise<Uint8Array> {
  // Keyed by the configuration it came from, so a test that changes the environment gets the key it set.
  const source = getAppSecret() ?? getEnv();
  if (pending?.secret !== source) {
    const key = loadSigningKey().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    pending = { secret: source, key };
  }
  return pending.key;
}
