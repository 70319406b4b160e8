// The app secret of this stage (AWS only), read once per cold start.
import type { AppSecret } from '../integrations/secrets';
import { createAppSecret } from '../integrations/secrets';
import { getEnv } from './env';

let appSecret: AppSecret | null | undefined;

/** The app secret, or null where none is configured (local mode). */
export function getAppSecret(): AppSecret | null {
  if (appSecret === undefined) {
    const env = getEnv();
    appSecret = env.APP_SECRET_ARN
      ? createAppSecret({ region: env.AWS_REGION, secretArn: env.APP_SECRET_ARN })
      : null;
  }
  return appSecret;
}
