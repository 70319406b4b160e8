// The human check with its secret from the environment or the app secret; off when neither has one.
import type { HumanCheck } from '../integrations/captcha';
import { createHumanCheck } from '../integrations/captcha';
import { getAppSecret } from '../runtime/app-secret';
import { getEnv } from '../runtime/env';

let pending: Promise<HumanCheck> | undefined;

async function buildHumanCheck(): Promise<HumanCheck> {
  const fromEnv = getEnv().RECAPTCHA_SECRET_KEY;
  if (fromEnv) return createHumanCheck({ secretKey: fromEnv });
  const secret = getAppSecret();
  const fromSecret = secret ? (await secret.read())['RECAPTCHA_SECRET_KEY'] : undefined;
  return createHumanCheck({ secretKey: fromSecret });
}

export function getHumanCheck(): Promise<HumanCheck> {
  pending ??= buildHumanCheck().catch((error: unknown) => {
    pending = undefined;
    throw error;
  });
  return pending;
}
