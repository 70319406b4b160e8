import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { describeSocialSignInFailure } from '../../functions/contracts/social-sign-in';
import {
  assertStaffIdentity,
  createSocialSignIn,
  isStaffEmail,
  readStateCookie,
  SocialProviderNotConfigured,
  SocialSignInStateInvalid,
  StaffEmailRefused,
} from '../../functions/integrations/oauth';
import type { SocialIdentity, SocialProvider } from '../../functions/integrations/oauth';
import { deriveCodeChallenge } from '../../functions/integrations/oauth/pkce';
import { openState } from '../../functions/integrations/oauth/state-cookie';
import { loadOAuthConfig } from '../../functions/services/oauth-ports';

const origin = 'http://localhost:3000';
const config = loadOAuthConfig({ STAGE: 'local', SITE_ORIGIN: origin });
// Refusals happen before any call to a provider: a fetch that fails the test if reached.
const signIn = createSocialSignIn(config, {
  fetch: () => Promise.reject(new Error('no provider should be called')),
});
const callbackOf = (provider: SocialProvider) => `${origin}/api/auth/callback/${provider}`;

describe('beginSignIn', () => {
  it.each([
    ['spotify', 'user-read-recently-played user-top-read user-read-email user-read-private'],
    ['google', 'openid email profile'],
    ['twitter', 'users.read tweet.read offline.access'],
    ['facebook', 'email,public_profile'],
  ] as const)('sends %s the code flow with state, S256 PKCE and its scopes', async (provider, scope) => {
    // Prepare
    const now = new Date();
    // Act
    const { authorizeUrl, stateCookie } = await signIn.beginSignIn(provider, {
      redirectUri: callbackOf(provider),
      intent: { kind: 'fan', deviceType: 'desktop' },
      now,
    });
    // Assess
    const url = new URL(authorizeUrl);
    const opened = await openState(readStateCookie(stateCookie), { secret: config.stateSecret, now });
    if (!opened.ok) throw new Error(opened.problem);
    expect(`${url.origin}${url.pathname}`).toBe(config.providers[provider]?.endpoints.authorize);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: `openpie-local-${provider}`,
      redirect_uri: callbackOf(provider),
      scope,
      state: opened.contents.state,
      code_challenge: deriveCodeChallenge(opened.contents.codeVerifier),
      code_challenge_method: 'S256',
    });
    expect(url.searchParams.has('nonce')).toBe(provider === 'google');
    expect(opened.contents.intent).toEqual({ kind: 'fan', deviceType: 'desktop' });
  });

  it('asks Google for the staff domain on a staff sign-in, with a fresh state each time', async () => {
    // Prepare
    const input = {
      redirectUri: `${origin}/admin/auth/google/callback`,
      intent: { kind: 'staff' as const },
      now: new Date(),
    };
    // Act
    const first = new URL((await signIn.beginSignIn('google', input)).authorizeUrl);
    const second = new URL((await signIn.beginSignIn('google', input)).authorizeUrl);
    // Assess
    expect(first.searchParams.get('hd')).toBe('openpie.example');
    expect(first.searchParams.get('state')).not.toBe(second.searchParams.get('state'));
    expect(first.searchParams.get('nonce')).not.toBe(second.searchParams.get('nonce'));
  });

  it('refuses an intent outside the contract', async () => {
    await expect(
      signIn.beginSignIn('spotify', {
        redirectUri: callbackOf('spotify'),
        intent: { kind: 'office' } as never,
        now: new Date(),
      }),
    ).rejects.toThrow();
  });

  it('says so when a provider is not configured', async () => {
    // Prepare
    const nothing = createSocialSignIn(loadOAuthConfig({ STAGE: 'prod' }));
    // Act / Assess
    expect(nothing.isConfigured('google')).toBe(false);
    await expect(
      nothing.beginSignIn('google', {
        redirectUri: callbackOf('google'),
        intent: { kind: 'fan' },
        now: new Date(),
      }),
    ).rejects.toBeInstanceOf(SocialProviderNotConfigured);
  });
});

