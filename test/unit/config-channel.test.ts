// One config channel: every variable is validated by functions/runtime/ when a Lambda starts, so a
// missing or bad value names itself at cold start rather than halfway through a request.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const saved = { ...process.env };

beforeEach(() => {
  vi.resetModules();
});

afterEach(() => {
  process.env = { ...saved };
  vi.resetModules();
});

/** Starts a fresh copy of a Lambda module, as a cold start does. */
const coldStart = (resource: 'fan-auth' | 'fan-social' | 'admin-auth') =>
  import(`../../functions/handlers/${resource}.ts`);

describe('a cold start', () => {
  it('starts with a valid configuration', async () => {
    // Act
    const started = coldStart('fan-social');
    // Assess
    await expect(started).resolves.toHaveProperty('handler');
  });

  it.each([
    ['TABLE_NAME', undefined, 'TABLE_NAME: missing'],
    ['STAGE', 'staging', 'STAGE: must be one of local, dev, prod'],
    ['TOKEN_ENCRYPTION_KEY', 'c2hvcnQ=', 'TOKEN_ENCRYPTION_KEY: must be 32 bytes in base64'],
    ['STAFF_EMAIL_DOMAIN', 'staff@openpie.example', 'STAFF_EMAIL_DOMAIN: must be a domain name'],
    ['OAUTH_STATE_SECRET', 'too-short', 'OAUTH_STATE_SECRET: must be at least 32 characters'],
    ['OAUTH_HTTP_TIMEOUT_MS', 'soon', 'OAUTH_HTTP_TIMEOUT_MS: must be a number'],
    ['SPOTIFY_API_URL', 'not a url', 'SPOTIFY_API_URL: must be a URL'],
  ])('fails naming %s when it is missing or bad', async (name, value, problem) => {
    // Prepare
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
    // Act
    const started = coldStart('fan-social');
    // Assess
    await expect(started).rejects.toThrow(`Invalid configuration: ${problem}`);
  });

  it('names a missing variable in its own words when the full zod, with its English messages, is loaded too', async () => {
    // Prepare: the full zod's first schema installs its English locale for every schema, zod/mini's included (as a
    // handler's contracts do in a bundle that holds both)
    const { z } = await import('zod');
    z.string();
    delete process.env['TABLE_NAME'];
    process.env['STAGE'] = 'staging';
    // Act
    const started = coldStart('fan-social');
    // Assess
    await expect(started).rejects.toThrow(
      'Invalid configuration: STAGE: must be one of local, dev, prod; TABLE_NAME: missing',
    );
  });

  it('refuses a setting of the local runtime in a deployed stage, naming it', async () => {
    // Prepare
    Object.assign(process.env, {
      STAGE: 'prod',
      PASSWORD_HASHING: 'owasp',
      OAUTH_SANDBOX_URL: 'http://localhost:3000/_sandbox/oauth',
    });
    // Act
    const started = coldStart('admin-auth');
    // Assess
    await expect(started).rejects.toThrow(
      'Invalid configuration: OAUTH_SANDBOX_URL: the OAuth sandbox exists only in local mode (STAGE=local)',
    );
  });

  it('names a half-set provider pair once the app secret is merged in, and never prints a value', async () => {
    // Prepare: in AWS the client id is in the environment and its secret in the app secret; here it is missing
    const { parseOAuthSettings } = await import('../../functions/runtime/oauth-settings');
    // Act
    const parse = () =>
      parseOAuthSettings({
        STAGE: 'prod',
        JWT_SIGNING_KEY: 'k'.repeat(40),
        GOOGLE_CLIENT_ID: 'google-client-id',
      });
    // Assess
    expect(parse).toThrow(
      'Invalid social sign-in configuration: GOOGLE_CLIENT_SECRET: missing while GOOGLE_CLIENT_ID is set',
    );
    expect(parse).not.toThrow('google-client-id');
  });
});
