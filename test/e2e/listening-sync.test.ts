// The listening sync in a real Chromium: a new fan signs up, connects Spotify through the sandbox's consent
// page from the dashboard, syncs, sees their top artists, syncs again without new plays, and sees the dashboard's
// notice once Spotify no longer accepts the connection. Screenshots of each state of the dashboard.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { spotifyAccountIdOf } from '../../local/oauth-sandbox/identities';
import { saveScreenshot } from './support/browser';
import { findSeriousAxeViolations, type ObservedPage } from './support/frame-checks';
import { approveOnSandbox, makeTestPerson, selectUnexpectedProblems } from './support/identity-helpers';
import { useObservedPages } from './support/pages';

const baseUrl = inject('baseUrl');

const pages = useObservedPages();

const openFreshPage = (viewport = { width: 1280, height: 900 }): Promise<ObservedPage> =>
  pages.open({ viewport, timeoutMs: 20_000 });

async function waitForDashboard(page: Page): Promise<void> {
  await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 30_000 });
  await page.getByRole('heading', { level: 1, name: 'Your dashboard' }).waitFor();
  await page.locator('.navigation-progress').waitFor({ state: 'detached' });
}

async function snap(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, name);
}

async function sandboxControl(action: 'revoke', listener: string): Promise<void> {
  const reply = await fetch(`${baseUrl}/_sandbox/oauth/spotify/_control/${action}?listener=${listener}`, {
    method: 'POST',
  });
  expect(reply.status).toBe(200);
}

describe('the dashboard and the Spotify sync', () => {
  it('connects Spotify from the dashboard, syncs, shows top artists, and shows a revoked connection', async () => {
    // Prepare: a new fan, signed up with Google, so Spotify is not connected yet
    const observed = await openFreshPage();
    const { page } = observed;
    const person = makeTestPerson('sync');
    const name = `${person.firstName} ${person.lastName}`;
    await page.goto(`${baseUrl}/login`);
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await approveOnSandbox(page, { email: person.email, name });
    await waitForDashboard(page);
    const connect = page.getByRole('button', { name: 'Connect Spotify' });
    await connect.waitFor();
    await page.getByText('No listening in the last 30 days yet.').waitFor();
    await snap(page, 'dashboard-empty-not-connected');
    expect(await findSeriousAxeViolations(page)).toEqual([]);

    // Act: connect Spotify through the sandbox's consent page, then sync twice
    await connect.click();
    await approveOnSandbox(page, { email: person.email, name });
    // Connecting from the dashboard returns to it (decision 006), saying Spotify is connected
    await page.waitForURL((url) => url.pathname === '/dashboard', { timeout: 30_000 });
    await waitForDashboard(page);
    await page.getByRole('status').filter({ hasText: 'Spotify is connected.' }).waitFor();
    await snap(page, 'dashboard-just-connected');
    const syncNow = page.getByRole('button', { name: 'Sync now' });
    await syncNow.click();
    const result = page.locator('[aria-live="polite"]').filter({ hasText: /Synced\./ });
    await result.waitFor();
    const firstResult = (await result.textContent()) ?? '';
    const topArtists = page.getByRole('list', { name: 'Top artists by share of your time' });
    await topArtists.waitFor();
    const artistRows = await topArtists.getByRole('listitem').count();
    const firstArtistLink = topArtists.getByRole('listitem').first().getByRole('link');
    const artistHref = await firstArtistLink.getAttribute('href');
    await snap(page, 'dashboard-connected-with-data');
    const axeWithData = await findSeriousAxeViolations(page);
    await page.getByRole('button', { name: 'Sync now' }).click();
    await page
      .locator('[aria-live="polite"]')
      .filter({ hasText: 'Synced. No new plays since the last sync.' })
      .waitFor();

    // Assess: plays were added, then none
    expect(firstResult).toMatch(/^Synced\. \d+ new plays? added\.$/);
    expect(artistRows).toBeGreaterThan(0);
    expect(artistHref).toMatch(/^\/artist\/[A-Za-z0-9]+$/);
    expect(axeWithData).toEqual([]);

    // Act: the fan removes OpenPie's access at Spotify; the next sync finds out
    await sandboxControl('revoke', spotifyAccountIdOf(person.email));
    await page.getByRole('button', { name: 'Sync now' }).click();
    const notice = page.getByText('Your Spotify connection stopped working');
    await notice.waitFor();
    await snap(page, 'dashboard-broken');

    // Assess: the notice stays after a reload, with a way to reconnect
    await page.reload();
    await waitForDashboard(page);
    await page.getByText('Your Spotify connection stopped working').waitFor();
    expect(await page.getByRole('button', { name: 'Reconnect Spotify' }).isVisible()).toBe(true);
    // The refused sync answered 409 on purpose; nothing else may go wrong
    expect(
      selectUnexpectedProblems(observed.problems).filter((problem) => !problem.includes('status of 409')),
    ).toEqual([]);
  });

  it('shows the demo fan’s listening on a phone', { timeout: 240_000 }, async () => {
    // Prepare
    const observed = await openFreshPage({ width: 390, height: 844 });
    const { page } = observed;
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('Email').fill('demo-fan@openpie.example');
    await page.getByLabel(/^Password\*?$/).fill('demo-fan-pie-2026');
    // Act
    await page.getByRole('button', { name: 'Log in', exact: true }).click();
    await waitForDashboard(page);
    // The first start writes the demo fan's listening in the background: reload until it is there.
    const topArtists = page.getByRole('list', { name: 'Top artists by share of your time' });
    for (let attempt = 0; !(await topArtists.isVisible()) && attempt < 120; attempt += 1) {
      await page.waitForTimeout(1_000);
      await page.reload();
      await waitForDashboard(page);
      await page.getByRole('region', { name: 'This period’s listening' }).getByRole('status').waitFor({
        state: 'detached',
      });
    }
    await topArtists.waitFor();
    await snap(page, 'dashboard-demo-fan-phone');
    // Assess
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    // Connected to the sandbox by the seed: the sync is offered
    expect(await page.getByRole('button', { name: 'Sync now' }).isVisible()).toBe(true);
    expect(selectUnexpectedProblems(observed.problems)).toEqual([]);
  });
});
