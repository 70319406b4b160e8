// Code run as in a deployed stage rather than locally: STAGE dev, real password hashing, and the secret CloudFront adds
// to every API request, with the product's modules loaded afresh so they read that configuration; the environment is
// put back afterwards.
import { vi } from 'vitest';

/** What CloudFront adds to every API request (the x-openpie-origin-verify header) while `asDeployedStage` runs. */
export const originSecret = 'the-value-cloudfront-adds-to-every-api-request';

const changed = ['STAGE', 'PASSWORD_HASHING', 'ORIGIN_VERIFY_SECRET'] as const;

/** Runs `body` as the dev stage would, its modules imported afresh inside it; the environment restored after. */
export async function asDeployedStage<T>(body: () => Promise<T>): Promise<T> {
  vi.resetModules();
  const { resetEnvCache } = await import('../../functions/runtime/env');
  const previous = Object.fromEntries(changed.map((name) => [name, process.env[name]]));
  process.env.STAGE = 'dev';
  process.env.PASSWORD_HASHING = 'owasp';
  process.env.ORIGIN_VERIFY_SECRET = originSecret;
  resetEnvCache();
  try {
    return await body();
  } finally {
    for (const name of changed) {
      const value = previous[name];
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    resetEnvCache();
    vi.resetModules();
  }
}
