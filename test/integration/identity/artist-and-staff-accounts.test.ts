import { describe, expect, it } from 'vitest';
import { bodyOf } from '../../support/gateway-event';
import {
  call,
  cookiePair,
  createSignedInAccount,
  dataOf,
  findMail,
  findSetCookie,
  sessionCookie,
  strongPassword,
  tokenOfLink,
  uniqueEmail,
} from '../../support/identity';
import { testTable } from '../../support/test-table';

const artistAuth = async () => (await import('../../../functions/handlers/artist-auth')).handler;
const artistUser = async () => (await import('../../../functions/handlers/artist-user')).handler;
const fanAuth = async () => (await import('../../../functions/handlers/fan-auth')).handler;
const adminAuth = async () => (await import('../../../functions/handlers/admin-auth')).handler;

async function registerArtist(email: string) {
  const result = await call(await artistAuth(), 'POST', '/api/for-artists/auth/register', {
    body: {
      email,
      first_name: 'Ari',
      last_name: 'Artist',
      password: strongPassword,
      accepted_terms_and_conditions: true,
      recaptchaToken: 'local',
    },
  });
  expect(result.statusCode, result.body).toBe(201);
  return result;
}

async function loginArtist(email: string, password = strongPassword) {
  return call(await artistAuth(), 'POST', '/api/for-artists/auth/login', { body: { email, password } });
}

describe('an artist-side user registers, verifies, signs in and completes the profile', () => {
  it('follows the mail link once, logs in with an incomplete profile, and completes it', async () => {
    // Prepare
    const email = uniqueEmail('artist');
    await registerArtist(email);
    const mail = await findMail(email, 'Verify your e-mail');
    expect(mail.links[0]).toMatch(
      /^http:\/\/localhost:3000\/auth\/for-artists\/verify-email\/[A-Za-z0-9_-]{43}$/,
    );
    const token = tokenOfLink(mail.links[0] ?? '');

    // Act: verify twice, log in
    const first = await call(await artistAuth(), 'POST', `/api/for-artists/auth/verify-email/${token}`);
    const second = await call(await artistAuth(), 'POST', `/api/for-artists/auth/verify-email/${token}`);
    const login = await loginArtist(email);
    const cookie = cookiePair(login, sessionCookie.artist);
    const before = await call(await artistUser(), 'GET', '/api/for-artists/user', { cookies: [cookie] });

    // Assess
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(400);
    expect(bodyOf(second)).toMatchObject({ code: 'link_used' });
    expect(login.statusCode).toBe(200);
    expect(findSetCookie(login, sessionCookie.artist)).toMatch(
      /Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax$/,
    );
    expect(dataOf(before)).toEqual({
      _id: expect.any(String),
      email,
      first_name: 'Ari',
      last_name: 'Artist',
      phone_number: null,
      country: null,
      email_verified: true,
      profile_complete: false,
      // Made on the first visit (decision 022): the user is its admin.
      offices: [{ _id: expect.any(String), name: "Ari Artist's office", role: 'admin' }],
      connected_accounts: { google: false },
    });

    // Act: complete the registration
    const completed = await call(await artistAuth(), 'POST', '/api/for-artists/auth/complete-registration', {
      cookies: [cookie],
      body: { first_name: ' Ariadne ', last_name: 'Artist', phone_number: '+44 20 7946 0000', country: 'GB' },
    });
    const after = await call(await artistUser(), 'GET', '/api/for-artists/user', { cookies: [cookie] });

    // Assess
    expect(completed.statusCode).toBe(200);
    expect(dataOf(after)).toMatchObject({
      first_name: 'Ariadne',
      phone_number: '+44 20 7946 0000',
      country: 'GB',
      profile_complete: true,
    });
  });

  it('updates the profile with PATCH user/profile and refuses a blank field', async () => {
    // Prepare
    const account = await createSignedInAccount('artist', { phoneNumber: '+1 555 0101', country: 'US' });
    // Act
    const changed = await call(await artistUser(), 'PATCH', '/api/for-artists/user/profile', {
      cookies: [account.cookie],
      body: { country: 'CA' },
    });
    const blank = await call(await artistUser(), 'PATCH', '/api/for-artists/user/profile', {
      cookies: [account.cookie],
      body: { phone_number: '   ' },
    });
    // Assess
    expect(dataOf(changed)).toMatchObject({
      country: 'CA',
      phone_number: '+1 555 0101',
      profile_complete: true,
    });
    expect(blank.statusCode).toBe(422);
    expect(bodyOf(blank)).toMatchObject({ fields: { phone_number: 'Phone number is required' } });
  });

  it('keeps fan and artist accounts apart: the same e-mail may be both, each with its own password', async () => {
    // Prepare
    const email = uniqueEmail('both');
    await registerArtist(email);
    // Act
    const asFan = await call(await fanAuth(), 'POST', '/api/auth/login', {
      body: { email, password: strongPassword },
    });
    // Assess
    expect(asFan.statusCode).toBe(401);
  });

  it('refuses complete-registration to a fan session', async () => {
    // Prepare
    const fan = await createSignedInAccount('fan');
    // Act
    const result = await call(await artistAuth(), 'POST', '/api/for-artists/auth/complete-registration', {
      cookies: [fan.cookie],
      body: { first_name: 'A', last_name: 'B', phone_number: '1', country: 'US' },
    });
    // Assess
    expect(result.statusCode).toBe(401);
  });

  it('resets an artist password through the for-artists link and deletes the account', async () => {
    // Prepare
    const email = uniqueEmail('artist-reset');
    await registerArtist(email);
    await call(await artistAuth(), 'POST', '/api/for-artists/auth/forgot-password', { body: { email } });
    const link = (await findMail(email, 'Reset your OpenPie password')).links[0] ?? '';
    expect(link).toMatch(/\/auth\/for-artists\/reset-password\/[A-Za-z0-9_-]{43}$/);
    // Act
    const reset = await call(
      await artistAuth(),
      'POST',
      `/api/for-artists/auth/reset-password/${tokenOfLink(link)}`,
      {
        body: { password: 'artist-new-passphrase' },
      },
    );
    const login = await loginArtist(email, 'artist-new-passphrase');
    const cookie = cookiePair(login, sessionCookie.artist);
    const deleted = await call(await artistAuth(), 'DELETE', '/api/for-artists/auth/delete-account', {
      cookies: [cookie],
    });
    const after = await call(await artistUser(), 'GET', '/api/for-artists/user', { cookies: [cookie] });
    // Assess
    expect(reset.statusCode).toBe(200);
    expect(login.statusCode).toBe(200);
    expect(deleted.statusCode).toBe(200);
    expect(after.statusCode).toBe(401);
    expect((await loginArtist(email, 'artist-new-passphrase')).statusCode).toBe(401);
    await registerArtist(email);
  });
});

