// What the first pages a person opens cost them on a phone: Lighthouse's mobile profile (a mid-range phone on a slow
// 4G line, simulated) with Debian's Chromium against the product as `npm start` runs it (the SPA served compressed,
// as CloudFront serves it: local/static-site.ts), on the landing page, the sign-in, the try-it page, the artists'
// page and the demo fan's pie. Each page is measured five times, each time in a fresh Chromium with a fresh profile,
// and each figure is the median of its five runs. `npm run bench` prints them beside their budgets;
// `npx tsx bench/pages.ts` measures them alone (building the SPA first unless given `--no-build`).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { demoAccounts } from '../local/seed';
import { chromiumArgs, chromiumPath } from '../test/e2e/support/browser';
import { startProduct } from '../test/e2e/support/product';

export const pageBudgets = {
  /** Lighthouse's performance score, 0-100. */
  performance: 95,
  /** Lighthouse's accessibility score, 0-100. */
  accessibility: 100,
  largestContentfulPaintMs: 2_500,
  totalBlockingTimeMs: 200,
  cumulativeLayoutShift: 0.1,
};

export const measuredPaths = ['/', '/login', '/try', '/for-artists', '/pie'] as const;
/** The pages a visitor sees signed in: the demo fan's session cookie goes with every request. */
const signedInPaths = new Set<string>(['/pie']);

export interface PageFigures {
  path: string;
  runs: number;
  performance: number;
  accessibility: number;
  largestContentfulPaintMs: number;
  totalBlockingTimeMs: number;
  cumulativeLayoutShift: number;
}

type RunFigures = Omit<PageFigures, 'path' | 'runs'>;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** One Lighthouse run of one page in a fresh Chromium with a fresh profile. */
async function runLighthouse(url: string, extraHeaders: Record<string, string>): Promise<RunFigures> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'openpie-lighthouse-'));
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: chromiumArgs,
    userDataDir,
    logLevel: 'silent',
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      extraHeaders,
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
    const numeric = (id: string) => {
      const value = lhr.audits[id]?.numericValue;
      if (typeof value !== 'number') throw new Error(`Lighthouse measured no ${id} on ${url}`);
      return value;
    };
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      largestContentfulPaintMs: numeric('largest-contentful-paint'),
      totalBlockingTimeMs: numeric('total-blocking-time'),
      cumulativeLayoutShift: numeric('cumulative-layout-shift'),
    };
  } finally {
    chrome.kill();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

/** The demo fan's session cookie, from a sign-in through the API as the browser makes it. */
async function signInDemoFan(baseUrl: string): Promise<string> {
  const fan = demoAccounts.find((account) => account.kind === 'fan');
  if (!fan) throw new Error('local/seed.ts has no demo fan');
  const reply = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email: fan.email, password: fan.password }),
  });
  if (!reply.ok) throw new Error(`The demo fan could not sign in: ${reply.status} ${await reply.text()}`);
  const cookies = reply.headers.getSetCookie().map((cookie) => cookie.split(';')[0] ?? '');
  if (cookies.length === 0) throw new Error('The demo fan signed in without a session cookie');
  return cookies.join('; ');
}

/** Starts the product on a fresh data folder (the built SPA in dist/web), measures each page, stops the product. */
export async function measurePages(
  options: { runs?: number; paths?: readonly string[]; progress?: (line: string) => void } = {},
): Promise<PageFigures[]> {
  const { runs = 5, paths = measuredPaths, progress } = options;
  const product = await startProduct();
  try {
    const cookie = await signInDemoFan(product.baseUrl);
    const figures: PageFigures[] = [];
    for (const path of paths) {
      const headers: Record<string, string> = signedInPaths.has(path) ? { Cookie: cookie } : {};
      const results: RunFigures[] = [];
      for (let run = 0; run < runs; run += 1) {
        const result = await runLighthouse(`${product.baseUrl}${path}`, headers);
        progress?.(
          `${path} run ${run + 1}: performance ${result.performance}, accessibility ${result.accessibility}, LCP ${Math.round(result.largestContentfulPaintMs)} ms, TBT ${Math.round(result.totalBlockingTimeMs)} ms, CLS ${result.cumulativeLayoutShift.toFixed(3)}`,
        );
        results.push(result);
      }
      figures.push({
        path,
        runs,
        performance: median(results.map((result) => result.performance)),
        accessibility: median(results.map((result) => result.accessibility)),
        largestContentfulPaintMs: median(results.map((result) => result.largestContentfulPaintMs)),
        totalBlockingTimeMs: median(results.map((result) => result.totalBlockingTimeMs)),
        cumulativeLayoutShift: median(results.map((result) => result.cumulativeLayoutShift)),
      });
    }
    return figures;
  } finally {
    await product.stop();
  }
}

export interface PageBenchRow {
  name: string;
  figure: string;
  budget: string;
  ok: boolean;
}

/** One row a page: its medians beside the budgets, over when any one figure is. */
export function pageRows(figures: readonly PageFigures[]): PageBenchRow[] {
  const b = pageBudgets;
  return figures.map((page) => {
    const over = [
      page.performance < b.performance && 'performance',
      page.accessibility < b.accessibility && 'accessibility',
      page.largestContentfulPaintMs > b.largestContentfulPaintMs && 'LCP',
      page.totalBlockingTimeMs > b.totalBlockingTimeMs && 'TBT',
      page.cumulativeLayoutShift > b.cumulativeLayoutShift && 'CLS',
    ].filter((name): name is string => typeof name === 'string');
    return {
      name: `lighthouse mobile ${page.path}${signedInPaths.has(page.path) ? ' (demo fan)' : ''}, median of ${page.runs}`,
      figure: `performance ${page.performance}, accessibility ${page.accessibility}, LCP ${(page.largestContentfulPaintMs / 1000).toFixed(2)} s, TBT ${Math.round(page.totalBlockingTimeMs)} ms, CLS ${page.cumulativeLayoutShift.toFixed(3)}${over.length > 0 ? ` (over: ${over.join(', ')})` : ''}`,
      budget: `≥ ${b.performance}, ${b.accessibility}, ≤ ${(b.largestContentfulPaintMs / 1000).toFixed(1)} s, ≤ ${b.totalBlockingTimeMs} ms, ≤ ${b.cumulativeLayoutShift}`,
      ok: over.length === 0,
    };
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  if (!args.includes('--no-build')) {
    execFileSync(
      process.execPath,
      [
        'node_modules/vite/bin/vite.js',
        'build',
        '--config',
        'frontend/vite.config.ts',
        '--logLevel',
        'error',
      ],
      { stdio: 'inherit' },
    );
  }
  const runsArg = args.find((arg) => arg.startsWith('--runs='));
  const paths = args.filter((arg) => arg.startsWith('/'));
  const figures = await measurePages({
    runs: runsArg ? Number(runsArg.slice('--runs='.length)) : 5,
    ...(paths.length > 0 ? { paths } : {}),
    progress: (line) => console.log(`  ${line}`),
  });
  const rows = pageRows(figures);
  for (const row of rows)
    console.log(`${row.ok ? 'ok  ' : 'OVER'}  ${row.name}  ${row.figure}  ${row.budget}`);
  process.exit(rows.every((row) => row.ok) ? 0 : 1);
}
