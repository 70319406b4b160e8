// Social sign-in end to end in the local runtime, driven as a browser would: our redirect to the provider, the
// sandbox's consent page, the provider's redirect to our callback, our redirect into the SPA with the session cookie.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { uniqueEmail } from '../support/identity';
import { answerConsent } from '../support/oauth-consent';
import { SiteBrowser, useLocalOpenPie } from '../support/local-app';
import { testTable } from '../support/test-table';

type Provider = 'spotify' | 'google' | 'twitter' | 'facebook';

const signInPaths: Record<Provider, string> = {
  spotify: '/api/auth/loginSpotify',
  google: '/api/auth/loginGoogle',
  twitter: '/api/auth/loginTwitter',
  facebook: '/api/auth/loginFacebookFan',
};

const site = useLocalOpenPie('social');

interface Person {
  email: string;
  name: string;
}

function newPerson(label: string): Person {
  return { email: uniqueEmail(label), name: `${label} Person` };
}

function approveAs(person: Person): Record<string, string> {
  return { identity: 'custom', email: person.email, name: person.name, decision: 'approve' };
}

function location(reply: Response): URL {
  const value = reply.headers.get('location');
  if (!value) throw new Error(`No Location in a ${reply.status} reply`);
  return new URL(value, site.url);
}

/** Follows a sign-in from our redirect to the provider until our callback's reply. */
async function travel(
  browser: SiteBrowser,
  start: string,
  choice: Record<string, string>,
  provider: Provider,
): Promise<Response> {
  const leaving = await browser.fetch(start);
  expect(leaving.status).toBe(302);
  const authorizeUrl = location(leaving);
  expect(authorizeUrl.href.startsWith(`${site.url}/_sandbox/oauth/${provider}/`)).toBe(true);
  expect(browser.has('openpie_oauth_state')).toBe(true);
  const consent = await answerConsent(authorizeUrl.href, choice);
  expect(consent.status).toBe(303);
  return browser.fetch(consent.location!.href);
}

async function readUser(browser: SiteBrowser): Promise<Record<string, unknown>> {
  const reply = await browser.fetch('/api/user');
  expect(reply.status).toBe(200);
  return ((await reply.json()) as { data: Record<string, unknown> }).data;
}

/** A fan who registered with e-mail and password and is logged in. */
async function passwordFan(): Promise<{ browser: SiteBrowser; email: string }> {
  const browser = new SiteBrowser(site);
  const email = uniqueEmail('password-fan');
  const password = 'correct-horse-battery-staple';
  const registered = await browser.fetch('/api/auth/register', {
    method: 'POST',
    body: {
      email,
      first_name: 'Pat',
      last_name: 'Word',
      password,
      accepted_terms_and_conditions: true,
    },
  });
  expect(registered.status).toBe(201);
  const login = await browser.fetch('/api/auth/login', { method: 'POST', body: { email, password } });
  expect(login.status).toBe(200);
  return { browser, email };
}

