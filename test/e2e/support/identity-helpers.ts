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
  const verified = await page.request.post(`${baseUrl}/api/auth/verify-email/${token}`);
  if (!verified.ok()) throw new Error(`Verification answered ${verified.status()}`);
  const loggedIn = await page.request.post(`${baseUrl}/api/auth/login`, {
    data: { email: fan.email, password: fan.password },
  });
  if (!loggedIn.ok()) throw new Error(`Login answered ${loggedIn.status()}`);
  return fan;
}