describe('completeSignIn refuses a callback it cannot tie to this browser', () => {
  async function begin(provider: SocialProvider, now = new Date()) {
    const started = await signIn.beginSignIn(provider, {
      redirectUri: callbackOf(provider),
      intent: { kind: 'fan' },
      now,
    });
    return {
      cookie: readStateCookie(started.stateCookie),
      state: new URL(started.authorizeUrl).searchParams.get('state') ?? '',
      now,
    };
  }

  async function problemOf(promise: Promise<unknown>): Promise<string> {
    const error = await promise.then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(error).toBeInstanceOf(SocialSignInStateInvalid);
    return (error as SocialSignInStateInvalid).problem;
  }

  it.each([
    [
      'no state cookie',
      'missing_cookie',
      (s: Awaited<ReturnType<typeof begin>>) => ({ ...s, cookie: undefined }),
    ],
    [
      'a forged cookie',
      'unreadable_cookie',
      (s: Awaited<ReturnType<typeof begin>>) => ({ ...s, cookie: `${s.cookie}x` }),
    ],
    [
      'another state',
      'state_mismatch',
      (s: Awaited<ReturnType<typeof begin>>) => ({ ...s, state: `${s.state.slice(1)}A` }),
    ],
    ['no state', 'missing_state', (s: Awaited<ReturnType<typeof begin>>) => ({ ...s, state: '' })],
    [
      'an expired cookie',
      'expired',
      (s: Awaited<ReturnType<typeof begin>>) => ({ ...s, now: new Date(s.now.getTime() + 11 * 60 * 1000) }),
    ],
  ])('%s', async (_case, problem, alter) => {
    // Prepare
    const started = alter(await begin('spotify'));
    // Act
    const result = signIn.completeSignIn('spotify', {
      code: `code-${randomUUID()}`,
      state: started.state,
      stateCookie: started.cookie,
      redirectUri: callbackOf('spotify'),
      now: started.now,
    });
    // Assess
    expect(await problemOf(result)).toBe(problem);
  });

  it('a cookie from another provider or another callback', async () => {
    // Prepare
    const started = await begin('google');
    const input = { code: 'c', state: started.state, stateCookie: started.cookie, now: started.now };
    // Act / Assess
    expect(
      await problemOf(signIn.completeSignIn('facebook', { ...input, redirectUri: callbackOf('google') })),
    ).toBe('provider_mismatch');
    expect(
      await problemOf(
        signIn.completeSignIn('google', { ...input, redirectUri: `${origin}/admin/auth/google/callback` }),
      ),
    ).toBe('redirect_mismatch');
  });
});

describe('staff Google identities', () => {
  function identityOf(overrides: Partial<SocialIdentity>): SocialIdentity {
    return {
      provider: 'google',
      providerUserId: randomUUID(),
      providerUsername: null,
      email: 'olu@openpie.example',
      emailVerified: true,
      displayName: 'Olu',
      hostedDomain: 'openpie.example',
      tokens: { accessToken: 'a', expiresAt: null, scopes: [] },
      intent: { kind: 'staff' },
      ...overrides,
    };
  }

  it('accepts a verified account of the staff Workspace domain', () => {
    expect(assertStaffIdentity(identityOf({}), 'openpie.example')).toBe('olu@openpie.example');
  });

  it.each([
    ['an unverified e-mail', { emailVerified: false }],
    ['another domain', { email: 'olu@elsewhere.example', hostedDomain: 'elsewhere.example' }],
    ['a subdomain', { email: 'olu@evil.openpie.example', hostedDomain: 'evil.openpie.example' }],
    ['a consumer account carrying the address', { hostedDomain: null }],
    ['another provider', { provider: 'facebook' as const }],
  ])('refuses %s', (_case, overrides) => {
    expect(() => assertStaffIdentity(identityOf(overrides), 'openpie.example')).toThrow(StaffEmailRefused);
  });

  it('refuses everyone when no staff domain is configured', () => {
    expect(() => assertStaffIdentity(identityOf({}), undefined)).toThrow(StaffEmailRefused);
    expect(isStaffEmail('olu@openpie.example', undefined)).toBe(false);
    expect(isStaffEmail('OLU@OpenPie.Example', 'openpie.example')).toBe(true);
    expect(isStaffEmail('openpie.example@gmail.com', 'openpie.example')).toBe(false);
  });
});

describe('the failure text', () => {
  it('is SPEC §8 wording for each provider', () => {
    expect(describeSocialSignInFailure('spotify')).toBe(
      'Failed to initialize Spotify registration. Please try again.',
    );
    expect(describeSocialSignInFailure('twitter')).toBe(
      'Failed to initialize Twitter registration. Please try again.',
    );
  });
});