describe('fan sign-in with each provider', () => {
  it.each<[Provider, { email: 'given' | 'none'; verified: boolean }]>([
    ['spotify', { email: 'given', verified: false }],
    ['google', { email: 'given', verified: true }],
    ['twitter', { email: 'none', verified: false }],
    ['facebook', { email: 'given', verified: false }],
  ])('signs a new fan in with %s and shows the connection', async (provider, expected) => {
    // Prepare
    const browser = new SiteBrowser(site);
    const person = newPerson(provider);
    // Act
    const back = await travel(
      browser,
      `${signInPaths[provider]}?deviceType=desktop`,
      approveAs(person),
      provider,
    );
    // Assess
    expect(back.status).toBe(302);
    expect(location(back).href).toBe(`${site.url}/dashboard`);
    expect(back.headers.getSetCookie().some((cookie) => cookie.startsWith('openpie_access_token_fan='))).toBe(
      true,
    );
    expect(browser.has('openpie_oauth_state')).toBe(false);
    const user = await readUser(browser);
    expect(user).toMatchObject({
      email: expected.email === 'given' ? person.email : '',
      email_verified: expected.verified,
      first_name: provider,
      last_name: 'Person',
      connected_accounts: { [provider]: true },
    });
  });

  it.each<Provider>(['spotify', 'google', 'twitter', 'facebook'])(
    'sends a fan who cancels at %s back to /login with socialError',
    async (provider) => {
      // Prepare
      const browser = new SiteBrowser(site);
      // Act
      const back = await travel(browser, signInPaths[provider], { decision: 'cancel' }, provider);
      // Assess
      expect(back.status).toBe(302);
      const target = location(back);
      expect(`${target.origin}${target.pathname}`).toBe(`${site.url}/login`);
      expect(target.searchParams.get('socialError')).toBe(provider);
      expect(target.searchParams.get('socialReason')).toBe('cancelled');
      expect(
        back.headers.getSetCookie().some((cookie) => cookie.startsWith('openpie_access_token_fan=')),
      ).toBe(false);
      expect(browser.has('openpie_oauth_state')).toBe(false);
    },
  );

  it.each<Provider>(['spotify', 'twitter'])(
    'signs the same %s identity into the same account the second time',
    async (provider) => {
      // Prepare
      const person = newPerson('again');
      const first = new SiteBrowser(site);
      await travel(first, signInPaths[provider], approveAs(person), provider);
      const firstUser = await readUser(first);
      // Act: another browser, the same identity
      const second = new SiteBrowser(site);
      const back = await travel(second, signInPaths[provider], approveAs(person), provider);
      // Assess
      expect(location(back).pathname).toBe('/dashboard');
      expect((await readUser(second))['id']).toBe(firstUser['id']);
    },
  );

  it('returns promo sign-ins to /try, with the promo recorded, and their failures too', async () => {
    // Prepare
    const person = newPerson('promo');
    const browser = new SiteBrowser(site);
    // Act
    const back = await travel(browser, `${signInPaths.google}?promo=try`, approveAs(person), 'google');
    const cancelled = await travel(
      new SiteBrowser(site),
      `${signInPaths.spotify}?promo=try&deviceType=mobile`,
      { decision: 'cancel' },
      'spotify',
    );
    // Assess
    expect(location(back).href).toBe(`${site.url}/try?socialSuccess=google`);
    expect(await readUser(browser)).toMatchObject({ promo_eligible: true, email: person.email });
    const target = location(cancelled);
    expect(target.pathname).toBe('/try');
    expect(target.searchParams.get('socialError')).toBe('spotify');
  });

  it('refuses a callback this browser did not start, without a JSON page', async () => {
    // Prepare: an attempt started in one browser, its callback opened in another
    const starter = new SiteBrowser(site);
    const leaving = await starter.fetch(signInPaths.google);
    const consent = await answerConsent(location(leaving).href, approveAs(newPerson('forged')));
    // Act
    const back = await new SiteBrowser(site).fetch(consent.location!.href);
    // Assess
    expect(back.status).toBe(302);
    const target = location(back);
    expect(target.pathname).toBe('/login');
    expect(target.searchParams.get('socialError')).toBe('google');
    expect(target.searchParams.get('socialReason')).toBe('invalid_state');
  });

  it('does not sign in to an existing account by an address the provider does not vouch for', async () => {
    // Prepare
    const { email } = await passwordFan();
    const browser = new SiteBrowser(site);
    // Act
    const back = await travel(
      browser,
      signInPaths.facebook,
      approveAs({ email, name: 'Not Verified' }),
      'facebook',
    );
    // Assess
    const target = location(back);
    expect(target.pathname).toBe('/login');
    expect(target.searchParams.get('socialError')).toBe('facebook');
    expect(target.searchParams.get('socialReason')).toBe('email_in_use');
    expect(browser.has('openpie_access_token_fan')).toBe(false);
  });

  it('lets a provider-verified address take over an unverified account and drops the connections made before', async () => {
    // Prepare: someone signs up with Spotify using an address Spotify does not vouch for
    const person = newPerson('claimed');
    const claimant = new SiteBrowser(site);
    await travel(claimant, signInPaths.spotify, approveAs(person), 'spotify');
    const claimed = await readUser(claimant);
    // Act: the address's owner signs in with Google, which proves it
    const owner = new SiteBrowser(site);
    await travel(owner, signInPaths.google, approveAs(person), 'google');
    // Assess
    const user = await readUser(owner);
    expect(user['id']).toBe(claimed['id']);
    expect(user).toMatchObject({
      email_verified: true,
      connected_accounts: { google: true, spotify: false },
    });
    expect((await claimant.fetch('/api/user')).status).toBe(401);
  });

  it('lets a password reset by the address owner close the connections made before the address was proven', async () => {
    // Prepare: someone signs up with Facebook with an address Facebook does not vouch for
    const person = newPerson('reset');
    const claimant = new SiteBrowser(site);
    await travel(claimant, signInPaths.facebook, approveAs(person), 'facebook');
    const fanId = String((await readUser(claimant))['id']);
    const token = await issueResetLink(fanId);
    const owner = new SiteBrowser(site);
    const password = 'a-new-password-for-the-owner';
    // Act: the address's owner resets the password through the mailed link, then logs in
    const reset = await owner.fetch(`/api/auth/reset-password/${token}`, {
      method: 'POST',
      body: { password },
    });
    const login = await owner.fetch('/api/auth/login', {
      method: 'POST',
      body: { email: person.email, password },
    });
    const again = await travel(new SiteBrowser(site), signInPaths.facebook, approveAs(person), 'facebook');
    // Assess
    expect(reset.status).toBe(200);
    expect(login.status).toBe(200);
    expect(await readUser(owner)).toMatchObject({
      id: fanId,
      email_verified: true,
      connected_accounts: { facebook: false },
    });
    expect(location(again).searchParams.get('socialReason')).toBe('email_in_use');
  });
});

