// The human check with its secret from the environment or the app secret; off when neither has one.
import type { HumanCheck } from '../integrations/captcha';
import { createHumanCheck } from '../integrations/captcha';
import { readAppSecretValues } from '../runtime/app-secret';
import type { Env } from '../runtime/env';
import { getEnv } from '../runtime/env';

let pending: { env: Env; check: Promise<HumanCheck> } | undefined;

async function buildHumanCheck(env: Env): Promise<HumanCheck> {
  const secretKey = env.RECAPTCHA_SECRET_KEY ?? (await readAppSecretValues()).RECAPTCHA_SECRET_KEY;
  return createHumanCheck({ secretKey });
}

/** The human check of this deployment, built once per configuration. */
export function getHumanCheck(): Promise<HumanCheck> {
  const env = getEnv();
  if (pending?.env !== env) {
    const check = buildHumanCheck(env).catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    pending = { env, check };
  }
  return pending.check;
}
