// The whole social sign-in, as a browser and our server would do it, against the OAuth sandbox on a real loopback
// HTTP server: beginSignIn → GET the authorize URL → POST the consent form → follow the redirect to our callback →
// completeSignIn.
import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import axe from 'axe-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assertStaffIdentity,
  createSocialSignIn,
  createTokenRefresher,
  readStateCookie,
  SocialSignInCancelled,
  SocialSignInFailed,
} from '../../functions/integrations/oauth';
import type {
  OAuthConfig,
  SocialProvider,
  SocialSignIn,
  TokenRefresher,
} from '../../functions/integrations/oauth';
import { loadOAuthConfig } from '../../functions/services/oauth-ports';
import { createOAuthSandbox } from '../../local/oauth-sandbox';
import {
  demoIdentities,
  facebookUserIdOf,
  googleSubjectOf,
  spotifyAccountIdOf,
  spotifyUserIdOf,
  xUserIdOf,
  xUsernameOf,
} from '../../local/oauth-sandbox/identities';
import { answerConsent, JSDOM } from '../support/oauth-consent';

let server: Server;
let origin: string;
let config: OAuthConfig;
let signIn: SocialSignIn;
let refresher: TokenRefresher;
/** Moves the sandbox's clock forward, to expire its codes. */
let sandboxClockOffsetMs = 0;

beforeAll(async () => {
  const sandbox = createOAuthSandbox({ clock: () => Date.now() + sandboxClockOffsetMs });
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
    sandbox.handle(req, res, url).catch((error: unknown) => {
      res.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  origin = `http://localhost:${(server.address() as AddressInfo).port}`;
  config = loadOAuthConfig({
    STAGE: 'local',
    SITE_ORIGIN: origin,
    OAUTH_SANDBOX_URL: `${origin}/_sandbox/oauth`,
  });
  signIn = createSocialSignIn(config);
  refresher = createTokenRefresher(config);
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((done) => server.close(() => done()));
});

const callbackOf = (provider: SocialProvider) => `${origin}/api/auth/callback/${provider}`;

interface Started {
  provider: SocialProvider;
  authorizeUrl: string;
  cookie: string | undefined;
  redirectUri: string;
}

async function begin(
  provider: SocialProvider,
  intent: Parameters<SocialSignIn['beginSignIn']>[1]['intent'] = { kind: 'fan' },
): Promise<Started> {
  const redirectUri = intent.kind === 'staff' ? `${origin}/admin/auth/google/callback` : callbackOf(provider);
  const { authorizeUrl, stateCookie } = await signIn.beginSignIn(provider, {
    redirectUri,
    intent,
    now: new Date(),
  });
  return { provider, authorizeUrl, cookie: readStateCookie(stateCookie), redirectUri };
}

/** The callback our server receives, handed to completeSignIn as the handler will. */
function completeAt(started: Started, callback: URL, client: SocialSignIn = signIn, now = new Date()) {
  expect(`${callback.origin}${callback.pathname}`).toBe(started.redirectUri);
  return client.completeSignIn(started.provider, {
    code: callback.searchParams.get('code') ?? undefined,
    state: callback.searchParams.get('state') ?? undefined,
    error: callback.searchParams.get('error') ?? undefined,
    errorDescription: callback.searchParams.get('error_description') ?? undefined,
    stateCookie: started.cookie,
    redirectUri: started.redirectUri,
    now,
  });
}

async function approveAs(
  started: Started,
  identity = 'riley',
  extra: Record<string, string> = {},
): Promise<URL> {
  const answer = await answerConsent(started.authorizeUrl, { decision: 'approve', identity, ...extra });
  expect(answer.status).toBe(303);
  if (!answer.location) throw new Error('No redirect after approval');
  return answer.location;
}

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => undefined,
    (error: unknown) => error,
  );
}

const riley = demoIdentities.find((identity) => identity.key === 'riley')!;