/** The reset link forgot-password would mail (the mail itself is the mail work's to test). */
async function issueResetLink(fanId: string): Promise<string> {
  const { randomBytes } = await import('node:crypto');
  const { putLinkToken } = await import('../../functions/data/link-tokens');
  const { linkTokenExpiry } = await import('../../functions/domain/identity/link-tokens');
  const { hashLinkTokenSecret } = await import('../../functions/services/identity/link-tokens');
  const secret = randomBytes(32).toString('base64url');
  const now = new Date();
  await putLinkToken(testTable(), {
    tokenHash: hashLinkTokenSecret(secret),
    purpose: 'reset-password',
    kind: 'fan',
    userId: fanId,
    createdAt: now,
    expiresAt: linkTokenExpiry('reset-password', now),
  });
  return secret;
}

describe('connecting and disconnecting providers', () => {
  it('links Google to a signed-in password fan, then disconnects it', async () => {
    // Prepare
    const { browser } = await passwordFan();
    // Act: link
    const linking = await browser.fetch('/api/auth/link-google', { method: 'POST' });
    const { authorizeUrl } = ((await linking.json()) as { data: { authorizeUrl: string } }).data;
    const consent = await answerConsent(authorizeUrl, approveAs(newPerson('linked')));
    const back = await browser.fetch(consent.location!.href);
    const linked = await readUser(browser);
    // Act: disconnect
    const disconnected = await browser.fetch('/api/auth/disconnect-google', { method: 'POST' });
    // Assess
    expect(linking.status).toBe(200);
    expect(location(back).href).toBe(`${site.url}/settings?socialConnected=google`);
    expect(linked).toMatchObject({ connected_accounts: { google: true } });
    expect(disconnected.status).toBe(200);
    expect(await disconnected.json()).toMatchObject({
      success: true,
      data: { connected_accounts: { google: false } },
    });
    expect(await readUser(browser)).toMatchObject({ connected_accounts: { google: false } });
  });

  it('refuses to link an identity that another fan signs in with', async () => {
    // Prepare
    const person = newPerson('taken');
    await travel(new SiteBrowser(site), signInPaths.google, approveAs(person), 'google');
    const { browser } = await passwordFan();
    // Act
    const linking = await browser.fetch('/api/auth/link-google', { method: 'POST' });
    const { authorizeUrl } = ((await linking.json()) as { data: { authorizeUrl: string } }).data;
    const consent = await answerConsent(authorizeUrl, approveAs(person));
    const back = await browser.fetch(consent.location!.href);
    // Assess
    const target = location(back);
    expect(target.pathname).toBe('/settings');
    expect(target.searchParams.get('socialError')).toBe('google');
    expect(target.searchParams.get('socialReason')).toBe('already_linked');
    expect(await readUser(browser)).toMatchObject({ connected_accounts: { google: false } });
  });

  it('connects Spotify to a fan who is already signed in', async () => {
    // Prepare
    const { browser, email } = await passwordFan();
    // Act
    const back = await travel(browser, signInPaths.spotify, approveAs(newPerson('listener')), 'spotify');
    // Assess
    expect(location(back).href).toBe(`${site.url}/settings?socialConnected=spotify`);
    expect(await readUser(browser)).toMatchObject({ email, connected_accounts: { spotify: true } });
  });

  it("says in its own words on the dashboard that a Spotify account is another fan's", async () => {
    // Prepare: a fan signed up with this Spotify account; another fan, signed in, connects it from the dashboard
    const { describeSocialConnectFailure } = await import('../../functions/contracts/social-sign-in');
    const listener = newPerson('held');
    await travel(new SiteBrowser(site), signInPaths.spotify, approveAs(listener), 'spotify');
    const { browser } = await passwordFan();
    // Act
    const back = await travel(
      browser,
      `${signInPaths.spotify}?returnTo=dashboard`,
      approveAs(listener),
      'spotify',
    );
    // Assess: back on the dashboard with the reason, which the dashboard shows as the connection's own sentence
    const target = location(back);
    expect(`${target.origin}${target.pathname}`).toBe(`${site.url}/dashboard`);
    expect(Object.fromEntries(target.searchParams)).toEqual({
      socialError: 'spotify',
      socialReason: 'already_linked',
    });
    expect(describeSocialConnectFailure('spotify', target.searchParams.get('socialReason'))).toBe(
      'This Spotify account is already connected to another OpenPie account.',
    );
    expect(await readUser(browser)).toMatchObject({ connected_accounts: { spotify: false } });
  });

  it('keeps the last way to sign in', async () => {
    // Prepare: an X-only fan has no password and no other connection
    const browser = new SiteBrowser(site);
    await travel(browser, signInPaths.twitter, approveAs(newPerson('only-x')), 'twitter');
    // Act
    const refused = await browser.fetch('/api/auth/disconnect-twitter', { method: 'POST' });
    // Assess
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      success: false,
      code: 'last_sign_in_method',
      message:
        'X is the only way you sign in to OpenPie, so it cannot be disconnected. Connect another account or set a password first.',
    });
    expect(await readUser(browser)).toMatchObject({ connected_accounts: { twitter: true } });
  });
});

