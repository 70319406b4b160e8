// Who we are to Stripe (functions/runtime/stripe-settings.ts): the sandbox's key and secret from the environment
// locally; in AWS the Stripe secret's JSON (read through a stubbed Secrets Manager client: no AWS here), with several
// webhook secrets during a rotation, and a bad secret naming its key but never its value.
import { describe, expect, it } from 'vitest';
import { ConfigurationError, getEnv } from '../../functions/runtime/env';
import {
  parseStripeSecret,
  readStripeSettingsFromEnv,
  readStripeSettingsFromSecret,
  splitWebhookSecrets,
} from '../../functions/runtime/stripe-settings';

const baseEnv = { STAGE: 'local', AWS_REGION: 'us-east-1', TABLE_NAME: 'openpie-test' };

describe('the Stripe settings', () => {
  it('reads the local sandbox from the environment, with the platform fee defaulting to 0', () => {
    const env = getEnv({
      ...baseEnv,
      STRIPE_API_URL: 'http://127.0.0.1:4010',
      STRIPE_API_KEY: 'sk_test_sandbox',
      STRIPE_WEBHOOK_SECRET: 'whsec_one, whsec_two',
    });
    expect(readStripeSettingsFromEnv(env)).toEqual({
      apiKey: 'sk_test_sandbox',
      webhookSecrets: ['whsec_one', 'whsec_two'],
      apiUrl: 'http://127.0.0.1:4010',
      platformFeeBasisPoints: 0,
    });
  });

  it('names what is missing from the environment', () => {
    const env = getEnv(baseEnv);
    expect(() => readStripeSettingsFromEnv(env)).toThrow(
      /STRIPE_API_KEY: missing.*STRIPE_WEBHOOK_SECRET: missing/,
    );
  });

  it('refuses a platform fee outside 0-10000 basis points', () => {
    expect(() => getEnv({ ...baseEnv, PLATFORM_FEE_BASIS_POINTS: '10001' })).toThrow(ConfigurationError);
    expect(getEnv({ ...baseEnv, PLATFORM_FEE_BASIS_POINTS: '250' }).PLATFORM_FEE_BASIS_POINTS).toBe(250);
  });

  it('reads the key and the secrets from the Stripe secret in AWS', async () => {
    // Prepare: a Secrets Manager client stub answering the secret's JSON
    const asked: unknown[] = [];
    const client = {
      send: async (command: { input: unknown }) => {
        asked.push(command.input);
        return {
          SecretString: JSON.stringify({
            STRIPE_API_KEY: 'sk_live_x',
            STRIPE_WEBHOOK_SECRET: 'whsec_new,whsec_old',
          }),
        };
      },
    };
    const env = getEnv({ ...baseEnv, STAGE: 'prod', STRIPE_SECRET_ARN: 'arn:stripe' });
    // Act
    const settings = await readStripeSettingsFromSecret(env, {
      region: 'us-east-1',
      secretArn: 'arn:stripe',
      client: client as never,
    });
    // Assess
    expect(asked).toEqual([{ SecretId: 'arn:stripe' }]);
    expect(settings).toMatchObject({
      apiKey: 'sk_live_x',
      webhookSecrets: ['whsec_new', 'whsec_old'],
      apiUrl: undefined,
    });
  });

  it('names a missing key of the Stripe secret without showing any value', () => {
    const secret = JSON.stringify({ STRIPE_API_KEY: 'sk_live_do_not_print' });
    expect(() => parseStripeSecret(secret)).toThrow(/STRIPE_WEBHOOK_SECRET: missing/);
    try {
      parseStripeSecret(secret);
    } catch (error) {
      expect(String(error)).not.toContain('sk_live_do_not_print');
    }
    expect(() => parseStripeSecret('not json')).toThrow(/not JSON/);
  });

  it('splits rotation secrets and drops blanks', () => {
    expect(splitWebhookSecrets(' whsec_a ,, whsec_b ')).toEqual(['whsec_a', 'whsec_b']);
  });
});
