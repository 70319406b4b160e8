// One Chromium per test file and the pages its tests open: each in a fresh context (its own cookies and storage),
// closed with the browser after the file. Pages start as a visitor who already chose cookies (essential only), so
// the consent banner does not cover the screen in screenshots; the frame tests that check the banner open their own.
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser';
import { openObservedPage, type ObservedPage } from './frame-checks';

export const viewports = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

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

/** Call at the top of a test file: launches Chromium before its tests and closes everything after them. */
export function useObservedPages(): PageOpener {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
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
      return observed;
    },
  };
}
