// Identity in a real Chromium: fans, artist-side users and staff sign up, verify through the mailed link,
// log in and out; SPEC §5's texts appear where SPEC says; social sign-in with each provider through the sandbox's
// consent page, and SPEC §8's text when it is cancelled; the fan's connected accounts; and a screenshot of every
// identity screen at a phone and a desktop size.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { saveScreenshot } from './support/browser';
import { findSeriousAxeViolations, type ObservedPage } from './support/frame-checks';
import {
  approveOnSandbox,
  cancelOnSandbox,
  findMailedLink,
  makeTestPerson,
  readSessionAccount,
  selectUnexpectedProblems,
  type TestPerson,
} from './support/identity-helpers';
import { resizeTo, useObservedPages, viewports } from './support/pages';

const baseUrl = inject('baseUrl');

type ViewportName = keyof typeof viewports;

/** The demo staff account local mode seeds (local/seed.ts). */
const demoStaff = { email: 'demo-admin@openpie.example', password: 'demo-admin-pie-2026' };

const socialProviders = [
  { provider: 'spotify', button: 'Continue with Spotify', failure: 'Spotify' },
  { provider: 'google', button: 'Continue with Google', failure: 'Google' },
  { provider: 'twitter', button: 'Continue with X', failure: 'Twitter' },
  { provider: 'facebook', button: 'Continue with Facebook', failure: 'Facebook' },
] as const;

const pages = useObservedPages();

const openFreshPage = (viewport: ViewportName = 'desktop'): Promise<ObservedPage> =>
  pages.open({ viewport: viewports[viewport] });

/** Loads a path and waits for the app to settle on a page with its h1. */
async function visit(page: Page, path: string): Promise<void> {
  await page.goto(`${baseUrl}${path}`, { waitUntil: 'load' });
  await page.locator('h1').first().waitFor({ state: 'visible', timeout: 15_000 });
  await page.locator('.navigation-progress').waitFor({ state: 'detached', timeout: 15_000 });
}

/** A full-page screenshot from the top, so a sticky header does not land in the middle of it. */
async function snap(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, name);
}

