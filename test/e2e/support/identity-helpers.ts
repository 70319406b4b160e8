// Helpers for the identity e2e: unique people, the local outbox (GET /api/dev/outbox), the OAuth sandbox's consent
// page, and the console problems that count (a refused login's 401 is the test working, not a fault).
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';

export interface TestPerson {
  email: string;
  firstName: string;
  lastName: string;
  password: string;
}

/** A person nobody else in the run uses: unique e-mail, and a password that is on no common list. */
export function makeTestPerson(label: string): TestPerson {
  const id = randomUUID().slice(0, 8);
  return {
    email: `e2e-${label}-${id}@openpie.example`,
    firstName: 'Robin',
    lastName: `Tester ${id}`,
    password: `crust-${id}-berry-pie`,
  };
}

interface OutboxMail {
  to: string;
  subject: string;
  links: string[];
  sentAt: string;
}

/** The first link in the newest mail to `to` whose path contains `pathPart`, waiting for the mail to arrive. */
export async function findMailedLink(baseUrl: string, to: string, pathPart: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const response = await fetch(`${baseUrl}/api/dev/outbox`);
    const body = (await response.json()) as { success: boolean; data: OutboxMail[] };
    const link = body.data
      .filter((mail) => mail.to === to)
      .flatMap((mail) => mail.links)
      .find((candidate) => candidate.includes(pathPart));
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No mail to ${to} with a link containing ${pathPart}`);
}

/** The sandbox consent page: continue as a demo identity (by key) or as someone else with an e-mail address. */
export async function approveOnSandbox(
  page: Page,
  identity: { key: string } | { email: string; name: string },
): Promise<void> {
  await page.getByRole('heading', { level: 1, name: /Sign in to OpenPie with/ }).waitFor();
  if ('key' in identity) {
    await page.locator(`#identity-${identity.key}`).check();
  } else {
    await page.locator('#identity-custom').check();
    await page.locator('#custom-email').fill(identity.email);
    await page.locator('#custom-name').fill(identity.name);
  }
  await page.getByRole('button', { name: 'Approve' }).click();
}

export async function cancelOnSandbox(page: Page): Promise<void> {
  await page.getByRole('heading', { level: 1, name: /Sign in to OpenPie with/ }).waitFor();
  await page.getByRole('button', { name: 'Cancel' }).click();
}

/**
 * The problems a page should not have: uncaught exceptions and console errors, except Chromium's own line for a 4xx
 * reply, which the identity flows cause on purpose (a wrong password, a used link, a guard asking who is signed in).
 */
export function selectUnexpectedProblems(problems: readonly string[]): string[] {
  return problems.filter(
    (problem) => !/Failed to load resource: the server responded with a status of 4\d\d/.test(problem),
  );
}

/** The signed-in account of an area as the API reports it to this page's cookies, or the failure status. */
export async function readSessionAccount(
  page: Page,
  baseUrl: string,
  endpoint: '/api/user' | '/api/for-artists/user' | '/api/admin/profile',
): Promise<{ status: number; data: Record<string, unknown> | null }> {
  const response = await page.request.get(`${baseUrl}${endpoint}`);
  const body = (await response.json()) as { success: boolean; data?: Record<string, unknown> };
  return { status: response.status(), data: body.success ? (body.data ?? null) : null };
}

/**
 * A new fan through the API, as a person would: registered, verified through the mailed link and logged in, so the
 * page's context carries the fan's session cookie.
 */
export async function signUpVerifiedFan(page: Page, baseUrl: string, label: string): Promise<TestPerson> {
  const fan = makeTestPerson(label);
  const registered = await page.request.post(`${baseUrl}/api/auth/register`, {
    headers: { origin: baseUrl },
    data: {
      email: fan.email,
      first_name: fan.firstName,
      last_name: fan.lastName,
      password: fan.password,
      accepted_terms_and_conditions: true,
    },
  });
  if (registered.status() !== 201) throw new Error(`Registration answered ${registered.status()}`);
  const link = await findMailedLink(baseUrl, fan.email, '/verify-email/');
  const token = new URL(link).pathname.split('/').pop() ?? '';
  const verified = await page.request.post(`${baseUrl}/api/auth/verify-email/${token}`, {
    headers: { origin: baseUrl },
  });
  if (!verified.ok()) throw new Error(`Verification answered ${verified.status()}`);
  const loggedIn = await page.request.post(`${baseUrl}/api/auth/login`, {
    headers: { origin: baseUrl },
    data: { email: fan.email, password: fan.password },
  });
  if (!loggedIn.ok()) throw new Error(`Login answered ${loggedIn.status()}`);
  return fan;
}

async function settleScreen(page: Page): Promise<void> {
  await page.locator('h1').first().waitFor({ state: 'visible', timeout: 15_000 });
  await page.locator('.navigation-progress').waitFor({ state: 'detached', timeout: 15_000 });
}

async function visitScreen(page: Page, baseUrl: string, path: string): Promise<void> {
  await page.goto(`${baseUrl}${path}`, { waitUntil: 'load' });
  await settleScreen(page);
}

async function waitForScreenPath(page: Page, pathname: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname, { timeout: 20_000 });
  await settleScreen(page);
}

/**
 * A new artist-side user through the screens, as a person would: registers, verifies through the mailed link, logs
 * in and completes the profile, landing on /for-artists/artists.
 */
export async function signUpArtistSideUser(page: Page, baseUrl: string, artist: TestPerson): Promise<void> {
  await visitScreen(page, baseUrl, '/for-artists/register');
  await page.getByLabel('Email').fill(artist.email);
  await page.getByLabel('First name').fill(artist.firstName);
  await page.getByLabel('Last name').fill(artist.lastName);
  await page.getByLabel(/^Password\*?$/).fill(artist.password);
  await page.getByLabel('Repeat password').fill(artist.password);
  await page.getByRole('button', { name: 'CREATE MY ACCOUNT' }).click();
  await page.getByRole('heading', { level: 1, name: 'Check your e-mail' }).waitFor();
  const link = await findMailedLink(baseUrl, artist.email, '/auth/for-artists/verify-email/');
  await visitScreen(page, baseUrl, new URL(link).pathname);
  await page.getByRole('heading', { level: 1, name: 'Your e-mail address is verified' }).waitFor();
  await visitScreen(page, baseUrl, '/for-artists/login');
  await page.getByLabel('Email').fill(artist.email);
  await page.getByLabel(/^Password\*?$/).fill(artist.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await waitForScreenPath(page, '/for-artists/complete-registration');
  await page.getByLabel('Phone number').fill('+44 20 7946 0000');
  await page.getByLabel('Country').selectOption('GB');
  await page.getByRole('button', { name: 'Complete registration' }).click();
  await waitForScreenPath(page, '/for-artists/artists');
}
