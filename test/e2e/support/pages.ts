// One Chromium per test file and the pages its tests open: each in a fresh context (its own cookies and storage),
// closed with the browser after the file. Pages start as a visitor who already chose cookies (essential only), so
// the consent banner does not cover the screen in screenshots; the frame tests that check the banner open their own.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
import { AxeCollector, checkedScreensOf } from './axe-collector';
import { launchBrowser } from './browser';
import { onAxeCheck, openObservedPage, type ObservedPage } from './frame-checks';

export const viewports = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

/**
 * Sets an open page to another viewport size and waits until it has laid itself out at it (two frames). The browser
 * files check a screen at the phone size after one load, then at the desktop size by widening the same page: the
 * layout is CSS only (nothing under frontend/src reads the window's size to render; device-type.ts is read on a
 * click), and a second full load per size was the larger part of what those checks cost Chromium (decision 050).
 */
export async function resizeTo(page: Page, viewport: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(viewport);
  await page.waitForFunction(
    (width) =>
      window.innerWidth === width &&
      new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(true)))),
    viewport.width,
  );
}

export interface OpenPageOptions {
  viewport?: { width: number; height: number };
  /** Playwright's default wait for each action, in ms. */
  timeoutMs?: number;
  /** Runs on the new context before its page opens (a sign-in that sets the session cookie …). */
  prepare?: (context: BrowserContext) => Promise<void>;
}

export interface PageOpener {
  open(options?: OpenPageOptions): Promise<ObservedPage>;
}

/**
 * Call at the top of a test file: launches Chromium before its tests and closes everything after them. Every screen
 * its pages open is checked with axe once in the run (axe-collector.ts): a serious or critical violation fails the file.
 */
export function useObservedPages(): PageOpener {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const pages: Page[] = [];
  const axe = new AxeCollector(checkedScreensOf(inject('dataDir')));
  const stopNoting = onAxeCheck((page, url) => {
    if (pages.includes(page)) axe.noteChecked(url, page.viewportSize());
  });
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await axe.finish(pages);
    stopNoting();
    if (process.env['E2E_AXE_LOG']) {
      const screens = axe.checkedScreens();
      const ms = screens.reduce((sum, screen) => sum + screen.ms, 0);
      console.log(
        `axe: ${screens.length} screens checked in ${Math.round(ms)} ms\n${screens.map((screen) => `  ${screen.key} ${Math.round(screen.ms)} ms`).join('\n')}`,
      );
    }
    for (const context of contexts) await context.close();
    await browser?.close();
    const failures = axe.failures();
    if (failures.length > 0) {
      throw new Error(`axe found serious or critical violations:\n${failures.join('\n')}`);
    }
  });
  return {
    async open({ viewport = viewports.desktop, timeoutMs = 15_000, prepare } = {}) {
      if (!browser) throw new Error('useObservedPages() opens pages only inside tests');
      const context = await browser.newContext({ viewport });
      contexts.push(context);
      await context.addInitScript(() => {
        window.localStorage.setItem(
          'openpie_cookie_preferences',
          JSON.stringify({
            essential: true,
            analytics: false,
            performance: false,
            advertising: false,
            social: false,
            unclassified: false,
          }),
        );
      });
      await prepare?.(context);
      const observed = await openObservedPage(context);
      observed.page.setDefaultTimeout(timeoutMs);
      pages.push(observed.page);
      axe.watch(observed.page);
      return observed;
    },
  };
}