/** A screenshot of what the window shows (a dialog, a section scrolled into view), not of the whole page. */
async function snapView(page: Page, name: string): Promise<void> {
  const dir = join(process.cwd(), 'test-results', 'screenshots');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`) });
}

async function waitForPath(page: Page, pathname: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname, { timeout: 20_000 });
  await page.locator('h1').first().waitFor({ state: 'visible', timeout: 15_000 });
  await page.locator('.navigation-progress').waitFor({ state: 'detached', timeout: 15_000 });
}

async function fillRegistration(page: Page, person: TestPerson): Promise<void> {
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('First name').fill(person.firstName);
  await page.getByLabel('Last name').fill(person.lastName);
  await page.getByLabel(/^Password\*?$/).fill(person.password);
  await page.getByLabel('Repeat password').fill(person.password);
}

async function logIn(page: Page, email: string, password: string, button = 'Log in'): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password\*?$/).fill(password);
  await page.getByRole('button', { name: button, exact: true }).click();
}

/** Registers through a registration screen and opens the verification link from the outbox. */
async function registerAndVerify(
  page: Page,
  person: TestPerson,
  registerPath: string,
  linkPath: string,
): Promise<void> {
  await visit(page, registerPath);
  await fillRegistration(page, person);
  await page.getByRole('button', { name: 'CREATE MY ACCOUNT' }).click();
  await page.getByRole('heading', { level: 1, name: 'Check your e-mail' }).waitFor();
  const link = await findMailedLink(baseUrl, person.email, linkPath);
  await visit(page, new URL(link).pathname);
  await page.getByRole('heading', { level: 1, name: 'Your e-mail address is verified' }).waitFor();
}

describe('a fan account, end to end', () => {
  it('registers, verifies through the mailed link, logs in to /dashboard, is GET /api/user, and logs out', async () => {
    // Prepare
    const observed = await openFreshPage();
    const { page } = observed;
    const fan = makeTestPerson('fan');

    // Act
    await registerAndVerify(page, fan, '/register', '/auth/fans/verify-email/');
    await page.getByRole('main').getByRole('link', { name: 'Log in' }).click();
    await waitForPath(page, '/login');
    await logIn(page, fan.email, fan.password);
    await waitForPath(page, '/dashboard');
    const signedIn = await readSessionAccount(page, baseUrl, '/api/user');
    await page.getByRole('button', { name: 'Log out' }).click();
    await waitForPath(page, '/login');
    const signedOut = await readSessionAccount(page, baseUrl, '/api/user');

    // Assess
    expect(signedIn.status).toBe(200);
    expect(signedIn.data).toMatchObject({
      email: fan.email,
      first_name: fan.firstName,
      last_name: fan.lastName,
      email_verified: true,
    });
    expect(signedOut.status).toBe(401);
    expect(selectUnexpectedProblems(observed.problems)).toEqual([]);
  });

  it('says clearly when a verification link is used a second time', async () => {
    // Prepare
    const observed = await openFreshPage();
    const { page } = observed;
    const fan = makeTestPerson('fan-twice');
    await registerAndVerify(page, fan, '/register', '/auth/fans/verify-email/');
    const link = await findMailedLink(baseUrl, fan.email, '/auth/fans/verify-email/');

    // Act
    await visit(page, new URL(link).pathname);
    await page.getByRole('heading', { level: 1, name: 'We could not verify your e-mail address' }).waitFor();

    // Assess
    expect(await page.getByRole('alert').textContent()).toContain('already been used');
  });

  it('resets a forgotten password through the mailed link, which then works only once', async () => {
    // Prepare
    const observed = await openFreshPage();
    const { page } = observed;
    const fan = makeTestPerson('fan-reset');
    await registerAndVerify(page, fan, '/register', '/auth/fans/verify-email/');
    const newPassword = `${fan.password}-renewed`;

    // Act
    await visit(page, '/login');
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await page.getByLabel('Email').fill(fan.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    const confirmation = await page.getByRole('status').textContent();
    const link = new URL(await findMailedLink(baseUrl, fan.email, '/auth/fans/reset-password/')).pathname;
    await visit(page, link);
    await page.getByLabel(/^New password\*?$/).fill(newPassword);
    await page.getByLabel('Repeat new password').fill(newPassword);
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByText('Your password was changed', { exact: true }).waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Log in' }).click();
    await waitForPath(page, '/login');
    await logIn(page, fan.email, newPassword);
    await waitForPath(page, '/dashboard');
    await visit(page, link);
    await page.getByLabel(/^New password\*?$/).fill(newPassword);
    await page.getByLabel('Repeat new password').fill(newPassword);
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByText('This link cannot be used').waitFor();

    // Assess
    expect(confirmation).toContain('If an account exists for this e-mail');
    expect(await page.getByRole('alert').textContent()).toContain('already been used');
    expect(selectUnexpectedProblems(observed.problems)).toEqual([]);
  });
});

describe('an artist-side account, end to end', () => {
  it('registers, verifies, logs in, is sent to complete-registration, and has a complete profile after it', async () => {
    // Prepare
    const observed = await openFreshPage();
    const { page } = observed;
    const artist = makeTestPerson('artist');

    // Act
    await registerAndVerify(page, artist, '/for-artists/register', '/auth/for-artists/verify-email/');
    await page.getByRole('main').getByRole('link', { name: 'Log in' }).click();
    await waitForPath(page, '/for-artists/login');
    await logIn(page, artist.email, artist.password);
    await waitForPath(page, '/for-artists/complete-registration');
    const before = await readSessionAccount(page, baseUrl, '/api/for-artists/user');
    await visit(page, '/for-artists/funds');
    const guardedLanding = new URL(page.url()).pathname;
    await page.getByLabel('Phone number').fill('+44 20 7946 0000');
    await page.getByLabel('Country').selectOption('GB');
    await page.getByRole('button', { name: 'Complete registration' }).click();
    await waitForPath(page, '/for-artists/artists');
    const after = await readSessionAccount(page, baseUrl, '/api/for-artists/user');
    await page.getByRole('button', { name: 'Log out' }).click();
    await waitForPath(page, '/for-artists/login');
    const signedOut = await readSessionAccount(page, baseUrl, '/api/for-artists/user');

    // Assess
    expect(before.data).toMatchObject({ email: artist.email, profile_complete: false, email_verified: true });
    expect(guardedLanding).toBe('/for-artists/complete-registration');
    expect(after.data).toMatchObject({
      email: artist.email,
      first_name: artist.firstName,
      last_name: artist.lastName,
      phone_number: '+44 20 7946 0000',
      country: 'GB',
      profile_complete: true,
    });
    expect(signedOut.status).toBe(401);
    expect(selectUnexpectedProblems(observed.problems)).toEqual([]);
  });
});

describe('staff', () => {
  it('log in at /admin with the demo staff account, reach /admin/dashboard, and log out', async () => {
    // Prepare
    const observed = await openFreshPage();
    const { page } = observed;

    // Act
    await visit(page, '/admin');
    await logIn(page, demoStaff.email, demoStaff.password, 'Sign in');
    await waitForPath(page, '/admin/dashboard');
    const profile = await readSessionAccount(page, baseUrl, '/api/admin/profile');
    await page.getByRole('button', { name: 'Log out' }).click();
    await waitForPath(page, '/admin');
    const signedOut = await readSessionAccount(page, baseUrl, '/api/admin/profile');

    // Assess
    expect(profile.data).toMatchObject({ email: demoStaff.email, role: 'admin' });
    expect(signedOut.status).toBe(401);
    expect(selectUnexpectedProblems(observed.problems)).toEqual([]);
  });

  it('sign in with Google through the sandbox and reach /admin/dashboard', async () => {
    // Prepare
    const observed = await openFreshPage();
    const { page } = observed;

    // Act
    await visit(page, '/admin');
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await approveOnSandbox(page, { key: 'staff' });
    await waitForPath(page, '/admin/dashboard');
    const profile = await readSessionAccount(page, baseUrl, '/api/admin/profile');

    // Assess
    expect(profile.data).toMatchObject({ email: demoStaff.email, role: 'admin' });
    expect(selectUnexpectedProblems(observed.problems)).toEqual([]);
  });
});

describe('SPEC §5 texts in the browser', () => {
  it('login: none before a field is touched, each after touch, all on submit', async () => {
    // Prepare
    const { page } = await openFreshPage();
    await visit(page, '/login');
    const errors = page.locator('.field__error');
    const untouched = await errors.count();

    // Act
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    const onEmptySubmit = await errors.allTextContents();
    await page.getByLabel('Email').fill('not-an-address');
    await page.getByLabel(/^Password\*?$/).fill('short');
    await page.getByLabel('Email').focus();
    const onInvalid = await errors.allTextContents();

    // Assess
    expect(untouched).toBe(0);
    expect(onEmptySubmit).toEqual(['Email is required', 'Password is required']);
    expect(onInvalid).toEqual(['Please enter a valid email', 'Password must be at least 8 characters']);
  });

  it('login: a wrong password is refused with the server’s sentence', async () => {
    // Prepare
    const { page } = await openFreshPage();
    await visit(page, '/login');

    // Act
    await logIn(page, makeTestPerson('nobody').email, 'wrong-password-123');
    const alert = await page.getByRole('alert').textContent();

    // Assess
    expect(alert).toBe('The e-mail or password is incorrect.');
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('registration: each text after its field is touched, and the button rules', async () => {
    // Prepare
    const { page } = await openFreshPage();
    await visit(page, '/register');
    const errors = page.locator('.field__error');
    const submit = page.getByRole('button', { name: 'CREATE MY ACCOUNT' });
    const disabledUntouched = await submit.isDisabled();

    // Act
    for (const label of ['Email', 'First name', 'Last name']) {
      await page.getByLabel(label).focus();
      await page.getByLabel(label).blur();
    }
    await page.getByLabel(/^Password\*?$/).focus();
    await page.getByLabel(/^Password\*?$/).blur();
    await page.getByLabel('Repeat password').focus();
    await page.getByLabel('Repeat password').blur();
    const requiredTexts = await errors.allTextContents();
    await page.getByLabel('Email').fill('not-an-address');
    await page.getByLabel(/^Password\*?$/).fill('short');
    await page.getByLabel('Repeat password').fill('different');
    const invalidTexts = await errors.allTextContents();
    await fillRegistration(page, makeTestPerson('valid'));
    const disabledWhenValid = await submit.isDisabled();

    // Assess
    expect(disabledUntouched).toBe(true);
    expect(requiredTexts).toEqual([
      'Email is required',
      'First name is required',
      'Last name is required',
      'Password is required',
      'Confirm password is required',
    ]);
    expect(invalidTexts).toEqual([
      'Invalid email',
      'First name is required',
      'Last name is required',
      'Password must be at least 8 characters',
      'Passwords must match',
    ]);
    expect(disabledWhenValid).toBe(false);
  });

  it('registration: a taken e-mail and a common password are refused with the server’s sentences', async () => {
    // Prepare
    const { page } = await openFreshPage();
    const fan = makeTestPerson('taken');
    await registerAndVerify(page, fan, '/register', '/auth/fans/verify-email/');

    // Act
    await visit(page, '/register');
    await fillRegistration(page, fan);
    await page.getByRole('button', { name: 'CREATE MY ACCOUNT' }).click();
    const taken = await page.getByRole('alert').textContent();
    await fillRegistration(page, { ...makeTestPerson('common'), password: 'password123' });
    await page.getByRole('button', { name: 'CREATE MY ACCOUNT' }).click();
    await page.getByText('This password is too common. Please choose another.').waitFor();

    // Assess
    expect(taken).toBe('An account with this e-mail already exists. Please log in.');
  });
});

describe('social sign-in through the sandbox', () => {
  it.for(socialProviders)('continues with $button and lands signed in on /dashboard', async (social) => {
    // Prepare
    const observed = await openFreshPage();
    const { page } = observed;
    const person = makeTestPerson(social.provider);

    // Act
    await visit(page, '/login');
    await page.getByRole('button', { name: social.button }).click();
    await approveOnSandbox(page, { email: person.email, name: `${person.firstName} ${person.lastName}` });
    await waitForPath(page, '/dashboard');
    const fan = await readSessionAccount(page, baseUrl, '/api/user');

    // Assess
    expect(fan.status).toBe(200);
    expect(fan.data?.['connected_accounts']).toMatchObject({ [social.provider]: true });
    expect(selectUnexpectedProblems(observed.problems)).toEqual([]);
  });

  it.for(socialProviders)('shows SPEC §8’s text when $button is cancelled', async (social) => {
    // Prepare
    const { page } = await openFreshPage();

    // Act
    await visit(page, '/login');
    await page.getByRole('button', { name: social.button }).click();
    await cancelOnSandbox(page);
    await waitForPath(page, '/login');
    const alert = await page.getByRole('alert').first().textContent();

    // Assess
    expect(new URL(page.url()).searchParams.get('socialError')).toBe(social.provider);
    expect(alert).toContain(`Failed to initialize ${social.failure} registration. Please try again.`);
  });
});

describe('the fan’s connected accounts', () => {
  it('connect Google from /settings, then disconnect it after confirming', async () => {
    // Prepare
    const observed = await openFreshPage();
    const { page } = observed;
    const fan = makeTestPerson('settings');
    await registerAndVerify(page, fan, '/register', '/auth/fans/verify-email/');
    await visit(page, '/login');
    await logIn(page, fan.email, fan.password);
    await waitForPath(page, '/dashboard');

    // Act
    await visit(page, '/settings');
    await page.getByRole('button', { name: 'Connect Google' }).click();
    await approveOnSandbox(page, { email: fan.email, name: `${fan.firstName} ${fan.lastName}` });
    await waitForPath(page, '/settings');
    const notice = await page.getByRole('status').first().textContent();
    const connected = await readSessionAccount(page, baseUrl, '/api/user');
    await page.getByRole('button', { name: 'Disconnect Google' }).click();
    await page.getByRole('dialog', { name: 'Disconnect Google?' }).waitFor();
    await page.getByRole('button', { name: 'Disconnect', exact: true }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Connect Google' }).waitFor();
    const disconnected = await readSessionAccount(page, baseUrl, '/api/user');

    // Assess
    expect(notice).toBe('Google is now connected to your OpenPie account.');
    expect(connected.data?.['connected_accounts']).toMatchObject({ google: true });
    expect(disconnected.data?.['connected_accounts']).toMatchObject({ google: false });
    expect(selectUnexpectedProblems(observed.problems)).toEqual([]);
  });

  it('shows SPEC §8’s text when connecting X is cancelled', async () => {
    // Prepare
    const { page } = await openFreshPage();
    const fan = makeTestPerson('settings-cancel');
    await registerAndVerify(page, fan, '/register', '/auth/fans/verify-email/');
    await visit(page, '/login');
    await logIn(page, fan.email, fan.password);
    await waitForPath(page, '/dashboard');

    // Act
    await visit(page, '/settings');
    await page.getByRole('button', { name: 'Connect X' }).click();
    await cancelOnSandbox(page);
    await waitForPath(page, '/settings');

    // Assess
    expect(await page.getByRole('alert').first().textContent()).toContain(
      'Failed to initialize Twitter registration. Please try again.',
    );
  });
});

/** The demo artist-side user local mode seeds, with a complete profile (local/seed.ts). */
const demoArtist = { email: 'demo-artist@openpie.example', password: 'demo-artist-pie-2026' };

describe('a signed-in person on the open pages', () => {
  it('a fan keeps the way back from the logo and Help, and /login sends them to the dashboard', async () => {
    // Prepare
    const observed = await openFreshPage();
    const { page } = observed;
    const fan = makeTestPerson('open-pages');
    await registerAndVerify(page, fan, '/register', '/auth/fans/verify-email/');
    await visit(page, '/login');
    await logIn(page, fan.email, fan.password);
    await waitForPath(page, '/dashboard');

    // Act
    await page.getByRole('banner').getByRole('link', { name: 'OpenPie' }).click();
    await waitForPath(page, '/');
    const landingNav = page.getByRole('navigation', { name: 'Main' });
    await landingNav.getByRole('link', { name: 'Dashboard', exact: true }).waitFor();
    const landingOffersLogIn = await landingNav.getByRole('link', { name: 'Log in' }).count();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Help' }).click();
    await waitForPath(page, '/help');
    const helpNav = page.getByRole('navigation', { name: 'Main' });
    await helpNav.getByRole('button', { name: 'Log out' }).waitFor();
    const helpLinks = await helpNav.getByRole('link').allTextContents();
    await snap(page, 'identity-help-signed-in-desktop');
    await page.goto(`${baseUrl}/login`, { waitUntil: 'load' });
    await waitForPath(page, '/dashboard');

    // Assess
    expect(landingOffersLogIn).toBe(0);
    expect(helpLinks).toEqual(['Dashboard', 'My pie', 'My pies', 'History', 'Earth', 'Help', 'Settings']);
    expect(selectUnexpectedProblems(observed.problems)).toEqual([]);
  });

  it('/for-artists/login sends a signed-in artist to the artist area, /admin a signed-in staff member to the dashboard', async () => {
    // Prepare
    const observed = await openFreshPage();
    const { page } = observed;
    await visit(page, '/for-artists/login');
    await logIn(page, demoArtist.email, demoArtist.password);
    await waitForPath(page, '/for-artists/artists');
    await visit(page, '/admin');
    await logIn(page, demoStaff.email, demoStaff.password, 'Sign in');
    await waitForPath(page, '/admin/dashboard');

    // Act
    await page.goto(`${baseUrl}/for-artists/login`, { waitUntil: 'load' });
    await waitForPath(page, '/for-artists/artists');
    await page.goto(`${baseUrl}/admin`, { waitUntil: 'load' });
    await waitForPath(page, '/admin/dashboard');
    await page.goto(`${baseUrl}/for-artists`, { waitUntil: 'load' });
    await waitForPath(page, '/for-artists');
    const artistLanding = page.getByRole('navigation', { name: 'OpenPie for Artists' });
    await artistLanding.getByRole('button', { name: 'Log out' }).waitFor();

    // Assess
    expect(await artistLanding.getByRole('link', { name: 'Artists' }).count()).toBe(1);
    expect(selectUnexpectedProblems(observed.problems)).toEqual([]);
  });
});

describe('deleting an account from the settings', () => {
  it.for(['desktop', 'phone'] as const)(
    'a fan confirms, is signed out, sees the confirmation, and cannot log in again (%s)',
    async (viewport) => {
      // Prepare
      const observed = await openFreshPage(viewport);
      const { page } = observed;
      const fan = makeTestPerson(`delete-fan-${viewport}`);
      await registerAndVerify(page, fan, '/register', '/auth/fans/verify-email/');
      await visit(page, '/login');
      await logIn(page, fan.email, fan.password);
      await waitForPath(page, '/dashboard');
      await visit(page, '/settings');
      const section = page.getByRole('region', { name: 'Delete your account' });
      await section.scrollIntoViewIfNeeded();
      await snapView(page, `identity-fan-settings-delete-${viewport}`);

      // Act
      await section.getByRole('button', { name: 'Delete account' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
      await dialog.waitFor();
      await snapView(page, `identity-fan-delete-dialog-${viewport}`);
      const dialogViolations = await findSeriousAxeViolations(page);
      const erased = await dialog
        .getByRole('region', { name: 'What is erased' })
        .getByRole('listitem')
        .count();
      const kept = await dialog.getByRole('region', { name: 'What is kept' }).getByRole('listitem').count();
      await dialog.getByRole('button', { name: 'Delete my account' }).click();
      await page.waitForURL((url) => url.pathname === '/delete-account-instructions', { timeout: 20_000 });
      await page.getByText('Your account was deleted').waitFor();
      const landedOn = new URL(page.url());
      const header = page.getByRole('navigation', { name: 'Main' });
      const headerOffersLogIn = await header.getByRole('link', { name: 'Log in' }).count();
      await snap(page, `identity-fan-deleted-${viewport}`);
      const session = await readSessionAccount(page, baseUrl, '/api/user');
      await visit(page, '/login');
      await logIn(page, fan.email, fan.password);
      const refusal = await page.getByRole('alert').textContent();

      // Assess
      expect(erased).toBe(5);
      expect(kept).toBe(3);
      expect(landedOn.searchParams.get('deleted')).toBe('fan');
      expect(viewport === 'phone' || headerOffersLogIn === 1).toBe(true);
      expect(session.status).toBe(401);
      expect(refusal).toBe('The e-mail or password is incorrect.');
      expect(dialogViolations).toEqual([]);
      expect(selectUnexpectedProblems(observed.problems)).toEqual([]);
    },
  );

  it('an artist-side user confirms in the artist settings, and the account is gone', async () => {
    // Prepare
    const observed = await openFreshPage();
    const { page } = observed;
    const artist = makeTestPerson('delete-artist');
    await registerAndVerify(page, artist, '/for-artists/register', '/auth/for-artists/verify-email/');
    await visit(page, '/for-artists/login');
    await logIn(page, artist.email, artist.password);
    await waitForPath(page, '/for-artists/complete-registration');
    await page.getByLabel('Phone number').fill('+44 20 7946 0000');
    await page.getByLabel('Country').selectOption('GB');
    await page.getByRole('button', { name: 'Complete registration' }).click();
    await waitForPath(page, '/for-artists/artists');
    await visit(page, '/for-artists/settings');
    const section = page.getByRole('region', { name: 'Delete your account' });
    await section.scrollIntoViewIfNeeded();
    const comingSoon = await page.locator('.coming-soon__list li', { hasText: 'Delete' }).count();
    await snapView(page, 'identity-artist-settings-delete-desktop');

    // Act
    await section.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.waitFor();
    await snapView(page, 'identity-artist-delete-dialog-desktop');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await page.waitForURL((url) => url.pathname === '/delete-account-instructions', { timeout: 20_000 });
    await page.getByText('Your account was deleted').waitFor();
    const session = await readSessionAccount(page, baseUrl, '/api/for-artists/user');

    // Assess
    expect(comingSoon).toBe(0);
    expect(new URL(page.url()).searchParams.get('deleted')).toBe('artist');
    expect(session.status).toBe(401);
    expect(selectUnexpectedProblems(observed.problems)).toEqual([]);
  });
});

/** Each identity screen in each state worth seeing, reached the way a person reaches it. */
const screenVisits: readonly { name: string; reach: (page: Page) => Promise<void> }[] = [
  { name: 'fan-login', reach: (page) => visit(page, '/login') },
  {
    name: 'fan-login-errors',
    reach: async (page) => {
      await visit(page, '/login');
      await page.getByRole('button', { name: 'Log in', exact: true }).click();
      await page.locator('.field__error').first().waitFor();
    },
  },
  {
    name: 'fan-login-social-error',
    reach: (page) => visit(page, '/login?socialError=spotify&socialReason=cancelled'),
  },
  {
    name: 'fan-forgot-password',
    reach: async (page) => {
      await visit(page, '/login');
      await page.getByRole('button', { name: 'Forgot your password?' }).click();
    },
  },
  { name: 'fan-register', reach: (page) => visit(page, '/register') },
  {
    name: 'fan-register-errors',
    reach: async (page) => {
      await visit(page, '/register');
      await page.getByLabel('Email').fill('not-an-address');
      await page.getByLabel('First name').focus();
      await page.getByLabel('Last name').focus();
      await page.getByLabel(/^Password\*?$/).fill('short');
      await page.getByLabel('Repeat password').fill('different');
      await page.getByLabel('Email').focus();
    },
  },
  {
    name: 'fan-register-success',
    reach: async (page) => {
      await visit(page, '/register');
      await fillRegistration(page, makeTestPerson('screens'));
      await page.getByRole('button', { name: 'CREATE MY ACCOUNT' }).click();
      await page.getByRole('heading', { level: 1, name: 'Check your e-mail' }).waitFor();
    },
  },
  {
    name: 'fan-verify-email-failed',
    reach: async (page) => {
      await visit(page, '/auth/fans/verify-email/e2e-not-a-token');
      await page
        .getByRole('heading', { level: 1, name: 'We could not verify your e-mail address' })
        .waitFor();
    },
  },
  { name: 'fan-reset-password', reach: (page) => visit(page, '/auth/fans/reset-password/e2e-not-a-token') },
  { name: 'artist-login', reach: (page) => visit(page, '/for-artists/login') },
  { name: 'artist-register', reach: (page) => visit(page, '/for-artists/register') },
  {
    name: 'artist-complete-registration-signed-out',
    reach: async (page) => {
      await visit(page, '/for-artists/complete-registration');
      await page.getByRole('main').getByRole('link', { name: 'Log in', exact: true }).waitFor();
    },
  },
  {
    name: 'artist-reset-password-link-failed',
    reach: async (page) => {
      await visit(page, '/auth/for-artists/reset-password/e2e-not-a-token');
      await page.getByLabel(/^New password\*?$/).fill('a-long-enough-password');
      await page.getByLabel('Repeat new password').fill('a-long-enough-password');
      await page.getByRole('button', { name: 'Save new password' }).click();
      await page.getByText('This link cannot be used').waitFor();
    },
  },
  { name: 'admin-login', reach: (page) => visit(page, '/admin') },
  { name: 'admin-google-callback-empty', reach: (page) => visit(page, '/admin/auth/google/callback') },
  {
    name: 'admin-google-callback-failed',
    reach: async (page) => {
      await visit(page, '/admin/auth/google/callback?code=e2e-forged&state=e2e-forged');
      await page.getByRole('heading', { level: 1, name: 'We could not sign you in with Google' }).waitFor();
    },
  },
];

/**
 * The screen as it stands at each size, from the phone's up, with a full-page screenshot (`<name>-<size>`) and, when
 * asked, an axe check at each; the page is left at the phone size. One load serves both sizes (`resizeTo`).
 */
async function snapAtEachSize(page: Page, name: string, { axe = false } = {}): Promise<string[]> {
  const violations: string[] = [];
  for (const size of ['phone', 'desktop'] as const) {
    await resizeTo(page, viewports[size]);
    await snap(page, `${name}-${size}`);
    if (axe) violations.push(...(await findSeriousAxeViolations(page)).map((found) => `${size}: ${found}`));
  }
  await resizeTo(page, viewports.phone);
  return violations;
}

describe('identity screens at the phone and desktop sizes', () => {
  it.for(screenVisits)('$name renders cleanly and accessibly', async (screen) => {
    // Prepare
    const observed = await openFreshPage('phone');

    // Act
    await screen.reach(observed.page);
    const violations = await snapAtEachSize(observed.page, `identity-${screen.name}`, { axe: true });

    // Assess
    expect(violations).toEqual([]);
    expect(selectUnexpectedProblems(observed.problems)).toEqual([]);
  });

  it('signed-in screens: complete-registration, the fan settings and the admin bar', async () => {
    // Prepare
    const observed = await openFreshPage('phone');
    const { page } = observed;
    const artist = makeTestPerson('artist-screens');
    const fan = makeTestPerson('fan-screens');

    // Act
    await registerAndVerify(page, artist, '/for-artists/register', '/auth/for-artists/verify-email/');
    await snapAtEachSize(page, 'identity-artist-verify-email');
    await visit(page, '/for-artists/login');
    await logIn(page, artist.email, artist.password);
    await waitForPath(page, '/for-artists/complete-registration');
    await page.getByRole('button', { name: 'Complete registration' }).click();
    await page.locator('.field__error').first().waitFor();
    const completeViolations = await snapAtEachSize(page, 'identity-artist-complete-registration', {
      axe: true,
    });
    await registerAndVerify(page, fan, '/register', '/auth/fans/verify-email/');
    await visit(page, '/login');
    await logIn(page, fan.email, fan.password);
    await waitForPath(page, '/dashboard');
    await snapAtEachSize(page, 'identity-fan-dashboard-signed-in');
    await visit(page, '/settings');
    const settingsViolations = await snapAtEachSize(page, 'identity-fan-settings', { axe: true });
    await page.getByRole('button', { name: 'Connect Google' }).click();
    await approveOnSandbox(page, { email: fan.email, name: fan.firstName });
    await waitForPath(page, '/settings');
    await page.getByRole('button', { name: 'Disconnect Google' }).click();
    await page.getByRole('dialog').waitFor();
    await snapAtEachSize(page, 'identity-fan-settings-disconnect');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await visit(page, '/admin');
    await logIn(page, demoStaff.email, demoStaff.password, 'Sign in');
    await waitForPath(page, '/admin/dashboard');
    await snapAtEachSize(page, 'identity-admin-dashboard-signed-in');

    // Assess
    expect(completeViolations).toEqual([]);
    expect(settingsViolations).toEqual([]);
    expect(selectUnexpectedProblems(observed.problems)).toEqual([]);
  });
});
