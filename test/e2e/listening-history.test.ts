// The history screen in a real Chromium: a new fan imports a month of listening through the API, opens
// /history and sees the daily chart (and its table), the latest plays page by page, the most played tracks and the
// artists with search; at desktop and phone widths, with no serious axe violation, console error or sideways
// scrolling. Screenshots for people to look at.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { saveScreenshot } from './support/browser';
import {
  findSeriousAxeViolations,
  measureHorizontalOverflow,
  type ObservedPage,
} from './support/frame-checks';
import { signUpVerifiedFan } from './support/identity-helpers';
import { useObservedPages } from './support/pages';
import { signedInRoleSessions } from './support/spec-routes';

const baseUrl = inject('baseUrl');

const pages = useObservedPages();

const artists = ['Nina Simone', 'Radiohead', 'Beyoncé', 'Björk', 'Fela Kuti', 'Sade'];
const tracks = ['Sinnerman', 'Reckoner', 'Halo', 'Jóga', 'Zombie', 'Smooth Operator'];

/** 45 plays over the last 30 days: a few artists played much, the rest a little (a long tail, like real listening). */
function buildAccountDataRecords() {
  return Array.from({ length: 45 }, (_, index) => {
    const daysAgo = (index * 7) % 29;
    const ended = new Date(Date.now() - daysAgo * 86_400_000 - (index % 9) * 3_600_000);
    const pick = index % 10 < 5 ? 0 : index % 10 < 8 ? 1 : 2 + (index % 4);
    return {
      endTime: ended.toISOString().slice(0, 16).replace('T', ' '),
      artistName: artists[pick] ?? 'Sade',
      trackName: tracks[pick] ?? 'Smooth Operator',
      msPlayed: 120_000 + ((index * 37_000) % 180_000),
    };
  });
}

/** A new fan with a month of imported listening, signed in, on a page of their own. */
async function openFanWithHistory(viewport: { width: number; height: number }): Promise<ObservedPage> {
  const observed = await pages.open({ viewport });
  await signUpVerifiedFan(observed.page, baseUrl, 'history');
  const imported = await observed.page.request.post(`${baseUrl}/api/tracks/user/import`, {
    headers: { origin: baseUrl },
    data: { source: 'spotify-account-data', records: buildAccountDataRecords() },
  });
  expect(imported.ok()).toBe(true);
  return observed;
}

/** One part of the screen at its real size (a whole phone page is too tall to look at). */
async function saveSectionScreenshot(page: Page, region: string, name: string): Promise<void> {
  const dir = join(process.cwd(), 'test-results', 'screenshots');
  mkdirSync(dir, { recursive: true });
  await page.getByRole('region', { name: region }).screenshot({ path: join(dir, `${name}.png`) });
}

/** Opens /history and waits for every part; `artist` is one the artists list must show (null: any). */
async function openHistory(page: Page, artist: string | null = 'Nina Simone'): Promise<void> {
  await page.goto(`${baseUrl}/history`, { waitUntil: 'load' });
  await page.getByRole('heading', { level: 1, name: 'Listening history' }).waitFor();
  await page.getByRole('img', { name: /of listening/ }).waitFor();
  await page.getByRole('region', { name: 'Latest plays' }).locator('ol > li').first().waitFor();
  await page.getByRole('region', { name: 'Most played tracks' }).locator('ol > li').first().waitFor();
  const artists = page.getByRole('region', { name: 'Your artists' });
  await (artist ? artists.getByText(artist) : artists.locator('ul > li').first()).waitFor();
}

describe('the history screen', () => {
  it('shows a fan their listening: the chart, the latest plays in pages, top tracks and artists', async () => {
    // Prepare
    const { page, problems } = await openFanWithHistory({ width: 1280, height: 900 });
    // Act
    await openHistory(page);
    const latest = page.getByRole('region', { name: 'Latest plays' });
    const firstPage = await latest.locator('ol > li').count();
    await saveScreenshot(page, 'history-desktop');
    await page.getByText('Show the days as a table').click();
    await latest.getByRole('button', { name: 'Page 3' }).click();
    await latest.getByRole('button', { name: 'Page 3' }).and(page.locator('[aria-current="page"]')).waitFor();
    await page.getByRole('region', { name: 'Your artists' }).getByLabel('Search your artists').fill('bjork');
    await page
      .getByRole('region', { name: 'Your artists' })
      .getByText('Nina Simone')
      .waitFor({ state: 'detached' });
    await saveScreenshot(page, 'history-desktop-page-3-table-search');
    // Assess
    expect(firstPage).toBe(20);
    expect(await latest.locator('ol > li').count()).toBe(5);
    expect(await page.getByRole('region', { name: 'Your artists' }).getByText('Björk').count()).toBe(1);
    expect(
      await page
        .getByRole('region', { name: 'Most played tracks' })
        .getByRole('listitem')
        .first()
        .textContent(),
    ).toContain('Sinnerman');
    expect(await findSeriousAxeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it("shows the seeded demo fan's sandbox listening, at both sizes, cleanly", async () => {
    // Prepare
    const demoFan = signedInRoleSessions.find((session) => session.name === 'fan');
    if (!demoFan) throw new Error('No demo fan session');
    const shots: { overflow: number; axe: string[]; problems: string[] }[] = [];
    for (const viewport of [
      { name: 'desktop', width: 1280, height: 900 },
      { name: 'phone', width: 390, height: 844 },
    ]) {
      const { page, problems } = await pages.open({
        viewport,
        prepare: (context) => demoFan.signIn(context, baseUrl),
      });
      // Act
      await openHistory(page, null);
      await saveScreenshot(page, `history-demo-fan-${viewport.name}`);
      const artists = page.getByRole('region', { name: 'Your artists' });
      await artists.scrollIntoViewIfNeeded();
      await artists.locator('img').first().waitFor();
      await saveSectionScreenshot(page, 'Your artists', `history-demo-fan-${viewport.name}-artists`);
      shots.push({
        overflow: await measureHorizontalOverflow(page),
        axe: await findSeriousAxeViolations(page),
        problems: [...problems],
      });
    }
    // Assess
    expect(shots).toEqual([
      { overflow: 0, axe: [], problems: [] },
      { overflow: 0, axe: [], problems: [] },
    ]);
  });

  it('fits a phone screen', async () => {
    // Prepare
    const { page, problems } = await openFanWithHistory({ width: 390, height: 844 });
    // Act
    await openHistory(page);
    await saveScreenshot(page, 'history-phone');
    for (const name of ['Listening per day', 'Latest plays', 'Your artists']) {
      await saveSectionScreenshot(page, name, `history-phone-${name.toLowerCase().replaceAll(' ', '-')}`);
    }
    // Assess
    expect(await measureHorizontalOverflow(page)).toBe(0);
    expect(await findSeriousAxeViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });
});
