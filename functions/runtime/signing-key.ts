// The key that signs session tokens: JWT_SIGNING_KEY of the app secret in AWS; the environment's JWT_SIGNING_KEY
// in local mode only, so a stray variable can never replace the real key in a deployed stage.
import { importSigningKey } from '../integrations/session-tokens';
import { getAppSecret } from './app-secret';
import { getEnv } from './env';

let pending: Promise<Uint8Array> | undefined;

async function loadSigningKey(): Promise<Uint8Array> {
  const secret = getAppSecret();
  if (secret) return importSigningKey(await secret.require('JWT_SIGNING_KEY'));
  const env = getEnv();
  if (env.STAGE === 'local' && env.JWT_SIGNING_KEY) return importSigningKey(env.JWT_SIGNING_KEY);
  throw new Error('No session signing key: set APP_SECRET_ARN (AWS) or JWT_SIGNING_KEY (local mode).');
}

export function getSigningKey(): Promise<Uint8Array> {
  pending ??= loadSigningKey().catch((error: unknown) => {
    pending = undefined;
    throw error;
  });
  return pending;
}
