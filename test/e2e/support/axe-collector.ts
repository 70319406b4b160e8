// axe-core on every screen the browser suite opens, at no more than one check a screen: each (route pattern, viewport)
// a test visits is checked once in the whole run, a moment after the page settles on it (and, for the screen a page
// is still on, when its file ends). The screens checked so far are kept in a file in the product's data folder, which
// every test file of the run shares, so a screen the frame test already checked is not checked again by the next
// file. A serious or critical violation is collected and fails the file whose page showed it.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { routePatterns } from '../../../frontend/src/lib/paths';
import { findSeriousAxeViolations } from './frame-checks';

interface PatternTree {
  readonly [key: string]: string | PatternTree;
}

function flattenPatterns(tree: PatternTree): string[] {
  return Object.values(tree).flatMap((value) =>
    typeof value === 'string' ? [value] : flattenPatterns(value),
  );
}

const knownPatterns = flattenPatterns(routePatterns);

/**
 * The route pattern of SPEC §2 a pathname belongs to (`/admin/fans/u-1` → `/admin/fans/:id`), the pattern with the
 * most fixed segments winning (`/pie/settings` over `/pie/:pieId`); a path no pattern matches stands for itself.
 */
export function routePatternOf(pathname: string, patterns: readonly string[] = knownPatterns): string {
  const segments = pathname.split('/').filter(Boolean);
  let best: { pattern: string; fixed: number } | undefined;
  for (const pattern of patterns) {
    const parts = pattern.split('/').filter(Boolean);
    if (parts.length !== segments.length) continue;
    if (!parts.every((part, index) => part.startsWith(':') || part === segments[index])) continue;
    const fixed = parts.filter((part) => !part.startsWith(':')).length;
    if (!best || fixed > best.fixed) best = { pattern, fixed };
  }
  return best?.pattern ?? (pathname === '' ? '/' : pathname);
}

/** What one screen is checked as: its route pattern at one viewport size. */
export function screenKeyOf(url: string, viewport: { width: number; height: number } | null): string {
  const size = viewport ? `${viewport.width}x${viewport.height}` : 'default';
  return `${routePatternOf(new URL(url).pathname)} @ ${size}`;
}

/** The screens checked in this run, in a file the run's test files share (one file runs at a time). */
export class CheckedScreens {
  constructor(private readonly file: string | null) {}

  private read(): Set<string> {
    if (!this.file) return new Set(this.memory);
    try {
      return new Set(JSON.parse(readFileSync(this.file, 'utf8')) as string[]);
    } catch {
      return new Set();
    }
  }

  private readonly memory = new Set<string>();

  has(key: string): boolean {
    return this.read().has(key);
  }

  add(key: string): void {
    this.memory.add(key);
    if (!this.file) return;
    const keys = this.read();
    keys.add(key);
    writeFileSync(this.file, JSON.stringify([...keys]));
  }
}

/** The shared record for a run whose product keeps its data in `dataDir`. */
export function checkedScreensOf(dataDir: string | undefined): CheckedScreens {
  return new CheckedScreens(dataDir ? join(dataDir, 'axe-checked-screens.json') : null);
}

/** Runs axe on a page and names each serious or critical violation (frame-checks.ts). */
export type AxeCheck = (page: Page) => Promise<string[]>;

/** How long a page stays on a screen before it is checked: the screen's first data has usually arrived by then. */
export const settleMs = 1_500;

/**
 * Watches the pages of one test file: checks each new screen once, collects what axe finds. `failures()` lists the
 * violations seen, each with its screen.
 */
export class AxeCollector {
  private readonly found: string[] = [];
  private readonly running = new Set<Promise<void>>();
  private readonly screens: { key: string; ms: number }[] = [];

  constructor(
    private readonly checked: CheckedScreens,
    private readonly check: AxeCheck = findSeriousAxeViolations,
  ) {}

  /** Counts an axe check made elsewhere (a test's own): its screen needs no second check in this run. */
  noteChecked(url: string, viewport: { width: number; height: number } | null): void {
    this.checked.add(screenKeyOf(url, viewport));
  }

  /** Checks the screen the page is on unless it was checked in this run; a page that moves on meanwhile is let be. */
  async checkScreen(page: Page): Promise<void> {
    if (page.isClosed()) return;
    const url = page.url();
    if (!/^https?:/.test(url)) return;
    const key = screenKeyOf(url, page.viewportSize());
    if (this.checked.has(key)) return;
    let violations: string[];
    const started = performance.now();
    try {
      violations = await this.check(page);
      this.screens.push({ key, ms: performance.now() - started });
    } catch {
      // The page navigated or closed while axe ran: the next screen it settles on is checked instead.
      return;
    }
    if (page.isClosed() || screenKeyOf(page.url(), page.viewportSize()) !== key) return;
    this.checked.add(key);
    for (const violation of violations) this.found.push(`${key}: ${violation}`);
  }

  /** Checks each screen the page settles on (navigations and client-side route changes alike). */
  watch(page: Page): void {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const run = this.checkScreen(page).finally(() => this.running.delete(run));
        this.running.add(run);
      }, settleMs);
    };
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) schedule();
    });
    page.on('close', () => clearTimeout(timer));
  }

  /** Waits for the checks under way, then checks the screens the pages are still on. */
  async finish(pages: readonly Page[]): Promise<void> {
    await Promise.all([...this.running]);
    for (const page of pages) await this.checkScreen(page);
  }

  failures(): readonly string[] {
    return this.found;
  }

  /** The screens this file's pages checked and how long each check took (`E2E_AXE_LOG=1` prints them). */
  checkedScreens(): readonly { key: string; ms: number }[] {
    return this.screens;
  }
}
