import { SignJWT } from 'jose';
import { describe, expect, it, onTestFinished } from 'vitest';
import { bodyOf } from '../../support/gateway-event';
import {
  call,
  cookiePair,
  createSignedInAccount,
  findSetCookie,
  sessionCookie,
  strongPassword,
  uniqueAddress,
  registerFan,
  uniqueEmail,
} from '../../support/identity';
import type { HandlerResult } from '../../support/identity';

const fanAuth = async () => (await import('../../../functions/handlers/fan-auth')).handler;
const fanUser = async () => (await import('../../../functions/handlers/fan-user')).handler;
const artistUser = async () => (await import('../../../functions/handlers/artist-user')).handler;
const adminAuth = async () => (await import('../../../functions/handlers/admin-auth')).handler;

async function loginFan(email: string, password = strongPassword, clientAddress?: string) {
  return call(await fanAuth(), 'POST', '/api/auth/login', {
    body: { email, password },
    ...(clientAddress ? { clientAddress } : {}),
  });
}

function expectBothCookiesCleared(result: HandlerResult) {
  expect(findSetCookie(result, sessionCookie.fan)).toMatch(
    /^openpie_access_token_fan=; Max-Age=0; Path=\/; HttpOnly/,
  );
  expect(findSetCookie(result, sessionCookie.artist)).toMatch(
    /^openpie_access_token_artist=; Max-Age=0; Path=\/; HttpOnly/,
  );
}

const decode = (part: string) =>
  JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('login replies', () => {
  it('gives byte-identical 401 bodies for an unknown e-mail and a wrong password', async () => {
    // Prepare
    const email = uniqueEmail('known');
    await registerFan(email);
    // Act
    const unknown = await loginFan(uniqueEmail('nobody'));
    const wrong = await loginFan(email, 'not-the-right-password');
    // Assess
    const withoutRequestId = (result: HandlerResult) =>
      (result.body ?? '').replace(/"requestId":"[^"]*"/, '"requestId":""');
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(withoutRequestId(unknown)).toBe(withoutRequestId(wrong));
    expect(bodyOf(wrong)).toMatchObject({
      code: 'invalid_credentials',
      message: 'The e-mail or password is incorrect.',
    });
    // SPEC §4: login is exempt from the cookie clearing every other 401 carries.
    expect(unknown.cookies).toBeUndefined();
    expect(wrong.cookies).toBeUndefined();
  });

  it('answers the 11th rapid attempt from one address at one e-mail with 429, and still lets the owner in from elsewhere', async () => {
    // Prepare
    const email = uniqueEmail('hammered');
    await registerFan(email);
    const attacker = uniqueAddress();
    const attempts: HandlerResult[] = [];
    // Act: ten wrong passwords from one address, an eleventh (right) one from it, then the owner from another
    for (let attempt = 0; attempt < 10; attempt += 1)
      attempts.push(await loginFan(email, `wrong-password-${attempt}`, attacker));
    const eleventh = await loginFan(email, strongPassword, attacker);
    const owner = await loginFan(email, strongPassword, uniqueAddress());
    // Assess
    expect(attempts.map((result) => result.statusCode)).toEqual(Array(10).fill(401));
    expect(eleventh.statusCode).toBe(429);
    expect(bodyOf(eleventh)).toMatchObject({ code: 'rate_limited' });
    const retryAfter = Number(eleventh.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(owner.statusCode).toBe(200);
  });

  it('refuses a second burst just past a window’s edge: the last window still counts, so 2× the limit never gets through', async () => {
    // Prepare: product time 10 seconds before a 15-minute window ends
    const { setLocalClockOffset } = await import('../../../functions/runtime/clock');
    const windowMs = 15 * 60 * 1000;
    const beforeEdge = 2 * windowMs - (Date.now() % windowMs) - 10_000;
    setLocalClockOffset(beforeEdge);
    onTestFinished(() => setLocalClockOffset(0));
    const email = uniqueEmail('straddled');
    const attacker = uniqueAddress();
    const burst = async (label: string) => {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 10; attempt += 1)
        statuses.push((await loginFan(email, `wrong-${label}-${attempt}`, attacker)).statusCode);
      return statuses;
    };
    // Act: the limit's ten attempts before the edge, ten more 20 seconds later, in the next window
    const before = await burst('before');
    setLocalClockOffset(beforeEdge + 20_000);
    const after = await burst('after');
    // Assess: the second burst is refused once the sliding 15 minutes hold the limit (at most one estimate's rounding)
    expect(before).toEqual(Array(10).fill(401));
    expect(after.filter((status) => status !== 429).length).toBeLessThanOrEqual(1);
    expect(after.slice(1)).toEqual(Array(9).fill(429));
  });

  it('limits one client address across e-mails', async () => {
    // Prepare: product time just past the start of a 15-minute window, so the 101 attempts cannot straddle two windows
    // (a run that crossed a quarter hour of the wall clock once counted them in two)
    const { setLocalClockOffset } = await import('../../../functions/runtime/clock');
    const windowMs = 15 * 60 * 1000;
    setLocalClockOffset(windowMs - (Date.now() % windowMs) + 1_000);
    onTestFinished(() => setLocalClockOffset(0));
    const address = uniqueAddress();
    const results: number[] = [];
    // Act: 100 attempts for different e-mails from one address (in batches, to stay quick), then one more
    for (let batch = 0; batch < 4; batch += 1) {
      const statuses = await Promise.all(
        Array.from(
          { length: 25 },
          async () => (await loginFan(uniqueEmail('spray'), 'some-password', address)).statusCode,
        ),
      );
      results.push(...statuses);
    }
    const next = await loginFan(uniqueEmail('spray'), 'some-password', address);
    // Assess
    expect(results.every((status) => status === 401)).toBe(true);
    expect(next.statusCode).toBe(429);
  });
});

