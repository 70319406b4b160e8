import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { SealedState } from '../../functions/integrations/oauth/state-cookie';
import {
  buildClearedStateCookie,
  buildStateCookie,
  needsSecureCookie,
  openState,
  readStateCookie,
  sealState,
  stateLifetimeSeconds,
} from '../../functions/integrations/oauth/state-cookie';

const secret = 'a-test-secret-of-at-least-32-characters!';

function buildState(overrides: Partial<SealedState> = {}): SealedState {
  return {
    provider: 'spotify',
    state: randomUUID().replace(/-/g, ''),
    codeVerifier: 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk',
    redirectUri: 'http://localhost:3000/api/auth/callback/spotify',
    intent: { kind: 'fan', promo: 'try', deviceType: 'mobile' },
    ...overrides,
  };
}

describe('the sealed sign-in state', () => {
  it('opens to what was sealed, within ten minutes', async () => {
    // Prepare
    const now = new Date('2026-03-01T12:00:00Z');
    const contents = buildState({
      nonce: 'n-1',
      intent: { kind: 'fan', linkToUserId: `fan-${randomUUID()}` },
    });
    const sealed = await sealState(contents, { secret, now });
    // Act
    const opened = await openState(sealed, { secret, now: new Date(now.getTime() + 9 * 60 * 1000) });
    // Assess
    expect(opened).toEqual({ ok: true, contents });
    expect(sealed).not.toContain(contents.codeVerifier);
  });

  it('refuses it once ten minutes have passed', async () => {
    // Prepare
    const now = new Date('2026-03-01T12:00:00Z');
    const sealed = await sealState(buildState(), { secret, now });
    // Act
    const opened = await openState(sealed, {
      secret,
      now: new Date(now.getTime() + (stateLifetimeSeconds + 1) * 1000),
    });
    // Assess
    expect(opened).toEqual({ ok: false, problem: 'expired' });
  });

  it.each([
    [
      'one character of the ciphertext changed',
      (sealed: string) => flipCharacter(sealed, sealed.split('.')[0]!.length + 60),
    ],
    ['the authentication tag changed', (sealed: string) => flipCharacter(sealed, sealed.length - 3)],
    [
      'the header swapped for another one',
      (sealed: string) => `eyJhbGciOiJkaXIiLCJlbmMiOiJBMTI4R0NNIn0${sealed.slice(sealed.indexOf('.'))}`,
    ],
    ['a plain string', () => 'not-a-sealed-state'],
  ])('refuses a tampered cookie: %s', async (_case, tamper) => {
    // Prepare
    const now = new Date();
    const sealed = await sealState(buildState(), { secret, now });
    // Act
    const opened = await openState(tamper(sealed), { secret, now });
    // Assess
    expect(opened).toEqual({ ok: false, problem: 'unreadable_cookie' });
  });

  it('refuses a cookie sealed with another secret', async () => {
    // Prepare
    const now = new Date();
    const sealed = await sealState(buildState(), { secret: 'another-secret-of-at-least-32-characters', now });
    // Act
    const opened = await openState(sealed, { secret, now });
    // Assess
    expect(opened).toEqual({ ok: false, problem: 'unreadable_cookie' });
  });

  it('refuses a missing cookie', async () => {
    expect(await openState(undefined, { secret, now: new Date() })).toEqual({
      ok: false,
      problem: 'missing_cookie',
    });
  });
});

describe('the state cookie header', () => {
  it('is HttpOnly, SameSite=Lax, limited to /api/ and ten minutes, Secure on https', () => {
    // Act
    const cookie = buildStateCookie('sealed-value', 'https://openpie.example/api/auth/callback/google');
    // Assess
    expect(cookie.split('; ')).toEqual([
      'openpie_oauth_state=sealed-value',
      'Max-Age=600',
      'Path=/api/',
      'HttpOnly',
      'SameSite=Lax',
      'Secure',
    ]);
  });

  it('is not Secure on http://localhost only', () => {
    expect(needsSecureCookie('http://localhost:3000/x')).toBe(false);
    expect(needsSecureCookie('http://127.0.0.1:3000/x')).toBe(false);
    expect(needsSecureCookie('https://localhost:3000/x')).toBe(true);
    expect(needsSecureCookie('http://openpie.example/x')).toBe(true);
    expect(buildStateCookie('v', 'http://localhost:3000/api/cb')).not.toContain('Secure');
  });

  it('is cleared with an empty value that expires now', () => {
    // Act
    const cookie = buildClearedStateCookie('https://openpie.example/api/auth/callback/x');
    // Assess
    expect(cookie).toMatch(/^openpie_oauth_state=; Max-Age=0; Path=\/api\/; /);
    expect(cookie).toContain('Secure');
  });

  it('is read back from API Gateway cookies, a Cookie header or a Set-Cookie value', () => {
    expect(readStateCookie(['theme=dark', 'openpie_oauth_state=abc.def'])).toBe('abc.def');
    expect(readStateCookie('a=1; openpie_oauth_state=xyz; b=2')).toBe('xyz');
    expect(readStateCookie(buildStateCookie('sealed', 'http://localhost:3000/api/cb'))).toBe('sealed');
    expect(readStateCookie(['openpie_oauth_state='])).toBeUndefined();
    expect(readStateCookie(undefined)).toBeUndefined();
  });
});

function flipCharacter(text: string, index: number): string {
  const replacement = text[index] === 'A' ? 'B' : 'A';
  return `${text.slice(0, index)}${replacement}${text.slice(index + 1)}`;
}