describe('staff sign-in', () => {
  async function createStaff(email: string, password: string) {
    const { randomUUID } = await import('node:crypto');
    const { createAccount } = await import('../../../functions/data/accounts');
    const { buildVerifiedAccount } = await import('../../../functions/domain/identity/account');
    const { getPasswordHasher } = await import('../../../functions/services/password-hasher');
    const now = new Date();
    const account = buildVerifiedAccount(
      { kind: 'admin', id: randomUUID(), email, passwordHash: await getPasswordHasher().hash(password) },
      now,
    );
    await createAccount(testTable(), { ...account, email });
    return account.id;
  }

  it('returns a token and sets the 7-day admin cookie; GET /api/admin/profile works with the cookie', async () => {
    // Prepare
    const email = uniqueEmail('staff');
    const id = await createStaff(email, 'staff-passphrase-1');
    // Act
    const login = await call(await adminAuth(), 'POST', '/api/admin/auth/login', {
      body: { email, password: 'staff-passphrase-1' },
    });
    const cookie = cookiePair(login, sessionCookie.admin);
    const profile = await call(await adminAuth(), 'GET', '/api/admin/profile', { cookies: [cookie] });
    const withBearer = await call(await adminAuth(), 'GET', '/api/admin/profile', {
      headers: { authorization: `Bearer ${String(dataOf(login)['token'])}` },
    });
    // Assess
    expect(login.statusCode).toBe(200);
    expect(dataOf(login)).toEqual({ token: expect.any(String), profile: { id, email, role: 'admin' } });
    expect(cookie).toBe(`${sessionCookie.admin}=${String(dataOf(login)['token'])}`);
    expect(findSetCookie(login, sessionCookie.admin)).toMatch(
      /Max-Age=604800; Path=\/; HttpOnly; SameSite=Lax$/,
    );
    expect(profile.statusCode).toBe(200);
    expect(dataOf(profile)).toEqual({ id, email, role: 'admin' });
    expect(withBearer.statusCode).toBe(200);
  });

  it('refuses a fan password at the staff login, and a staff token in the fan area', async () => {
    // Prepare
    const email = uniqueEmail('not-staff');
    const fan = await createSignedInAccount('fan', { email });
    const staffEmail = uniqueEmail('staff');
    await createStaff(staffEmail, 'staff-passphrase-2');
    const staffLogin = await call(await adminAuth(), 'POST', '/api/admin/auth/login', {
      body: { email: staffEmail, password: 'staff-passphrase-2' },
    });
    const staffToken = String(dataOf(staffLogin)['token']);
    const fanUser = (await import('../../../functions/handlers/fan-user')).handler;
    // Act
    const fanAtAdmin = await call(await adminAuth(), 'GET', '/api/admin/profile', {
      cookies: [fan.cookie.replace(sessionCookie.fan, sessionCookie.admin)],
    });
    const staffAtFan = await call(fanUser, 'GET', '/api/user', {
      cookies: [`${sessionCookie.fan}=${staffToken}`],
    });
    // Assess
    expect(fanAtAdmin.statusCode).toBe(401);
    expect(staffAtFan.statusCode).toBe(401);
  });

  it('logs staff out', async () => {
    // Prepare
    const email = uniqueEmail('staff-out');
    await createStaff(email, 'staff-passphrase-3');
    const login = await call(await adminAuth(), 'POST', '/api/admin/auth/login', {
      body: { email, password: 'staff-passphrase-3' },
    });
    const cookie = cookiePair(login, sessionCookie.admin);
    // Act
    const logout = await call(await adminAuth(), 'POST', '/api/admin/auth/logout', { cookies: [cookie] });
    const profile = await call(await adminAuth(), 'GET', '/api/admin/profile', { cookies: [cookie] });
    // Assess
    expect(logout.statusCode).toBe(200);
    expect(profile.statusCode).toBe(401);
    expect(findSetCookie(profile, sessionCookie.admin)).toMatch(/Max-Age=0/);
  });
});