describe('social sign-in against the sandbox', () => {
  it.each([
    {
      provider: 'spotify' as const,
      expected: {
        providerUserId: spotifyAccountIdOf(riley.email),
        providerUsername: spotifyUserIdOf(riley.email),
        email: riley.email,
        emailVerified: false,
      },
      refresh: true,
    },
    {
      provider: 'google' as const,
      expected: {
        providerUserId: googleSubjectOf(riley.email),
        providerUsername: null,
        email: riley.email,
        emailVerified: true,
      },
      refresh: false,
    },
    {
      provider: 'twitter' as const,
      expected: {
        providerUserId: xUserIdOf(riley.email),
        providerUsername: xUsernameOf(riley.email),
        email: null,
        emailVerified: false,
      },
      refresh: true,
    },
    {
      provider: 'facebook' as const,
      expected: {
        providerUserId: facebookUserIdOf(riley.email),
        providerUsername: null,
        email: riley.email,
        emailVerified: false,
      },
      refresh: false,
    },
  ])(
    'completes with $provider and returns the identity and the intent',
    async ({ provider, expected, refresh }) => {
      // Prepare
      const started = await begin(provider, { kind: 'fan', promo: 'try', deviceType: 'mobile' });
      const before = Date.now();
      // Act
      const callback = await approveAs(started);
      const identity = await completeAt(started, callback);
      // Assess
      expect(identity).toMatchObject({
        provider,
        displayName: riley.name,
        ...expected,
        intent: { kind: 'fan', promo: 'try', deviceType: 'mobile' },
      });
      expect(identity.tokens.accessToken.length).toBeGreaterThan(20);
      expect(identity.tokens.refreshToken !== undefined).toBe(refresh);
      expect(identity.tokens.expiresAt!.getTime()).toBeGreaterThan(before);
    },
  );

  it('signs in with an e-mail address typed on the consent page', async () => {
    // Prepare
    const unique = randomUUID().replace(/-/g, '');
    const email = `jo.${unique}@example.org`;
    const started = await begin('facebook');
    // Act
    const identity = await completeAt(
      started,
      await approveAs(started, 'custom', { email: email.toUpperCase(), name: '' }),
    );
    // Assess
    expect(identity.email).toBe(email);
    expect(identity.providerUserId).toBe(facebookUserIdOf(email));
    expect(identity.displayName).toBe(`Jo ${unique[0]!.toUpperCase()}${unique.slice(1)}`);
  });

  it('keeps the consent page open with a message when the typed e-mail is not one', async () => {
    // Prepare
    const started = await begin('spotify');
    // Act
    const answer = await answerConsent(started.authorizeUrl, {
      decision: 'approve',
      identity: 'custom',
      email: 'not-an-email',
    });
    // Assess
    expect(answer.status).toBe(422);
    expect(answer.page).toContain('role="alert">Enter an e-mail address like name@example.com.');
    expect(answer.page).toContain('aria-invalid="true"');
  });

  it.each(['spotify', 'google', 'twitter', 'facebook'] as const)(
    'gives SocialSignInCancelled when the person cancels at %s',
    async (provider) => {
      // Prepare
      const started = await begin(provider);
      // Act
      const answer = await answerConsent(started.authorizeUrl, { decision: 'cancel' });
      const error = await failureOf(completeAt(started, answer.location!));
      // Assess
      expect(answer.location?.searchParams.get('error')).toBe('access_denied');
      expect(error).toBeInstanceOf(SocialSignInCancelled);
      expect(error).toMatchObject({ provider, code: 'social_sign_in_cancelled' });
    },
  );

  it('refuses a replayed code and revokes what the first exchange got', async () => {
    // Prepare
    const started = await begin('spotify');
    const callback = await approveAs(started);
    const first = await completeAt(started, callback);
    // Act
    const replay = await failureOf(completeAt(started, callback));
    const me = await fetch(config.providers.spotify!.endpoints.userInfo, {
      headers: { authorization: `Bearer ${first.tokens.accessToken}` },
    });
    // Assess
    expect(replay).toBeInstanceOf(SocialSignInFailed);
    expect(replay).toMatchObject({ stage: 'token_exchange', providerError: 'invalid_grant' });
    expect(me.status).toBe(401);
  });

  it('refuses a code redeemed with another sign-in’s PKCE verifier (code injection)', async () => {
    // Prepare: the attacker's own sign-in gives a code; the victim's browser holds another state cookie
    const attacker = await begin('twitter');
    const stolenCode = (await approveAs(attacker)).searchParams.get('code')!;
    const victim = await begin('twitter');
    const victimCallback = await approveAs(victim);
    victimCallback.searchParams.set('code', stolenCode);
    // Act
    const error = await failureOf(completeAt(victim, victimCallback));
    // Assess
    expect(error).toBeInstanceOf(SocialSignInFailed);
    expect(error).toMatchObject({ stage: 'token_exchange', providerError: 'invalid_grant' });
    expect((error as Error).message).toContain('code_verifier does not match');
  });

  it('refuses a code presented after it expired', async () => {
    // Prepare
    const started = await begin('google');
    const callback = await approveAs(started);
    sandboxClockOffsetMs = 3 * 60 * 1000;
    try {
      // Act
      const error = await failureOf(completeAt(started, callback));
      // Assess
      expect(error).toMatchObject({ stage: 'token_exchange', providerError: 'invalid_grant' });
    } finally {
      sandboxClockOffsetMs = 0;
    }
  });

  it.each([
    [
      'a changed signature',
      (idToken: string) => `${idToken.slice(0, -4)}${idToken.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`,
    ],
    [
      'a changed e-mail claim',
      (idToken: string) => {
        const [header, payload, signature] = idToken.split('.') as [string, string, string];
        const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<
          string,
          unknown
        >;
        claims.email = 'demo-admin@openpie.example';
        return [header, Buffer.from(JSON.stringify(claims)).toString('base64url'), signature].join('.');
      },
    ],
    [
      'no signature (alg none)',
      (idToken: string) => {
        const [, payload] = idToken.split('.') as [string, string];
        return `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`;
      },
    ],
  ])('refuses a Google id_token with %s', async (_case, tamper) => {
    // Prepare: a network in the middle that alters the token reply
    const tokenUrl = config.providers.google!.endpoints.token;
    const tampering = createSocialSignIn(config, {
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        if (String(input) !== tokenUrl) return response;
        const body = (await response.json()) as { id_token: string };
        return Response.json({ ...body, id_token: tamper(body.id_token) });
      },
    });
    const started = await begin('google');
    const callback = await approveAs(started, 'sam');
    // Act
    const error = await failureOf(completeAt(started, callback, tampering));
    // Assess
    expect(error).toBeInstanceOf(SocialSignInFailed);
    expect(error).toMatchObject({ provider: 'google', stage: 'id_token' });
  });

  it('refuses a genuine Google id_token that was issued for another sign-in (nonce)', async () => {
    // Prepare: an id_token from an earlier sign-in, replayed into a new one's token reply
    const tokenUrl = config.providers.google!.endpoints.token;
    let captured: string | undefined;
    const replaying = createSocialSignIn(config, {
      fetch: async (input, init) => {
        const response = await fetch(input, init);
        if (String(input) !== tokenUrl) return response;
        const body = (await response.json()) as { id_token: string };
        const idToken = captured ?? body.id_token;
        captured ??= body.id_token;
        return Response.json({ ...body, id_token: idToken });
      },
    });
    const earlier = await begin('google');
    await completeAt(earlier, await approveAs(earlier, 'staff'), replaying);
    const later = await begin('google');
    const callback = await approveAs(later, 'riley');
    // Act
    const error = await failureOf(completeAt(later, callback, replaying));
    // Assess
    expect(error).toBeInstanceOf(SocialSignInFailed);
    expect((error as Error).message).toContain('issued for another sign-in');
  });

  it('lets only the staff domain through the staff Google sign-in', async () => {
    // Prepare
    const staff = await begin('google', { kind: 'staff' });
    const fan = await begin('google', { kind: 'staff' });
    // Act
    const staffIdentity = await completeAt(staff, await approveAs(staff, 'staff'));
    const fanIdentity = await completeAt(fan, await approveAs(fan, 'riley'));
    // Assess
    expect(new URL(staff.authorizeUrl).searchParams.get('hd')).toBe('openpie.example');
    expect(assertStaffIdentity(staffIdentity, config.staffEmailDomain)).toBe('demo-admin@openpie.example');
    expect(() => assertStaffIdentity(fanIdentity, config.staffEmailDomain)).toThrow(
      'Only verified staff Google accounts',
    );
  });

  it('refreshes a Spotify access token, keeping the refresh token', async () => {
    // Prepare
    const started = await begin('spotify');
    const identity = await completeAt(started, await approveAs(started));
    // Act
    const refreshed = await refresher.refreshTokens('spotify', {
      refreshToken: identity.tokens.refreshToken!,
      now: new Date(),
    });
    const me = await fetch(config.providers.spotify!.endpoints.userInfo, {
      headers: { authorization: `Bearer ${refreshed.accessToken}` },
    });
    // Assess
    expect(refreshed.accessToken).not.toBe(identity.tokens.accessToken);
    expect(refreshed.refreshToken).toBe(identity.tokens.refreshToken);
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({
      id: spotifyUserIdOf(riley.email),
      account_id: spotifyAccountIdOf(riley.email),
      email: riley.email,
    });
  });

  it('rotates X refresh tokens: the old one stops working', async () => {
    // Prepare
    const started = await begin('twitter');
    const identity = await completeAt(started, await approveAs(started));
    const oldRefreshToken = identity.tokens.refreshToken!;
    // Act
    const refreshed = await refresher.refreshTokens('twitter', {
      refreshToken: oldRefreshToken,
      now: new Date(),
    });
    const reused = await failureOf(
      refresher.refreshTokens('twitter', { refreshToken: oldRefreshToken, now: new Date() }),
    );
    // Assess
    expect(refreshed.refreshToken).toBeDefined();
    expect(refreshed.refreshToken).not.toBe(oldRefreshToken);
    expect(reused).toMatchObject({ stage: 'refresh', providerError: 'invalid_grant' });
  });
});

