// The e2e suite's axe collector (test/e2e/support/axe-collector.ts) without a browser: which screen a URL is, that a
// screen is checked once in a run across test files, that a page which moves on while axe runs is not counted, and
// that what axe finds is kept with its screen. The page is a stand-in with only what the collector reads of
// Playwright's page (no Chromium in the unit project).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import {
  AxeCollector,
  checkedScreensOf,
  routePatternOf,
  screenKeyOf,
} from '../../test/e2e/support/axe-collector';

/** A stand-in for Playwright's page: a URL that tests move, a viewport, and nothing else the collector needs. */
function fakePage(url: string, viewport = { width: 390, height: 844 }) {
  const state = { url, closed: false };
  const page = {
    url: () => state.url,
    viewportSize: () => viewport,
    isClosed: () => state.closed,
  } as unknown as Page;
  return { page, state };
}

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});
function runFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'openpie-axe-collector-'));
  folders.push(folder);
  return folder;
}

describe('which screen a URL is', () => {
  it('names the route pattern, the most fixed segments winning, and keeps unknown paths as they are', () => {
    expect(routePatternOf('/pie/settings')).toBe('/pie/settings');
    expect(routePatternOf('/pie/p-123')).toBe('/pie/:pieId');
    expect(routePatternOf('/')).toBe('/');
    expect(routePatternOf('/no-such-page')).toBe('/no-such-page');
    expect(routePatternOf('/x', ['/:a', '/x'])).toBe('/x');
  });

  it('counts a query or another id as the same screen, another viewport as another', () => {
    const phone = { width: 390, height: 844 };
    expect(screenKeyOf('http://localhost:1/pie/p-1?from=mail', phone)).toBe(
      screenKeyOf('http://localhost:1/pie/p-2', phone),
    );
    expect(screenKeyOf('http://localhost:1/login', phone)).not.toBe(
      screenKeyOf('http://localhost:1/login', { width: 1280, height: 800 }),
    );
  });
});

describe('the collector', () => {
  it('checks a screen once in a run, across the collectors of several test files', async () => {
    const dataDir = runFolder();
    const checkedPages: string[] = [];
    const check = (page: Page) => {
      checkedPages.push(page.url());
      return Promise.resolve([]);
    };
    const firstFile = new AxeCollector(checkedScreensOf(dataDir), check);
    await firstFile.checkScreen(fakePage('http://localhost:1/pie/p-1').page);
    await firstFile.checkScreen(fakePage('http://localhost:1/pie/p-2').page);
    const nextFile = new AxeCollector(checkedScreensOf(dataDir), check);
    await nextFile.checkScreen(fakePage('http://localhost:1/pie/p-3').page);
    await nextFile.checkScreen(fakePage('http://localhost:1/pie/p-3', { width: 1280, height: 800 }).page);
    expect(checkedPages).toEqual(['http://localhost:1/pie/p-1', 'http://localhost:1/pie/p-3']);
  });

  it('needs no check of a screen a test already checked itself', async () => {
    let checks = 0;
    const collector = new AxeCollector(checkedScreensOf(runFolder()), () => {
      checks += 1;
      return Promise.resolve([]);
    });
    collector.noteChecked('http://localhost:1/login', { width: 390, height: 844 });
    await collector.checkScreen(fakePage('http://localhost:1/login').page);
    expect(checks).toBe(0);
  });

  it('keeps each serious violation with its screen', async () => {
    const collector = new AxeCollector(checkedScreensOf(runFolder()), () =>
      Promise.resolve(['color-contrast (serious): Elements must meet contrast at .hint']),
    );
    await collector.checkScreen(fakePage('http://localhost:1/admin/fans/u-1').page);
    expect(collector.failures()).toEqual([
      '/admin/fans/:id @ 390x844: color-contrast (serious): Elements must meet contrast at .hint',
    ]);
  });

  it('does not count a screen the page left while axe ran, so the screen is checked later', async () => {
    const dataDir = runFolder();
    const { page, state } = fakePage('http://localhost:1/login');
    let checks = 0;
    const collector = new AxeCollector(checkedScreensOf(dataDir), () => {
      checks += 1;
      if (checks === 1) state.url = 'http://localhost:1/pie';
      return Promise.resolve(['a violation the moved page cannot be blamed for']);
    });
    await collector.checkScreen(page);
    expect(collector.failures()).toEqual([]);
    state.url = 'http://localhost:1/login';
    await collector.checkScreen(page);
    expect(checks).toBe(2);
  });

  it('lets a check that fails with the page (closed, navigated away) go without failing the file', async () => {
    const collector = new AxeCollector(checkedScreensOf(runFolder()), () =>
      Promise.reject(new Error('Execution context was destroyed')),
    );
    await collector.checkScreen(fakePage('http://localhost:1/login').page);
    expect(collector.failures()).toEqual([]);
  });
});
