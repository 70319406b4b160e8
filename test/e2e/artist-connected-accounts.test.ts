// The artist area's connected Google account in a real Chromium: a registered artist-side user connects
// Google from /for-artists/settings through the sandbox's consent page, sees it connected, and disconnects it after
// confirming; a cancelled connection shows SPEC §8's text. Screenshots of the screen at a phone and a desktop size.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { saveScreenshot } from './support/browser';
import { findSeriousAxeViolations, type ObservedPage } from './support/frame-checks';
import {
  approveOnSandbox,
  cancelOnSandbox,
  makeTestPerson,
  readSessionAccount,
  selectUnexpectedProblems,
  signUpArtistSideUser,
} from './support/identity-helpers';
import { useObservedPages, viewports } from './support/pages';

const baseUrl = inject('baseUrl');
const settingsPath = '/for-artists/settings';

const pages = useObservedPages();

const openFreshPage = (viewport: keyof typeof viewports): Promise<ObservedPage> =>
  pages.open({ viewport: viewports[viewport] });

async function settle(page: Page): Promise<void> {
  await page.locator('h1').first().waitFor({ state: 'visible', timeout: 15_000 });
  await page.locator('.navigation-progress').waitFor({ state: 'detached', timeout: 15_000 });
}

async function visit(page: Page, path: string): Promise<void> {
  await page.goto(`${baseUrl}${path}`, { waitUntil: 'load' });
  await settle(page);
}

async function waitForPath(page: Page, pathname: string): Promise<void> {
  await page.waitForURL((url) => url.pathname === pathname, { timeout: 20_000 });
  await settle(page);
}

async function snap(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, name);
}

describe('the artist-side user’s connected Google account', () => {
  it('connects Google from the settings screen, then disconnects it after confirming', async () => {
    // Prepare
    const observed = await openFreshPage('desktop');
    const { page } = observed;
    const artist = makeTestPerson('artist-google');
    await signUpArtistSideUser(page, baseUrl, artist);

    // Act
    await visit(page, settingsPath);
    await snap(page, 'identity-artist-settings-desktop');
    const violations = await findSeriousAxeViolations(page);
    const before = await readSessionAccount(page, baseUrl, '/api/for-artists/user');
    await page.getByRole('button', { name: 'Connect Google' }).click();
    await approveOnSandbox(page, { email: artist.email, name: `${artist.firstName} ${artist.lastName}` });
    await waitForPath(page, settingsPath);
    await page.getByRole('button', { name: 'Disconnect Google' }).waitFor();
    const notice = await page.getByRole('status').first().textContent();
    const status = await page.locator('.connected-account__status').first().textContent();
    const connected = await readSessionAccount(page, baseUrl, '/api/for-artists/user');
    await snap(page, 'identity-artist-settings-connected-desktop');
    await page.getByRole('button', { name: 'Disconnect Google' }).click();
    const dialog = page.getByRole('dialog', { name: 'Disconnect Google?' });
    await dialog.waitFor();
    const consequence = await dialog.locator('.dialog__description').textContent();
    await snap(page, 'identity-artist-settings-disconnect-desktop');
    await page.getByRole('button', { name: 'Disconnect', exact: true }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Connect Google' }).waitFor();
    const disconnected = await readSessionAccount(page, baseUrl, '/api/for-artists/user');

    // Assess
    expect(violations).toEqual([]);
    expect(before.data?.['connected_accounts']).toEqual({ google: false });
    expect(notice).toBe('Google is now connected to your OpenPie account.');
    expect(status).toBe('Connected');
    expect(connected.data?.['connected_accounts']).toEqual({ google: true });
    expect(consequence).toBe(
      'Google will no longer be connected to your OpenPie for Artists account. You can connect it again at any time.',
    );
    expect(disconnected.data?.['connected_accounts']).toEqual({ google: false });
    expect(await page.getByRole('button', { name: /Connect X|Connect Spotify/ }).count()).toBe(0);
    expect(selectUnexpectedProblems(observed.problems)).toEqual([]);
  });

  it('shows SPEC §8’s text on the settings screen when connecting Google is cancelled, at a phone’s width', async () => {
    // Prepare
    const observed = await openFreshPage('phone');
    const { page } = observed;
    await signUpArtistSideUser(page, baseUrl, makeTestPerson('artist-google-cancel'));

    // Act
    await visit(page, settingsPath);
    await page.getByRole('button', { name: 'Connect Google' }).click();
    await cancelOnSandbox(page);
    await waitForPath(page, settingsPath);
    const alert = await page.getByRole('alert').first().textContent();
    await snap(page, 'identity-artist-settings-cancelled-phone');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );

    // Assess
    expect(alert).toContain('Failed to initialize Google registration. Please try again.');
    expect(alert).toContain('You cancelled the sign-in at Google.');
    expect(overflow).toBeLessThanOrEqual(0);
    expect(selectUnexpectedProblems(observed.problems)).toEqual([]);
  });
});