describe('the sandbox is as strict as the real providers', () => {
  const challenge = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

  it('refuses an authorization request without PKCE, back to the client', async () => {
    // Prepare
    const url = new URL(config.providers.spotify!.endpoints.authorize);
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: 'openpie-local-spotify',
      redirect_uri: callbackOf('spotify'),
      scope: 'user-read-email',
      state: 's1',
    }).toString();
    // Act
    const reply = await fetch(url, { redirect: 'manual' });
    // Assess
    const location = new URL(reply.headers.get('location') ?? '');
    expect(reply.status).toBe(303);
    expect(location.searchParams.get('error')).toBe('invalid_request');
    expect(location.searchParams.get('state')).toBe('s1');
  });

  it.each([
    [
      'an unknown client',
      { client_id: 'someone-else', redirect_uri: 'http://localhost:1/cb' },
      'Unknown client',
    ],
    [
      'a redirect off this machine',
      { client_id: 'openpie-local-google', redirect_uri: 'https://attacker.example/cb' },
      'Redirect URI refused',
    ],
  ])('shows an error page, never a redirect, for %s', async (_case, params, heading) => {
    // Prepare
    const url = new URL(config.providers.google!.endpoints.authorize);
    url.search = new URLSearchParams({
      response_type: 'code',
      scope: 'openid',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      ...params,
    }).toString();
    // Act
    const reply = await fetch(url, { redirect: 'manual' });
    // Assess
    expect(reply.status).toBe(400);
    expect(reply.headers.get('location')).toBeNull();
    expect(await reply.text()).toContain(`<h1>${heading}</h1>`);
  });

  it('wants Spotify’s client credentials in a Basic header, not the body', async () => {
    // Act
    const reply = await fetch(config.providers.spotify!.endpoints.token, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: 'x',
        client_id: 'openpie-local-spotify',
        client_secret: 'openpie-local-spotify-secret',
      }).toString(),
    });
    // Assess
    expect(reply.status).toBe(401);
    expect(await reply.json()).toMatchObject({ error: 'invalid_client' });
  });

  it('wants Facebook Graph calls to carry a valid appsecret_proof', async () => {
    // Prepare
    const started = await begin('facebook');
    const { tokens } = await completeAt(started, await approveAs(started));
    const me = new URL(config.providers.facebook!.endpoints.userInfo);
    me.searchParams.set('access_token', tokens.accessToken);
    // Act
    const withoutProof = await fetch(me);
    me.searchParams.set('appsecret_proof', 'f'.repeat(64));
    const withWrongProof = await fetch(me);
    // Assess
    expect(withoutProof.status).toBe(400);
    expect(await withWrongProof.json()).toMatchObject({
      error: { message: 'Invalid appsecret_proof provided in the API argument' },
    });
  });

  it('publishes Google’s discovery document and keys', async () => {
    // Act
    const discovery = (await (
      await fetch(`${origin}/_sandbox/oauth/google/.well-known/openid-configuration`)
    ).json()) as Record<string, unknown>;
    const jwks = (await (await fetch(String(discovery.jwks_uri))).json()) as {
      keys: Array<Record<string, unknown>>;
    };
    // Assess
    expect(discovery).toMatchObject({
      issuer: config.providers.google!.endpoints.issuers![0],
      authorization_endpoint: config.providers.google!.endpoints.authorize,
      token_endpoint: config.providers.google!.endpoints.token,
      jwks_uri: config.providers.google!.endpoints.jwks,
      userinfo_endpoint: config.providers.google!.endpoints.userInfo,
    });
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(jwks.keys[0]).not.toHaveProperty('d');
  });

  it('shows an accessible consent page that cannot be mistaken for the real provider', async () => {
    // Prepare
    const started = await begin('twitter');
    const page = await (await fetch(started.authorizeUrl)).text();
    const dom = new JSDOM(page, { runScripts: 'outside-only' });
    dom.window.eval(axe.source);
    const runAxe = (dom.window as unknown as { axe: typeof axe }).axe;
    // Act
    const results = await runAxe.run(dom.window.document, {
      rules: { 'color-contrast': { enabled: false } },
    });
    // Assess
    expect(dom.window.document.querySelector('[role="note"]')?.textContent).toContain(
      'OpenPie local sandbox — not the real X.',
    );
    expect([...dom.window.document.querySelectorAll('button')].map((button) => button.textContent)).toEqual([
      'Approve',
      'Cancel',
    ]);
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });
});