describe('session tokens', () => {
  async function signedInFan() {
    const email = uniqueEmail('holder');
    await registerFan(email);
    const login = await loginFan(email);
    const pair = cookiePair(login, sessionCookie.fan);
    return { email, pair, token: pair.slice(pair.indexOf('=') + 1) };
  }

  it('opens the fan area with a fan cookie', async () => {
    // Prepare
    const { email, pair } = await signedInFan();
    // Act
    const result = await call(await fanUser(), 'GET', '/api/user', { cookies: [pair] });
    // Assess
    expect(result.statusCode).toBe(200);
    expect(bodyOf(result)).toMatchObject({ data: { email } });
  });

  it('refuses a missing, unsigned, tampered, expired or other-area token with 401 that clears both cookies', async () => {
    // Prepare
    const { token } = await signedInFan();
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = decode(payload);
    const unsigned = `${encode({ alg: 'none', typ: 'JWT' })}.${payload}.`;
    const flipped = signature.startsWith('A') ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    const tamperedSignature = `${header}.${payload}.${flipped}`;
    const tamperedPayload = `${header}.${encode({ ...claims, sub: 'someone-else' })}.${signature}`;
    const key = new TextEncoder().encode(process.env.JWT_SIGNING_KEY);
    const expired = await new SignJWT({ sid: claims['sid'] })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuer('openpie')
      .setAudience('openpie:fan')
      .setSubject(String(claims['sub']))
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(key);
    const otherAlgorithm = await new SignJWT({ sid: claims['sid'] })
      .setProtectedHeader({ alg: 'HS512' })
      .setIssuer('openpie')
      .setAudience('openpie:fan')
      .setSubject(String(claims['sub']))
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(`${process.env.JWT_SIGNING_KEY}${process.env.JWT_SIGNING_KEY}`));
    const cases: [string, string[]][] = [
      ['no cookie', []],
      ['alg none', [`${sessionCookie.fan}=${unsigned}`]],
      ['tampered signature', [`${sessionCookie.fan}=${tamperedSignature}`]],
      ['tampered payload', [`${sessionCookie.fan}=${tamperedPayload}`]],
      ['expired', [`${sessionCookie.fan}=${expired}`]],
      ['another algorithm', [`${sessionCookie.fan}=${otherAlgorithm}`]],
      ['garbage', [`${sessionCookie.fan}=not.a.jwt`]],
    ];
    for (const [label, cookies] of cases) {
      // Act
      const result = await call(await fanUser(), 'GET', '/api/user', { cookies });
      // Assess
      expect(result.statusCode, label).toBe(401);
      expect(bodyOf(result), label).toMatchObject({ success: false, code: 'unauthorized' });
      expectBothCookiesCleared(result);
    }
  });

  it("refuses a fan token in the artist and admin areas, even under the area's own cookie name", async () => {
    // Prepare
    const { token } = await signedInFan();
    // Act
    const asArtist = await call(await artistUser(), 'GET', '/api/for-artists/user', {
      cookies: [`${sessionCookie.artist}=${token}`],
    });
    const asAdmin = await call(await adminAuth(), 'GET', '/api/admin/profile', {
      cookies: [`${sessionCookie.admin}=${token}`],
      headers: { authorization: `Bearer ${token}` },
    });
    // Assess
    expect(asArtist.statusCode).toBe(401);
    expectBothCookiesCleared(asArtist);
    expect(asAdmin.statusCode).toBe(401);
    expectBothCookiesCleared(asAdmin);
    expect(findSetCookie(asAdmin, sessionCookie.admin)).toMatch(/^openpie_access_token_admin=; Max-Age=0/);
  });

  it('refuses a token whose session has passed its time, even with the clock of the token', async () => {
    // Prepare
    const { vi } = await import('vitest');
    const { pair } = await signedInFan();
    vi.useFakeTimers({ toFake: ['Date'] });
    let result;
    try {
      vi.setSystemTime(Date.now() + 31 * 24 * 60 * 60 * 1000);
      // Act
      result = await call(await fanUser(), 'GET', '/api/user', { cookies: [pair] });
    } finally {
      vi.useRealTimers();
    }
    // Assess
    expect(result.statusCode).toBe(401);
  });

  it('ends the session on logout: the old token no longer opens anything', async () => {
    // Prepare
    const { pair } = await signedInFan();
    // Act
    const logout = await call(await fanAuth(), 'POST', '/api/auth/logout', { cookies: [pair] });
    const after = await call(await fanUser(), 'GET', '/api/user', { cookies: [pair] });
    // Assess
    expect(logout.statusCode).toBe(200);
    expect(findSetCookie(logout, sessionCookie.fan)).toMatch(/^openpie_access_token_fan=; Max-Age=0/);
    expect(after.statusCode).toBe(401);
    expectBothCookiesCleared(after);
  });

  it('keeps other sessions of the same person when one device logs out', async () => {
    // Prepare
    const { email, pair } = await signedInFan();
    const other = cookiePair(await loginFan(email), sessionCookie.fan);
    // Act
    await call(await fanAuth(), 'POST', '/api/auth/logout', { cookies: [pair] });
    const result = await call(await fanUser(), 'GET', '/api/user', { cookies: [other] });
    // Assess
    expect(result.statusCode).toBe(200);
  });

  it('marks cookies Secure once the site is not on http://localhost', async () => {
    // Prepare: a fresh module graph whose cold start reads an https origin
    const { vi } = await import('vitest');
    vi.resetModules();
    const { resetEnvCache } = await import('../../../functions/runtime/env');
    const previous = process.env.SITE_ORIGIN;
    process.env.SITE_ORIGIN = 'https://openpie.example';
    resetEnvCache();
    try {
      const account = await createSignedInAccount('fan');
      // Act
      const result = await call(await fanAuth(), 'POST', '/api/auth/logout', {
        cookies: [account.cookie],
        headers: { origin: 'https://openpie.example' },
      });
      // Assess
      expect(findSetCookie(result, sessionCookie.fan)).toMatch(/; Secure$/);
    } finally {
      process.env.SITE_ORIGIN = previous;
      resetEnvCache();
      vi.resetModules();
    }
  });
});

