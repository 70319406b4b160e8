// The frame's browser-level promises in a real Chromium: a blocked area chunk shows the app-update screen and
// reloads with cleared caches (SPEC §4); the consent purge leaves the server's HttpOnly cookies alone (SPEC §4-§5);
// the service worker caches the app shell, never /api, and opens OpenPie offline; the manifest makes it installable,
// and in an ordinary Chromium profile the install prompt shows, its "Not now" holding across page loads.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, launchProfileBrowser, saveScreenshot } from './support/browser';

const baseUrl = inject('baseUrl');
let browser: Browser;
let context: BrowserContext | undefined;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

afterEach(async () => {
  await context?.close();
  context = undefined;
});

/** The built file of a source module, from the manifest of the build the product serves. */
function findBuiltChunk(source: string): string {
  const manifest = JSON.parse(
    readFileSync(join(process.cwd(), 'dist', 'web', '.vite', 'manifest.json'), 'utf8'),
  ) as Record<string, { file: string }>;
  const chunk = manifest[source];
  if (!chunk) throw new Error(`${source} is not in the build manifest`);
  return chunk.file;
}

/** Keeps every h1 the tab shows in session storage, so the sequence survives the reloads it causes. */
async function recordHeadings(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const key = 'e2e-headings';
    const record = () => {
      const text = document.querySelector('h1')?.textContent ?? '';
      const seen = JSON.parse(sessionStorage.getItem(key) ?? '[]') as string[];
      if (text && seen[seen.length - 1] !== text)
        sessionStorage.setItem(key, JSON.stringify([...seen, text]));
    };
    new MutationObserver(record).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

function readHeadings(page: Page): Promise<string[]> {
  return page.evaluate(() => JSON.parse(sessionStorage.getItem('e2e-headings') ?? '[]') as string[]);
}

function readNavigationType(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.type ?? '',
  );
}

describe('chunk-load recovery (SPEC §4)', () => {
  it("shows 'App Update Required', then 'Updating App...', then reloads with every cache cleared", async () => {
    // Prepare: a tab that has a cache, and an admin chunk the server no longer has (as after a deploy).
    context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await recordHeadings(page);
    await page.goto(`${baseUrl}/`, { waitUntil: 'load' });
    await page.evaluate(async () => {
      const cache = await caches.open('openpie-e2e-previous-build');
      await cache.put('/assets/previous-build.js', new Response('// the previous build'));
    });
    const adminChunk = findBuiltChunk('src/app/routes/admin/admin-area.tsx');
    await context.route(`**/${adminChunk}`, (route) => route.abort('failed'));

    // Act
    await page.goto(`${baseUrl}/admin`, { waitUntil: 'load' });
    await page.getByRole('heading', { level: 1, name: 'App Update Required' }).waitFor();
    await saveScreenshot(page, 'frame-recovery-app-update-required');
    // The refresh reloads the tab once, into the same blocked chunk: this time the screen waits for the button.
    await page.waitForEvent('load', { timeout: 5_000 });
    await page.getByRole('button', { name: 'Refresh Now' }).waitFor();
    const afterReload = {
      navigation: await readNavigationType(page),
      caches: await page.evaluate(() => caches.keys()),
      headings: await readHeadings(page),
    };
    await context.unroute(`**/${adminChunk}`);
    await page.getByRole('button', { name: 'Refresh Now' }).click();
    await page.getByRole('heading', { level: 1, name: 'Staff sign-in' }).waitFor({ timeout: 10_000 });

    // Assess
    const fromFailure = afterReload.headings.slice(afterReload.headings.indexOf('App Update Required'));
    expect(fromFailure).toEqual(['App Update Required', 'Updating App...', 'App Update Required']);
    expect(afterReload.navigation).toBe('reload');
    expect(afterReload.caches).toEqual([]);
    expect(await readHeadings(page)).toContain('Staff sign-in');
  });
});

