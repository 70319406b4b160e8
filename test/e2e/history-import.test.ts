// The history import in a real Chromium: a fan signs in, opens /settings, uploads an account-data JSON
// file and the extended-history ZIP through the file input, sees the progress and the totals; the same upload again
// reports duplicates only; GET /api/tracks/user/daily then answers the totals worked out by hand in
// test/fixtures/spotify-export/spotify-export.ts; a chunk the server went through only in part is continued by the
// screen by itself. Screenshots of the section idle, in progress, continued, done and refused.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import {
  accountDataTotals,
  buildExtendedZip,
  exportDate,
  exportFiles,
  extendedTotals,
  readExportFixture,
  withoutArtistIds,
} from '../fixtures/spotify-export/spotify-export';
import { saveScreenshot } from './support/browser';
import { findSeriousAxeViolations, type ObservedPage } from './support/frame-checks';
import { selectUnexpectedProblems, signUpVerifiedFan } from './support/identity-helpers';
import { useObservedPages } from './support/pages';

const baseUrl = inject('baseUrl');

const pages = useObservedPages();

/** A new fan, registered, verified through the mailed link and signed in, on a page of their own. */
async function openSignedInFan(viewport = { width: 1280, height: 900 }): Promise<ObservedPage> {
  const observed = await pages.open({ viewport });
  await signUpVerifiedFan(observed.page, baseUrl, 'import');
  return observed;
}

async function openSettings(page: Page): Promise<void> {
  await page.goto(`${baseUrl}/settings`, { waitUntil: 'load' });
  await page.getByRole('heading', { level: 2, name: 'Import your Spotify history' }).waitFor();
}

/** GET /api/tracks/user/daily for the export's week (1 to 7 November), through the page's own session. */
function readExportWeekListening(page: Page): Promise<{ data: unknown }> {
  return page.evaluate(
    async (query) => {
      const response = await fetch(`/api/tracks/user/daily?${query}`, { credentials: 'include' });
      return (await response.json()) as { data: unknown };
    },
    new URLSearchParams({
      startDate: exportDate('2026-11-01'),
      endDate: exportDate('2026-11-07'),
    }).toString(),
  );
}

const exportUpload = () => [
  {
    name: exportFiles.accountData,
    mimeType: 'application/json',
    buffer: Buffer.from(readExportFixture(exportFiles.accountData)),
  },
  { name: 'my_spotify_data.zip', mimeType: 'application/zip', buffer: Buffer.from(buildExtendedZip()) },
];

/** The three totals as the section shows them. */
async function readTotals(page: Page) {
  const totals = page.getByLabel('Import totals');
  const valueOf = async (term: string) =>
    Number(
      (
        await totals
          .locator('dt', { hasText: new RegExp(`^${term}$`) })
          .locator('+ dd')
          .innerText()
      ).replace(/,/g, ''),
    );
  return {
    imported: await valueOf('Imported'),
    duplicates: await valueOf('Already imported'),
    ignored: await valueOf('Not counted'),
  };
}

/** Holds the second import request until `release` is called, so the progress can be seen half way. */
async function holdSecondChunk(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let seen = 0;
  await page.route('**/api/tracks/user/import', async (route) => {
    seen += 1;
    if (seen === 2) await released;
    await route.continue();
  });
  return release;
}

