// Checks the frame e2e runs on every page: console errors and uncaught exceptions (minus the guards' expected
// "not signed in" replies), and axe-core violations of serious or critical impact.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, ConsoleMessage, Page } from 'playwright-core';
import { prerenderedPages } from '../../../frontend/prerender/pages';
import { appReadyAttribute } from '../../../frontend/src/lib/app-takeover';
import { sampleIdCalls, sampleTokenCalls, sessionEndpoints } from './spec-routes';

export const axeScriptPath = join(process.cwd(), 'node_modules', 'axe-core', 'axe.min.js');

export interface ObservedPage {
  page: Page;
  /** Console errors and uncaught exceptions since the last `clear()`. */
  problems: string[];
  clear(): void;
}

/**
 * True for Chromium's own log line about a refusal the visit expects: a session call answering 401 or 501 is how a
 * guard learns nobody of its role is signed in, and an e-mail link screen's call with the sample token is refused
 * because no such token exists. Only those calls, and only those statuses, are let through.
 */
export function isExpectedRefusal(message: ConsoleMessage): boolean {
  const status = /Failed to load resource: the server responded with a status of (\d{3})/.exec(
    message.text(),
  )?.[1];
  const url = message.location().url;
  if (!status || !url) return false;
  const pathname = new URL(url).pathname;
  if (sessionEndpoints.includes(pathname)) return status === '401' || status === '501';
  return (sampleTokenCalls.includes(pathname) || sampleIdCalls.includes(pathname)) && status.startsWith('4');
}

const prerenderedPaths = new Set(prerenderedPages.map((prerendered) => prerendered.path));

/**
 * Resolves once the SPA has taken over the page when it shows a prerendered public page (docs/decisions/053): its
 * static controls are disabled and what depends on the query string or the session is not there until then.
 */
export async function waitForAppTakeover(page: Page): Promise<void> {
  const url = new URL(page.url());
  if (!url.protocol.startsWith('http')) return;
  const pathname = url.pathname.length > 1 ? url.pathname.replace(/\/+$/, '') || '/' : url.pathname;
  if (!prerenderedPaths.has(pathname)) return;
  await page.locator(`html[${appReadyAttribute}]`).waitFor({ state: 'attached' });
}

type Navigation = 'goto' | 'reload' | 'goBack' | 'goForward' | 'waitForURL';

/**
 * Every way a test navigates (or waits for a navigation) resolves only once a prerendered page has been taken over,
 * as a person's tap waits for the page to look ready: tests keep reading and pressing as they did on the SPA shell.
 */
export function awaitTakeoverOnNavigation(page: Page): void {
  const wrap =
    <Args extends unknown[], Result>(navigate: (...args: Args) => Promise<Result>) =>
    async (...args: Args): Promise<Result> => {
      const result = await navigate(...args);
      await waitForAppTakeover(page);
      return result;
    };
  const navigations: Navigation[] = ['goto', 'reload', 'goBack', 'goForward', 'waitForURL'];
  for (const navigation of navigations) {
    const original = page[navigation].bind(page) as (...args: unknown[]) => Promise<unknown>;
    Object.assign(page, { [navigation]: wrap(original) });
  }
}

/** A page that records problems; one per browser context, reused from route to route. */
export async function openObservedPage(context: BrowserContext): Promise<ObservedPage> {
  const page = await context.newPage();
  awaitTakeoverOnNavigation(page);
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !isExpectedRefusal(message)) {
      problems.push(`console: ${message.text()} (${message.location().url})`);
    }
  });
  page.on('pageerror', (error) => problems.push(`exception: ${error.message}`));
  return {
    page,
    problems,
    clear: () => {
      problems.length = 0;
    },
  };
}

let axeSource: string | undefined;

/** The axe-core source, for pages whose content security policy refuses an injected script tag. */
export function readAxeSource(): string {
  axeSource ??= readFileSync(axeScriptPath, 'utf8');
  return axeSource;
}

interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/** Axe runs one at a time on a page (axe refuses a second run while one is under way): each waits for the last. */
const axeRunsByPage = new WeakMap<Page, Promise<unknown>>();

type AxeCheckListener = (page: Page, url: string, violations: readonly string[]) => void;
const axeCheckListeners = new Set<AxeCheckListener>();

/** Called after each axe check of a page with the URL it checked (test/e2e/support/axe-collector.ts listens). */
export function onAxeCheck(listener: AxeCheckListener): () => void {
  axeCheckListeners.add(listener);
  return () => axeCheckListeners.delete(listener);
}

/**
 * Runs axe-core on the page and describes each violation of serious or critical impact. The site's content security
 * policy (script-src 'self') refuses an injected <script> (`page.addScriptTag`), and turning the policy off for
 * the test would hide real violations, so axe's source is evaluated through the DevTools protocol instead, once a
 * document.
 */
export function findSeriousAxeViolations(page: Page): Promise<string[]> {
  const previous = axeRunsByPage.get(page) ?? Promise.resolve();
  const run = previous.catch(() => undefined).then(() => runAxe(page));
  axeRunsByPage.set(page, run);
  return run;
}

async function runAxe(page: Page): Promise<string[]> {
  const url = page.url();
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(readAxeSource());
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run(context: Document, options: { resultTypes: string[] }): Promise<{ violations: unknown[] }>;
        };
      }
    ).axe;
    // Only violations are read: axe then keeps one node of each passing or incomplete rule, not every node.
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations as AxeViolation[];
  });
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(', ')}`,
    );
  if (!page.isClosed() && page.url() === url) {
    for (const listener of axeCheckListeners) listener(page, url, serious);
  }
  return serious;
}

/** How far the page is wider than the window, in CSS pixels: 0 when nothing makes a phone scroll sideways. */
export function measureHorizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}
