import { describe, expect, it } from 'vitest';
import {
  call,
  cookiePair,
  dataOf,
  findMail,
  findSetCookie,
  readOutbox,
  sessionCookie,
  strongPassword,
  tokenOfLink,
  fanRegistration,
  registerFan,
  uniqueEmail,
} from '../../support/identity';
import { bodyOf } from '../../support/gateway-event';
import { testTable } from '../../support/test-table';

const fanAuth = async () => (await import('../../../functions/handlers/fan-auth')).handler;
const fanUser = async () => (await import('../../../functions/handlers/fan-user')).handler;

async function loginFan(email: string, password = strongPassword) {
  return call(await fanAuth(), 'POST', '/api/auth/login', { body: { email, password } });
}

describe('a fan registers, verifies and signs in', () => {
  it('sends a verification mail whose link works once, then logs in and reads GET /api/user', async () => {
    // Prepare
    const email = uniqueEmail('fan');
    const handler = await fanAuth();

    // Act: register
    const registered = await registerFan(email);

    // Assess: the reply, and the mail in the outbox with its SPA link
    expect(dataOf(registered)).toMatchObject({ email, email_verified: false, promo_eligible: false });
    const mail = await findMail(email, 'Verify your e-mail');
    expect(mail.text).toContain(mail.links[0]);
    expect(mail.html).toContain('Verify my e-mail');
    expect(mail.links).toHaveLength(1);
    expect(mail.links[0]).toMatch(/^http:\/\/localhost:3000\/auth\/fans\/verify-email\/[A-Za-z0-9_-]{43}$/);

    // Act: a fan may log in before verifying
    const early = await loginFan(email);
    const earlyCookie = cookiePair(early, sessionCookie.fan);
    const before = await call(await fanUser(), 'GET', '/api/user', { cookies: [earlyCookie] });
    expect(dataOf(before)).toMatchObject({ email, email_verified: false });

    // Act: verify twice
    const token = tokenOfLink(mail.links[0] ?? '');
    const first = await call(handler, 'POST', `/api/auth/verify-email/${token}`);
    const second = await call(handler, 'POST', `/api/auth/verify-email/${token}`);

    // Assess
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(400);
    expect(bodyOf(second)).toMatchObject({
      code: 'link_used',
      message:
        'This verification link has already been used. Your e-mail address is verified: please log in.',
    });

    // Act: log in, then read the user with the cookie
    const login = await loginFan(email);
    const cookie = findSetCookie(login, sessionCookie.fan) ?? '';
    const user = await call(await fanUser(), 'GET', '/api/user', {
      cookies: [cookiePair(login, sessionCookie.fan)],
    });

    // Assess
    expect(login.statusCode).toBe(200);
    expect(cookie).toMatch(/; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(user.statusCode).toBe(200);
    expect(dataOf(user)).toEqual({
      id: dataOf(registered)['id'],
      email,
      first_name: 'Fay',
      last_name: 'Listener',
      email_verified: true,
      stripe_customer_id: null,
      promo_eligible: false,
      used_promotion_code: false,
      connected_accounts: { spotify: false, google: false, twitter: false, facebook: false },
      username: null,
      visibility: 'private',
      joined_beta_at: null,
    });
  });

  it('normalises the e-mail, so another spelling of the same address logs in and cannot register again', async () => {
    // Prepare
    const email = uniqueEmail('Mixed.Case');
    await registerFan(`  ${email.toUpperCase()} `);
    // Act
    const login = await loginFan(email.toLowerCase());
    const again = await call(await fanAuth(), 'POST', '/api/auth/register', { body: fanRegistration(email) });
    // Assess
    expect(login.statusCode).toBe(200);
    expect(again.statusCode).toBe(409);
    expect(bodyOf(again)).toMatchObject({ code: 'email_taken' });
  });

  it('records the promo intent of a registration from /try', async () => {
    // Prepare
    const email = uniqueEmail('promo');
    // Act
    const registered = await registerFan(email, { promo: 'try' });
    const login = await loginFan(email);
    const user = await call(await fanUser(), 'GET', '/api/user', {
      cookies: [cookiePair(login, sessionCookie.fan)],
    });
    // Assess
    expect(dataOf(registered)).toMatchObject({ promo_eligible: true });
    expect(dataOf(user)).toMatchObject({ promo_eligible: true, used_promotion_code: false });
  });

  it('says "already used the free promotion" when a promo registration meets an account that used it', async () => {
    // Prepare: a fan who registered from /try and used the promotion (as the payments work records it)
    const { UpdateCommand } = await import('@aws-sdk/lib-dynamodb');
    const email = uniqueEmail('promo-used');
    const registered = await registerFan(email, { promo: 'try' });
    const table = testTable();
    await table.client.send(
      new UpdateCommand({
        TableName: table.name,
        Key: { pk: `FAN#${String(dataOf(registered)['id'])}`, sk: 'ACCOUNT' },
        UpdateExpression: 'SET usedPromotionCode = :used',
        ExpressionAttributeValues: { ':used': true },
      }),
    );
    // Act
    const again = await call(await fanAuth(), 'POST', '/api/auth/register', {
      body: fanRegistration(email, { promo: 'try' }),
    });
    const plain = await call(await fanAuth(), 'POST', '/api/auth/register', { body: fanRegistration(email) });
    // Assess
    expect(again.statusCode).toBe(409);
    expect(String(bodyOf(again)['message'])).toContain('already used the free promotion');
    expect(bodyOf(plain)).toMatchObject({ code: 'email_taken' });
  });

  it('refuses a common password with a clear message, and a refused registration creates nothing', async () => {
    // Prepare
    const email = uniqueEmail('common');
    // Act
    const result = await call(await fanAuth(), 'POST', '/api/auth/register', {
      body: fanRegistration(email, { password: 'Password1' }),
    });
    const login = await loginFan(email, 'Password1');
    // Assess
    expect(result.statusCode).toBe(422);
    expect(bodyOf(result)).toMatchObject({
      code: 'validation_failed',
      fields: { password: 'This password is too common. Please choose another.' },
    });
    expect(login.statusCode).toBe(401);
  });
});

describe('forgot and reset password (fan)', () => {
  async function requestReset(email: string) {
    return call(await fanAuth(), 'POST', '/api/auth/forgot-password', { body: { email } });
  }

  it('answers the same for a known and an unknown e-mail, and mails only the known one', async () => {
    // Prepare
    const known = uniqueEmail('known');
    const unknown = uniqueEmail('unknown');
    await registerFan(known);
    // Act
    const forKnown = await requestReset(known);
    const forUnknown = await requestReset(unknown);
    // Assess
    expect(forKnown.statusCode).toBe(200);
    expect(bodyOf(forKnown)).toEqual(bodyOf(forUnknown));
    const mails = await readOutbox();
    expect(mails.some((mail) => mail.to === known && mail.subject.includes('Reset'))).toBe(true);
    expect(mails.some((mail) => mail.to === unknown)).toBe(false);
  });

  it('resets once, signs the fan out everywhere, sends "password changed", and refuses reuse', async () => {
    // Prepare: a signed-in fan who asks for a reset
    const email = uniqueEmail('reset');
    await registerFan(email);
    const oldSession = cookiePair(await loginFan(email), sessionCookie.fan);
    await requestReset(email);
    const link = (await findMail(email, 'Reset your OpenPie password')).links[0] ?? '';
    expect(link).toMatch(/^http:\/\/localhost:3000\/auth\/fans\/reset-password\/[A-Za-z0-9_-]{43}$/);
    const token = tokenOfLink(link);
    const newPassword = 'a-brand-new-passphrase';

    // Act
    const reset = await call(await fanAuth(), 'POST', `/api/auth/reset-password/${token}`, {
      body: { password: newPassword },
    });
    const reused = await call(await fanAuth(), 'POST', `/api/auth/reset-password/${token}`, {
      body: { password: 'yet-another-passphrase' },
    });
    const withOldSession = await call(await fanUser(), 'GET', '/api/user', { cookies: [oldSession] });
    const withOldPassword = await loginFan(email);
    const withNewPassword = await loginFan(email, newPassword);

    // Assess
    expect(reset.statusCode).toBe(200);
    expect(reused.statusCode).toBe(400);
    expect(bodyOf(reused)).toMatchObject({
      code: 'link_used',
      message: 'This password reset link has already been used. Please request a new one.',
    });
    expect(withOldSession.statusCode).toBe(401);
    expect(withOldPassword.statusCode).toBe(401);
    expect(withNewPassword.statusCode).toBe(200);
    await expect(findMail(email, 'password was changed')).resolves.toMatchObject({ to: email });
  });

  it('refuses a forged link and an expired one, each with its own message', async () => {
    // Prepare
    const { vi } = await import('vitest');
    const email = uniqueEmail('expired');
    await registerFan(email);
    await requestReset(email);
    const token = tokenOfLink((await findMail(email, 'Reset your OpenPie password')).links[0] ?? '');
    const body = { password: 'a-brand-new-passphrase' };

    // Act
    const forged = await call(await fanAuth(), 'POST', `/api/auth/reset-password/${'A'.repeat(43)}`, {
      body,
    });
    vi.useFakeTimers({ toFake: ['Date'] });
    let expired;
    try {
      vi.setSystemTime(Date.now() + 61 * 60 * 1000);
      expired = await call(await fanAuth(), 'POST', `/api/auth/reset-password/${token}`, { body });
    } finally {
      vi.useRealTimers();
    }

    // Assess
    expect(forged.statusCode).toBe(400);
    expect(bodyOf(forged)).toMatchObject({
      code: 'link_invalid',
      message: 'This password reset link is not valid. Please request a new one.',
    });
    expect(expired.statusCode).toBe(400);
    expect(bodyOf(expired)).toMatchObject({
      code: 'link_expired',
      message: 'This password reset link has expired. Please request a new one.',
    });
  });

  it('keeps the link when the new password is refused', async () => {
    // Prepare
    const email = uniqueEmail('keep-link');
    await registerFan(email);
    await requestReset(email);
    const token = tokenOfLink((await findMail(email, 'Reset your OpenPie password')).links[0] ?? '');
    // Act
    const refused = await call(await fanAuth(), 'POST', `/api/auth/reset-password/${token}`, {
      body: { password: 'iloveyou2' },
    });
    const accepted = await call(await fanAuth(), 'POST', `/api/auth/reset-password/${token}`, {
      body: { password: 'a-much-better-passphrase' },
    });
    // Assess
    expect(refused.statusCode).toBe(422);
    expect(accepted.statusCode).toBe(200);
  });

  it('does not take a verification link as a reset link', async () => {
    // Prepare
    const email = uniqueEmail('cross-purpose');
    await registerFan(email);
    const verifyToken = tokenOfLink((await findMail(email, 'Verify')).links[0] ?? '');
    // Act
    const result = await call(await fanAuth(), 'POST', `/api/auth/reset-password/${verifyToken}`, {
      body: { password: 'a-brand-new-passphrase' },
    });
    // Assess
    expect(result.statusCode).toBe(400);
    expect(bodyOf(result)).toMatchObject({ code: 'link_invalid' });
  });
});

describe('an expired verification link', () => {
  it('says so and mails one fresh link, once', async () => {
    // Prepare
    const { vi } = await import('vitest');
    const email = uniqueEmail('late');
    await registerFan(email);
    const token = tokenOfLink((await findMail(email, 'Verify')).links[0] ?? '');
    vi.useFakeTimers({ toFake: ['Date'] });
    let first;
    let second;
    try {
      vi.setSystemTime(Date.now() + 49 * 60 * 60 * 1000);
      // Act
      first = await call(await fanAuth(), 'POST', `/api/auth/verify-email/${token}`);
      second = await call(await fanAuth(), 'POST', `/api/auth/verify-email/${token}`);
    } finally {
      vi.useRealTimers();
    }
    // Assess
    expect(first.statusCode).toBe(400);
    expect(bodyOf(first)).toMatchObject({ code: 'link_expired' });
    expect(second.statusCode).toBe(400);
    const links = (await readOutbox()).filter((mail) => mail.to === email && mail.subject.includes('Verify'));
    expect(links).toHaveLength(2);
    const fresh = tokenOfLink(links[0]?.links[0] ?? '');
    const verified = await call(await fanAuth(), 'POST', `/api/auth/verify-email/${fresh}`);
    expect(verified.statusCode).toBe(200);
  });
});

describe('deleting a fan account', () => {
  it('erases the person, signs them out, mails them first, and frees the e-mail', async () => {
    // Prepare
    const email = uniqueEmail('leaving');
    const registered = await registerFan(email);
    const userId = String(dataOf(registered)['id']);
    const cookie = cookiePair(await loginFan(email), sessionCookie.fan);
    const secondDevice = cookiePair(await loginFan(email), sessionCookie.fan);

    // Act
    const deleted = await call(await fanAuth(), 'DELETE', '/api/auth/account', { cookies: [cookie] });

    // Assess: signed out everywhere, mailed, erased, e-mail free again
    expect(deleted.statusCode).toBe(200);
    expect(findSetCookie(deleted, sessionCookie.fan)).toMatch(/^openpie_access_token_fan=; Max-Age=0;/);
    const other = await call(await fanUser(), 'GET', '/api/user', { cookies: [secondDevice] });
    expect(other.statusCode).toBe(401);
    expect((await loginFan(email)).statusCode).toBe(401);
    await expect(findMail(email, 'account was deleted')).resolves.toMatchObject({ to: email });

    const { getAccount } = await import('../../../functions/data/accounts');
    const tombstone = await getAccount(testTable(), 'fan', userId);
    expect(tombstone).toMatchObject({
      id: userId,
      status: 'deleted',
      email: null,
      firstName: null,
      lastName: null,
      passwordHash: null,
    });

    const again = await call(await fanAuth(), 'POST', '/api/auth/register', { body: fanRegistration(email) });
    expect(again.statusCode).toBe(201);
    expect(dataOf(again)['id']).not.toBe(userId);
  });
});

describe('a signed-in fan asks for a new verification link (paying needs a verified address)', () => {
  it('mails a fresh link that verifies, answers a verified fan without mailing, and refuses the 11th in the window', async () => {
    // Prepare: a fan who registered and lost the first mail
    const email = uniqueEmail('resend');
    await registerFan(email);
    const cookie = cookiePair(await loginFan(email), sessionCookie.fan);
    const handler = await fanAuth();
    const mailsTo = async () => (await readOutbox()).filter((mail) => mail.to === email).length;
    const before = await mailsTo();

    // Act: ask for a new link
    const resent = await call(handler, 'POST', '/api/auth/resend-verification', { cookies: [cookie] });

    // Assess: a second mail whose link verifies the address
    expect(resent.statusCode, resent.body).toBe(200);
    expect(dataOf(resent)).toEqual({
      message: `We have sent a new verification link to ${email}. Please check your inbox.`,
    });
    expect(await mailsTo()).toBe(before + 1);
    const link = (await findMail(email, 'Verify your e-mail')).links[0] ?? '';
    const verified = await call(handler, 'POST', `/api/auth/verify-email/${tokenOfLink(link)}`);
    expect(verified.statusCode, verified.body).toBe(200);

    // Act + Assess: a verified fan gets an answer and no mail
    const again = await call(handler, 'POST', '/api/auth/resend-verification', { cookies: [cookie] });
    expect(dataOf(again)).toEqual({ message: 'Your e-mail address is already verified.' });
    expect(await mailsTo()).toBe(before + 1);

    // Act + Assess: without a session, 401
    const anonymous = await call(handler, 'POST', '/api/auth/resend-verification');
    expect(anonymous.statusCode).toBe(401);
  });

  it('counts against the per-e-mail limit of calls that mail the address', async () => {
    // Prepare: an unverified fan (its asks have a counter of their own: 10 per e-mail in 15 minutes)
    const email = uniqueEmail('resend-limit');
    await registerFan(email);
    const cookie = cookiePair(await loginFan(email), sessionCookie.fan);
    const handler = await fanAuth();

    // Act: eleven asks in the same window
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      statuses.push(
        (await call(handler, 'POST', '/api/auth/resend-verification', { cookies: [cookie] })).statusCode,
      );
    }

    // Assess: the first ten are mailed, the eleventh is refused with 429
    expect(statuses.slice(0, 10)).toEqual(Array<number>(10).fill(200));
    expect(statuses[10]).toBe(429);
  });
});