describe('Spotify tokens at rest', () => {
  it('keeps them only encrypted, for this fan alone', async () => {
    // Prepare
    const browser = new SiteBrowser(site);
    await travel(browser, signInPaths.spotify, approveAs(newPerson('tokens')), 'spotify');
    const fanId = String((await readUser(browser))['id']);
    const { GetCommand } = await import('@aws-sdk/lib-dynamodb');
    const { getTokenCipher } = await import('../../functions/services/token-cipher');
    const { spotifyTokenContext } = await import('../../functions/domain/identity/connections');
    const table = testTable();
    // Act
    const { Item } = await table.client.send(
      new GetCommand({ TableName: table.name, Key: { pk: `FAN#${fanId}`, sk: 'CONNECTION#spotify' } }),
    );
    const sealed = String(Item?.['spotifyTokens']);
    const tokens = JSON.parse(await getTokenCipher().decrypt(sealed, spotifyTokenContext(fanId))) as {
      accessToken: string;
      refreshToken: string;
    };
    // Assess: the raw item holds neither token, and the decrypted one is Spotify's real token
    const raw = JSON.stringify(Item);
    expect(tokens.accessToken.length).toBeGreaterThan(10);
    expect(raw).not.toContain(tokens.accessToken);
    expect(raw).not.toContain(tokens.refreshToken);
    expect(Item).toMatchObject({ scopes: expect.arrayContaining(['user-read-recently-played']) });
    expect(typeof Item?.['accessTokenExpiresAt']).toBe('string');
    const me = await fetch(`${site.url}/_sandbox/oauth/spotify/api/v1/me`, {
      headers: { authorization: `Bearer ${tokens.accessToken}` },
    });
    expect(me.status).toBe(200);
    await expect(getTokenCipher().decrypt(sealed, spotifyTokenContext(randomUUID()))).rejects.toThrow();
  });
});