describe('social sign-in support', () => {
  it('finds or creates an account by a provider-verified e-mail, and removes a password a stranger set', async () => {
    // Prepare: someone registered this address with a password but never verified it
    const { findOrCreateAccountByVerifiedEmail } =
      await import('../../../functions/services/identity/provider-accounts');
    const { identityDependencies } = await import('../../../functions/services/identity/dependencies');
    const { startSession } = await import('../../../functions/services/sessions');
    const deps = identityDependencies();
    const email = uniqueEmail('hijack');
    const registered = await call(await fanAuth(), 'POST', '/api/auth/register', {
      body: {
        email,
        first_name: 'Mallory',
        last_name: 'Stranger',
        password: strongPassword,
        accepted_terms_and_conditions: true,
      },
    });
    const strangerSession = cookiePair(
      await call(await fanAuth(), 'POST', '/api/auth/login', { body: { email, password: strongPassword } }),
      sessionCookie.fan,
    );
    const fresh = uniqueEmail('new-social');
    const fanUser = (await import('../../../functions/handlers/fan-user')).handler;

    // Act
    const existing = await findOrCreateAccountByVerifiedEmail(deps, 'fan', { email: email.toUpperCase() });
    const created = await findOrCreateAccountByVerifiedEmail(deps, 'fan', {
      email: fresh,
      firstName: 'Nia',
      lastName: 'New',
      promoEligible: true,
    });
    const session = await startSession(deps, 'fan', created.account.id);
    const user = await call(fanUser, 'GET', '/api/user', {
      cookies: [`${sessionCookie.fan}=${session.token}`],
    });

    // Assess
    expect(existing).toMatchObject({
      created: false,
      account: { id: dataOf(registered)['id'], passwordHash: null },
    });
    expect(existing.account.emailVerifiedAt).not.toBeNull();
    expect((await call(fanUser, 'GET', '/api/user', { cookies: [strangerSession] })).statusCode).toBe(401);
    expect(
      (await call(await fanAuth(), 'POST', '/api/auth/login', { body: { email, password: strongPassword } }))
        .statusCode,
    ).toBe(401);
    expect(created.created).toBe(true);
    expect(dataOf(user)).toMatchObject({
      email: fresh,
      first_name: 'Nia',
      email_verified: true,
      promo_eligible: true,
    });
  });
});

describe('social connections', () => {
  it('shows connected providers on GET /api/user, keeps a provider identity to one account, and frees it on deletion', async () => {
    // Prepare
    const { saveConnection, findAccountByConnection } = await import('../../../functions/data/accounts');
    const fan = await createSignedInAccount('fan');
    const other = await createSignedInAccount('fan');
    const spotifyId = `spotify-${fan.userId}`;
    const connection = {
      provider: 'spotify',
      providerUserId: spotifyId,
      connectedAt: new Date().toISOString(),
    };
    const fanUser = (await import('../../../functions/handlers/fan-user')).handler;

    // Act
    const saved = await saveConnection(testTable(), 'fan', fan.userId, connection);
    const again = await saveConnection(testTable(), 'fan', fan.userId, connection);
    const stolen = await saveConnection(testTable(), 'fan', other.userId, connection);
    const user = await call(fanUser, 'GET', '/api/user', { cookies: [fan.cookie] });
    const found = await findAccountByConnection(testTable(), 'fan', 'spotify', spotifyId);
    await call(await fanAuth(), 'DELETE', '/api/auth/account', { cookies: [fan.cookie] });
    const afterDeletion = await findAccountByConnection(testTable(), 'fan', 'spotify', spotifyId);
    const reconnected = await saveConnection(testTable(), 'fan', other.userId, connection);

    // Assess
    expect([saved, again, stolen]).toEqual(['saved', 'saved', 'taken']);
    expect(dataOf(user)).toMatchObject({
      connected_accounts: { spotify: true, google: false, twitter: false, facebook: false },
    });
    expect(found?.id).toBe(fan.userId);
    expect(afterDeletion).toBeNull();
    expect(reconnected).toBe('saved');
  });
});
