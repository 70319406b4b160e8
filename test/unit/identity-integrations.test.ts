import { errors, jwtVerify } from 'jose';
import { describe, expect, it, vi } from 'vitest';
import { AppError } from '../../functions/domain/errors';
import { createHumanCheck } from '../../functions/integrations/captcha';
import {
  createPasswordHasher,
  owaspScryptParameters,
  parseScryptHash,
  testScryptParameters,
} from '../../functions/integrations/password-hashing';
import {
  importSigningKey,
  signSessionToken,
  verifySessionToken,
} from '../../functions/integrations/session-tokens';
import { createAppSecretReader } from '../../functions/runtime/app-secret';
import { getEnv } from '../../functions/runtime/env';

describe('password hashing (scrypt)', () => {
  const hasher = createPasswordHasher(testScryptParameters);

  it('stores a self-describing string and verifies only the right password', async () => {
    const stored = await hasher.hash('correct horse');
    expect(stored).toMatch(/^\$scrypt\$ln=10,r=8,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{86}$/);
    expect(await hasher.verify('correct horse', stored)).toBe(true);
    expect(await hasher.verify('correct horsE', stored)).toBe(false);
    expect(await hasher.hash('correct horse')).not.toBe(stored);
  });

  it('never matches an unreadable stored string or the dummy', async () => {
    expect(await hasher.verify('x', 'plain-text-password')).toBe(false);
    expect(await hasher.verifyAgainstDummy('anything')).toBe(false);
  });

  it('verifies with the parameters a hash names, and asks to rehash weaker ones', async () => {
    const stronger = createPasswordHasher({ ...testScryptParameters, logN: 11 });
    const old = await hasher.hash('upgrade me');
    expect(await stronger.verify('upgrade me', old)).toBe(true);
    expect(stronger.needsRehash(old)).toBe(true);
    expect(stronger.needsRehash(await stronger.hash('upgrade me'))).toBe(false);
  });

  it('uses OWASP parameters for real and refuses absurd ones from a stored string', () => {
    expect(owaspScryptParameters).toEqual({ logN: 17, r: 8, p: 1, keyLength: 64, saltLength: 16 });
    expect(parseScryptHash('$scrypt$ln=30,r=8,p=1$AAAAAAAAAAAAAAAAAAAAAA$' + 'A'.repeat(86))).toBeNull();
  });
});

describe('the environment', () => {
  const base = { STAGE: 'prod', AWS_REGION: 'us-east-1', TABLE_NAME: 'openpie-prod-table' };
  it('refuses cheap password hashing outside local mode', () => {
    expect(() => getEnv({ ...base, PASSWORD_HASHING: 'fast-for-tests' })).toThrow(
      /allowed only when STAGE is local/,
    );
    expect(getEnv({ ...base }).PASSWORD_HASHING).toBe('owasp');
    expect(getEnv({ ...base, STAGE: 'local', PASSWORD_HASHING: 'fast-for-tests' }).PASSWORD_HASHING).toBe(
      'fast-for-tests',
    );
  });
});