describe('importing a Spotify data export from the settings screen', () => {
  it('uploads a JSON file and a ZIP, shows progress and totals, then only duplicates, and the daily totals', async () => {
    // Prepare
    const { page, problems } = await openSignedInFan();
    await openSettings(page);
    await saveScreenshot(page, 'history-import-idle');
    const release = await holdSecondChunk(page);
    const input = page.getByLabel('Choose export files');

    // Act: first upload, seen half way (account data answered, the extended chunk held) and at the end
    await input.setInputFiles(exportUpload());
    await page.getByText('Sending your history: 8 of 16 plays sent.').waitFor();
    const halfWay = await page.getByLabel('Import progress').evaluate((node) => {
      const progress = node as HTMLProgressElement;
      return [progress.value, progress.max];
    });
    await saveScreenshot(page, 'history-import-in-progress');
    release();
    await page.getByText('Import finished: 16 plays read from your files.').waitFor();
    const first = await readTotals(page);
    await saveScreenshot(page, 'history-import-done');
    await page.unroute('**/api/tracks/user/import');

    // Act: the same files again
    await input.setInputFiles(exportUpload());
    await page.getByText('Import finished: 16 plays read from your files.').waitFor();
    await page.getByLabel('Import totals').getByText('11', { exact: true }).waitFor();
    const second = await readTotals(page);
    const axe = await findSeriousAxeViolations(page);

    // Act: the daily listening through the page's own session
    const daily = await readExportWeekListening(page);

    // Assess: 6 + 5 = 11 plays imported, 2 + 3 = 5 records not counted (see the fixtures' module)
    expect(halfWay).toEqual([8, 16]);
    expect(first).toEqual({ imported: 11, duplicates: 0, ignored: 5 });
    expect(second).toEqual({ imported: 0, duplicates: 11, ignored: 5 });
    expect(withoutArtistIds(daily.data as Parameters<typeof withoutArtistIds>[0])).toEqual([
      ...accountDataTotals().days,
      ...extendedTotals().days,
    ]);
    expect(axe).toEqual([]);
    expect(selectUnexpectedProblems(problems)).toEqual([]);
  });

  it.each([
    ['desktop', { width: 1280, height: 900 }],
    ['phone', { width: 390, height: 844 }],
  ])(
    'goes on by itself where the server stopped for time, storing every play once (%s; the spent budget is simulated in the browser’s network layer)',
    async (name, viewport) => {
      // Prepare: the first request reaches the server with only its first 3 records, and its answer says to go on
      // from record 3, as a server whose time ran out answers; the page is held there to be seen half way
      const { page, problems } = await openSignedInFan(viewport);
      await openSettings(page);
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      const sent: number[] = [];
      await page.route('**/api/tracks/user/import', async (route) => {
        const body = JSON.parse(route.request().postData() ?? '{}') as { records: unknown[] };
        sent.push(body.records.length);
        if (sent.length > 1) {
          await released;
          await route.continue();
          return;
        }
        const reply = await route.fetch({
          postData: JSON.stringify({ ...body, records: body.records.slice(0, 3) }),
        });
        const answer = (await reply.json()) as { data: Record<string, unknown> };
        await route.fulfill({
          response: reply,
          json: { ...answer, data: { ...answer.data, processedRecords: 3, nextRecord: 3 } },
        });
      });

      // Act
      await page.getByLabel('Choose export files').setInputFiles(exportUpload().slice(0, 1));
      await page.getByText('Sending your history: 3 of 8 plays sent.').waitFor();
      // What the first answer counted shows while the rest of the chunk is on its way
      const totalsHalfWay = await page.getByLabel('Import totals').count();
      const halfWay = await page.getByLabel('Import progress').evaluate((node) => {
        const progress = node as HTMLProgressElement;
        return [progress.value, progress.max];
      });
      await saveScreenshot(page, `history-import-continued-${name}`);
      release();
      await page.getByText('Import finished: 8 plays read from your files.').waitFor();
      const totals = await readTotals(page);
      const progressBars = await page.getByRole('progressbar').count();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
      await page.unroute('**/api/tracks/user/import');
      const daily = await readExportWeekListening(page);

      // Assess: the rest of the file went in a second request, and the days hold each play once
      expect(sent).toEqual([8, 5]);
      expect(halfWay).toEqual([3, 8]);
      expect(totalsHalfWay).toBe(1);
      expect(progressBars).toBe(1);
      expect(totals).toEqual({ imported: 6, duplicates: 0, ignored: 2 });
      expect(withoutArtistIds(daily.data as Parameters<typeof withoutArtistIds>[0])).toEqual(
        accountDataTotals().days,
      );
      expect(overflow).toBe(false);
      expect(selectUnexpectedProblems(problems)).toEqual([]);
    },
  );

  it('shows the server’s message when a chunk is refused, and fits a phone', async () => {
    // Prepare: the server refuses the chunk as it refuses a malformed one
    const { page } = await openSignedInFan({ width: 390, height: 844 });
    await openSettings(page);
    await page.route('**/api/tracks/user/import', (route) =>
      route.fulfill({
        status: 422,
        contentType: 'application/json',
        body: JSON.stringify({
          success: false,
          code: 'validation_failed',
          message: 'Some fields are not valid.',
          fields: { 'records.3.msPlayed': 'Invalid input: expected number' },
          requestId: 'e2e-refused',
        }),
      }),
    );

    // Act
    await page.getByLabel('Choose export files').setInputFiles(exportUpload().slice(0, 1));
    const alert = page.getByRole('alert');
    await alert.waitFor();
    const message = await alert.innerText();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    await saveScreenshot(page, 'history-import-refused-phone');

    // Assess
    expect(message).toContain('Import stopped. OpenPie answered: Some fields are not valid.');
    expect(message).toContain('records.3.msPlayed');
    expect(overflow).toBe(false);
  });

  it('says how many plays were older than 13 months and not kept', async () => {
    // Prepare: three plays of two years ago and one of yesterday, in the account-data format
    const { page, problems } = await openSignedInFan();
    await openSettings(page);
    const endTimeDaysAgo = (days: number) =>
      new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 16).replace('T', ' ');
    const records = [730, 729, 728, 1].map((days, index) => ({
      endTime: endTimeDaysAgo(days),
      artistName: 'Nina Simone',
      trackName: `Take ${index + 1}`,
      msPlayed: 180_000,
    }));

    // Act
    await page.getByLabel('Choose export files').setInputFiles([
      {
        name: 'StreamingHistory_music_0.json',
        mimeType: 'application/json',
        buffer: Buffer.from(JSON.stringify(records)),
      },
    ]);
    await page.getByText('Import finished: 4 plays read from your files.').waitFor();
    const tooOld = page.getByText('3 plays are older than 13 months and were not kept', { exact: true });
    await tooOld.waitFor();
    const totals = await readTotals(page);
    await saveScreenshot(page, 'history-import-too-old');

    // Assess
    expect(totals).toEqual({ imported: 1, duplicates: 0, ignored: 0 });
    expect(await tooOld.isVisible()).toBe(true);
    expect(selectUnexpectedProblems(problems)).toEqual([]);
  });
});