describe('cross-site requests', () => {
  it("refuses a state-changing call whose Origin is another site's, and accepts the site's own", async () => {
    // Prepare
    const email = uniqueEmail('csrf');
    await registerFan(email);
    // Act
    const crossSite = await call(await fanAuth(), 'POST', '/api/auth/login', {
      body: { email, password: strongPassword },
      headers: { origin: 'https://evil.example' },
    });
    const sameSite = await call(await fanAuth(), 'POST', '/api/auth/login', {
      body: { email, password: strongPassword },
      headers: { origin: 'http://localhost:3000' },
    });
    const crossSiteDelete = await call(await fanAuth(), 'DELETE', '/api/auth/account', {
      cookies: [cookiePair(sameSite, sessionCookie.fan)],
      headers: { origin: 'null' },
    });
    // Assess
    expect(crossSite.statusCode).toBe(403);
    expect(bodyOf(crossSite)).toMatchObject({ code: 'forbidden' });
    expect(crossSite.cookies).toBeUndefined();
    expect(sameSite.statusCode).toBe(200);
    expect(crossSiteDelete.statusCode).toBe(403);
  });
});

describe('writes carried by the session cookie', () => {
  it('refuses a cookie-carried account deletion without Origin or Sec-Fetch-Site, and the account stays', async () => {
    // Prepare: a signed-in fan, whose cookie a page of another site could have the browser attach
    const email = uniqueEmail('cookie-write');
    await registerFan(email);
    const cookie = cookiePair(await loginFan(email), sessionCookie.fan);
    // Act
    const deleted = await call(await fanAuth(), 'DELETE', '/api/auth/account', {
      cookies: [cookie],
      withoutBrowserHeaders: true,
    });
    const stillThere = await call(await fanUser(), 'GET', '/api/user', { cookies: [cookie] });
    // Assess
    expect(deleted.statusCode).toBe(403);
    expect(bodyOf(deleted)).toMatchObject({
      code: 'forbidden',
      message: expect.stringContaining('own pages'),
    });
    expect(stillThere.statusCode, stillThere.body).toBe(200);
  });

  it('lets the same deletion through with the Origin of the site, as the SPA sends it', async () => {
    // Prepare
    const email = uniqueEmail('cookie-write-own');
    await registerFan(email);
    const cookie = cookiePair(await loginFan(email), sessionCookie.fan);
    // Act
    const deleted = await call(await fanAuth(), 'DELETE', '/api/auth/account', {
      cookies: [cookie],
      headers: { origin: 'http://localhost:3000' },
      withoutBrowserHeaders: true,
    });
    // Assess
    expect(deleted.statusCode, deleted.body).toBe(200);
  });

  it('leaves a write carried by a bearer token alone: no browser attaches one on its own', async () => {
    // Prepare
    const fan = await createSignedInAccount('fan');
    // Act
    const loggedOut = await call(await fanAuth(), 'POST', '/api/auth/logout', {
      headers: { authorization: `Bearer ${fan.token}` },
    });
    // Assess
    expect(loggedOut.statusCode, loggedOut.body).toBe(200);
  });
});