describe('session tokens (jose)', () => {
  const key = importSigningKey('unit-test-signing-key-0123456789abcdef');
  const now = new Date('2026-05-01T10:00:00Z');
  const expected = { issuer: 'openpie', audience: 'openpie:fan', now };
  const sign = (overrides: Partial<Parameters<typeof signSessionToken>[1]> = {}) =>
    signSessionToken(key, {
      issuer: 'openpie',
      audience: 'openpie:fan',
      userId: 'u1',
      sessionId: 's1',
      issuedAt: now,
      expiresAt: new Date(now.getTime() + 3600_000),
      ...overrides,
    });

  it('round-trips the subject, session id and expiry', async () => {
    const token = await sign();
    expect(await verifySessionToken(key, token, expected)).toEqual({
      userId: 'u1',
      sessionId: 's1',
      expiresAt: new Date(now.getTime() + 3600_000),
    });
    const { protectedHeader } = await jwtVerify(token, key, { currentDate: now });
    expect(protectedHeader.alg).toBe('HS256');
  });

  it('refuses another audience, another issuer, an expired token and another key', async () => {
    expect(await verifySessionToken(key, await sign({ audience: 'openpie:artist' }), expected)).toBeNull();
    expect(await verifySessionToken(key, await sign({ issuer: 'someone' }), expected)).toBeNull();
    expect(await verifySessionToken(key, await sign({ expiresAt: now }), expected)).toBeNull();
    const otherKey = importSigningKey('another-signing-key-0123456789abcdefgh');
    expect(await verifySessionToken(otherKey, await sign(), expected)).toBeNull();
  });

  it('refuses short keys', () => {
    expect(() => importSigningKey('short')).toThrow(/at least 32 bytes/);
    expect(errors.JWTExpired).toBeDefined();
  });
});

describe('human check (reCAPTCHA v3)', () => {
  const reply = (body: unknown, status = 200) =>
    vi.fn(async () => new Response(JSON.stringify(body), { status }));

  it('is off without a secret: any token passes and nothing is asked', async () => {
    const check = createHumanCheck({});
    expect(check.enabled).toBe(false);
    expect(await check.verify(undefined, 'register')).toBe(true);
  });

  it('needs success, the expected action and a score of at least 0.5', async () => {
    const verify = (body: unknown) =>
      createHumanCheck({ secretKey: 's', fetch: reply(body) as unknown as typeof fetch }).verify(
        't',
        'register',
      );
    expect(await verify({ success: true, score: 0.5, action: 'register' })).toBe(true);
    expect(await verify({ success: true, score: 0.4, action: 'register' })).toBe(false);
    expect(await verify({ success: true, score: 0.9, action: 'login' })).toBe(false);
    expect(await verify({ success: false, score: 0.9, action: 'register' })).toBe(false);
    expect(
      await createHumanCheck({ secretKey: 's', fetch: reply({}) as unknown as typeof fetch }).verify('', 'x'),
    ).toBe(false);
  });

  it('reports an unreachable provider as unavailable', async () => {
    const check = createHumanCheck({ secretKey: 's', fetch: reply({}, 500) as unknown as typeof fetch });
    await expect(check.verify('t', 'register')).rejects.toBeInstanceOf(AppError);
    await expect(check.verify('t', 'register')).rejects.toMatchObject({ kind: 'unavailable' });
  });
});

describe('app secret', () => {
  const readerOf = (values: Record<string, unknown>) => {
    const send = vi.fn(async () => ({ SecretString: JSON.stringify(values) }));
    const secret = createAppSecretReader({
      region: 'us-east-1',
      secretArn: 'arn:aws:secretsmanager:us-east-1:1:secret:x',
      client: { send } as never,
    });
    return { secret, send };
  };

  it('reads the secret once and names a missing key without its value', async () => {
    // Prepare: the stack writes keys nobody set as ''
    const { secret, send } = readerOf({ JWT_SIGNING_KEY: 'k'.repeat(40), RECAPTCHA_SECRET_KEY: '' });
    // Act / Assess
    expect(await secret.require('JWT_SIGNING_KEY')).toBe('k'.repeat(40));
    await expect(secret.require('RECAPTCHA_SECRET_KEY')).rejects.toThrow(
      'Invalid app secret: RECAPTCHA_SECRET_KEY: missing',
    );
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('validates the keys it knows, naming a bad one and never its value', async () => {
    // Prepare
    const { secret } = readerOf({ JWT_SIGNING_KEY: 'short-key-value', STRIPE_SECRET_KEY: 'kept-for-later' });
    // Act
    const read = secret.read();
    // Assess
    await expect(read).rejects.toThrow('Invalid app secret: JWT_SIGNING_KEY: must be at least 32 characters');
    await expect(read).rejects.not.toThrow('short-key-value');
  });
});