describe('staff sign-in with Google', () => {
  /** Our redirect to Google, the consent page, then what the SPA page /admin/auth/google/callback posts. */
  async function staffAttempt(browser: SiteBrowser, choice: Record<string, string>): Promise<Response> {
    const leaving = await browser.fetch('/api/admin/auth/loginGoogle');
    expect(leaving.status).toBe(302);
    const consent = await answerConsent(location(leaving).href, choice);
    const page = consent.location!;
    expect(`${page.origin}${page.pathname}`).toBe(`${site.url}/admin/auth/google/callback`);
    return browser.fetch('/api/admin/auth/google/callback', {
      method: 'POST',
      body: {
        code: page.searchParams.get('code') ?? undefined,
        state: page.searchParams.get('state') ?? undefined,
        error: page.searchParams.get('error') ?? undefined,
      },
    });
  }

  async function createStaffAccount(email: string): Promise<string> {
    const { createAccount } = await import('../../functions/data/accounts');
    const { buildVerifiedAccount } = await import('../../functions/domain/identity/account');
    const now = new Date();
    const account = buildVerifiedAccount(
      { kind: 'admin', id: randomUUID(), email, firstName: 'Sam', lastName: 'Staff', passwordHash: null },
      now,
    );
    expect(await createAccount(testTable(), { ...account, email })).toBe('created');
    return account.id;
  }

  it('signs the demo staff member in and opens the admin API', async () => {
    // Prepare: startOpenPie seeds nothing (npm start does), so the staff account is made here
    const staffId = await createStaffAccount('demo-admin@openpie.example');
    const browser = new SiteBrowser(site);
    // Act
    const reply = await staffAttempt(browser, { identity: 'staff', decision: 'approve' });
    const profile = await browser.fetch('/api/admin/profile');
    // Assess
    expect(reply.status).toBe(200);
    const body = (await reply.json()) as { data: { token: string; profile: Record<string, unknown> } };
    expect(body.data.token.length).toBeGreaterThan(20);
    expect(body.data.profile).toEqual({ id: staffId, email: 'demo-admin@openpie.example', role: 'admin' });
    expect(browser.has('openpie_access_token_admin')).toBe(true);
    expect(profile.status).toBe(200);
  });

  it('refuses a Google account outside the staff domain', async () => {
    // Prepare
    const browser = new SiteBrowser(site);
    // Act
    const reply = await staffAttempt(browser, approveAs(newPerson('outsider')));
    // Assess
    expect(reply.status).toBe(403);
    expect(await reply.json()).toMatchObject({ success: false, code: 'staff_email_refused' });
    expect(browser.has('openpie_access_token_admin')).toBe(false);
  });

  it('refuses a staff-domain address that has no staff account', async () => {
    // Prepare
    const browser = new SiteBrowser(site);
    const person = { email: `nobody-${randomUUID()}@openpie.example`, name: 'No Body' };
    // Act
    const reply = await staffAttempt(browser, approveAs(person));
    // Assess
    expect(reply.status).toBe(403);
    expect(await reply.json()).toMatchObject({ success: false, code: 'not_staff' });
    expect(browser.has('openpie_access_token_admin')).toBe(false);
  });
});