describe('cookie consent and the server’s HttpOnly cookies (SPEC §4, §5)', () => {
  it('purges what consent does not allow and keeps an HttpOnly cookie set by a response', async () => {
    // Prepare: a reply sets the fan's HttpOnly access token, as the login reply will.
    context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    const token = `e2e-${crypto.randomUUID()}`;
    await context.route('**/e2e/set-session-cookie', (route) =>
      route.fulfill({
        status: 200,
        headers: {
          'content-type': 'text/plain',
          'set-cookie': `openpie_access_token_fan=${token}; HttpOnly; Path=/; SameSite=Lax; Max-Age=3600`,
        },
        body: 'ok',
      }),
    );
    await page.goto(`${baseUrl}/privacy-policy`, { waitUntil: 'load' });
    await page.getByRole('heading', { level: 1, name: 'Privacy policy' }).waitFor();
    await page.evaluate(() => fetch('/e2e/set-session-cookie').then((reply) => reply.text()));
    const [before] = (await context.cookies()).filter((cookie) => cookie.name === 'openpie_access_token_fan');
    await page.evaluate(() => {
      document.cookie = 'openpie_spotify_auth=connected; Path=/';
      document.cookie = 'e2e_unclassified=1; Path=/';
    });

    // Act: save essential only through the modal, then reset from the privacy policy.
    await page.getByRole('button', { name: 'Manage preferences' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cookie Preferences' });
    await dialog.getByRole('button', { name: 'Save Preferences' }).click();
    await dialog.waitFor({ state: 'detached' });
    const afterSave = await context.cookies();
    await page.getByRole('button', { name: 'Reset my cookie choice' }).click();
    const afterReset = await context.cookies();

    // Assess
    expect(before).toMatchObject({ value: token, httpOnly: true });
    expect(await page.evaluate(() => document.cookie)).not.toContain('access_token');
    for (const cookies of [afterSave, afterReset]) {
      const kept = cookies.find((cookie) => cookie.name === 'openpie_access_token_fan');
      expect(kept).toMatchObject({ value: token, httpOnly: true, path: '/' });
      expect(kept?.expires).toBeCloseTo(before?.expires ?? 0, 0);
      expect(cookies.map((cookie) => cookie.name)).not.toContain('openpie_spotify_auth');
      expect(cookies.map((cookie) => cookie.name)).not.toContain('e2e_unclassified');
    }
    expect(afterSave.map((cookie) => cookie.name)).toContain('openpie_cookie_preferences');
  });
});

describe('installable app', () => {
  it('has a manifest with the icons Chromium needs to install OpenPie', async () => {
    // Act
    const reply = await fetch(`${baseUrl}/manifest.webmanifest`);
    const manifest = (await reply.json()) as {
      name: string;
      start_url: string;
      display: string;
      icons: { src: string; sizes: string; type: string; purpose: string }[];
    };
    const icons = await Promise.all(
      manifest.icons.map(async (icon) => {
        const iconReply = await fetch(`${baseUrl}${icon.src}`);
        return `${icon.sizes} ${icon.purpose} ${iconReply.status} ${iconReply.headers.get('content-type')}`;
      }),
    );

    // Assess
    expect(reply.headers.get('content-type')).toBe('application/manifest+json');
    expect(manifest).toMatchObject({ name: 'OpenPie', start_url: '/', display: 'standalone' });
    expect(icons).toEqual([
      '192x192 any 200 image/png',
      '512x512 any 200 image/png',
      '512x512 maskable 200 image/png',
      'any any 200 image/svg+xml',
    ]);
  });

  it.each([
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ])(
    'is installable in an ordinary Chromium profile, where the install prompt shows and "Not now" holds (%s)',
    async (name, viewport) => {
      // Prepare: a fresh profile; every offer Chromium makes is counted from the start of each page load
      const profile = mkdtempSync(join(tmpdir(), 'openpie-e2e-profile-'));
      const installable = await launchProfileBrowser(profile, viewport);
      try {
        const page = installable.pages()[0] ?? (await installable.newPage());
        const problems: string[] = [];
        page.on('pageerror', (error) => problems.push(error.message));
        await page.addInitScript(() => {
          window.addEventListener('beforeinstallprompt', () => {
            const offers = Number(sessionStorage.getItem('e2e-install-offers') ?? '0');
            sessionStorage.setItem('e2e-install-offers', String(offers + 1));
          });
        });
        const prompt = page.getByRole('region', { name: 'Install OpenPie' });
        const installCheck = await installable.newCDPSession(page);
        await page.goto(`${baseUrl}/help`, { waitUntil: 'load' });

        // Act: the cookie banner is answered first, then the prompt has its turn
        await page.getByRole('button', { name: 'Accept all' }).click();
        await prompt.waitFor();
        const { installabilityErrors } = await installCheck.send('Page.getInstallabilityErrors');
        const texts = await prompt.innerText();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
        await saveScreenshot(page, `install-prompt-${name}`);
        await prompt.getByRole('button', { name: 'Not now' }).click();
        await page.goto(`${baseUrl}/login`, { waitUntil: 'load' });
        await page.waitForFunction(() => Number(sessionStorage.getItem('e2e-install-offers')) >= 2);
        const shownAfterNotNow = await prompt.count();

        // Assess
        expect(installabilityErrors).toEqual([]);
        expect(texts).toContain('Open your pie from your home screen, like any other app.');
        expect(texts).toContain('Install');
        expect(overflow).toBe(false);
        expect(shownAfterNotNow).toBe(0);
        expect(problems).toEqual([]);
      } finally {
        await installable.close();
        rmSync(profile, { recursive: true, force: true });
      }
    },
  );

  it('is not offered in the incognito contexts the other suites use, which is why a walk there never saw it', async () => {
    // Prepare
    context = await browser.newContext();
    const page = await context.newPage();
    const installCheck = await context.newCDPSession(page);
    await page.goto(`${baseUrl}/help`, { waitUntil: 'load' });

    // Act
    const { installabilityErrors } = await installCheck.send('Page.getInstallabilityErrors');

    // Assess: incognito is the only reason given
    expect(installabilityErrors.map((error) => error.errorId)).toEqual(['in-incognito']);
  });

  it('caches the app shell but never an /api reply, and opens offline', async () => {
    // Prepare
    context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(`${baseUrl}/help`, { waitUntil: 'load' });
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    // Loaded again under the worker's control, so the shell and this page's chunks pass through it.
    await page.reload({ waitUntil: 'load' });
    await page.getByRole('heading', { level: 1, name: 'How OpenPie works' }).waitFor();

    // Act
    const apiStatus = await page.evaluate(() => fetch('/api/health').then((reply) => reply.status));
    const cached = await page.evaluate(async () => {
      const entries: string[] = [];
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) entries.push(new URL(request.url).pathname);
      }
      return entries;
    });
    await context.setOffline(true);
    await page.goto(`${baseUrl}/help`, { waitUntil: 'load' });
    const offlineHeading = await page.getByRole('heading', { level: 1 }).textContent();
    await context.setOffline(false);

    // Assess
    expect(apiStatus).toBe(200);
    expect(cached).toContain('/index.html');
    expect(cached.some((path) => path.startsWith('/assets/'))).toBe(true);
    expect(cached.filter((path) => path.startsWith('/api'))).toEqual([]);
    expect(offlineHeading).toBe('How OpenPie works');
    expect(problems).toEqual([]);
  });
});
