// The web app's frame in a real Chromium: every route of SPEC §2 for each role at a phone and a desktop
// size, with a screenshot of each, no console error or uncaught exception, no serious or critical axe-core
// violation, and the unknown-path rules. One browser for the file, one context per role and viewport.
import type { Browser, BrowserContext, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, saveScreenshot } from './support/browser';
import {
  findSeriousAxeViolations,
  measureHorizontalOverflow,
  openObservedPage,
  type ObservedPage,
} from './support/frame-checks';
import { resizeTo } from './support/pages';
import {
  roleSessions,
  selectLanding,
  specRoutes,
  signedInRoleSessions,
  unknownPathCases,
  type RoleSession,
  type SpecRoute,
} from './support/spec-routes';

const baseUrl = inject('baseUrl');

const viewports = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** Loads a path and waits until the app has settled on a page with its h1 (guards and lazy chunks done). */
async function visit(
  observed: ObservedPage,
  path: string,
  expectedPath: string,
  callsOnLoad = false,
): Promise<void> {
  const { page } = observed;
  await page.goto(`${baseUrl}${path}`, { waitUntil: callsOnLoad ? 'networkidle' : 'load' });
  await page.waitForURL((url) => url.pathname === expectedPath, { timeout: 15_000 });
  await page.locator('h1').first().waitFor({ state: 'visible', timeout: 15_000 });
  await page.locator('.navigation-progress').waitFor({ state: 'detached', timeout: 15_000 });
}

type Viewport = (typeof viewports)[number];

/** The screenshot, axe check and sideways overflow of the page as it stands, at the viewport it stands at. */
async function checkScreen(
  observed: ObservedPage,
  label: string,
  viewport: Viewport,
  route: SpecRoute,
): Promise<{ violations: string[]; overflow: number }> {
  await saveScreenshot(
    observed.page,
    `frame-${label.replace(/\W+/g, '-').replace(/-$/, '')}-${viewport.name}-${route.name}`,
  );
  const violations = await findSeriousAxeViolations(observed.page);
  return { violations, overflow: await measureHorizontalOverflow(observed.page) };
}

/**
 * Visits each route as the role: one full load at the phone size, its screenshot and checks, then the same page
 * widened to the desktop size (`resizeTo` says why that is what a desktop loads), its screenshot and checks again.
 */
function describeVisits(
  role: RoleSession,
  label: string,
  title: string,
  routes: readonly SpecRoute[],
  withUnknownPaths: boolean,
) {
  // One context per block and one tab in it, reused from route to route: each visit is still a full load. The blocks
  // run at once (up to vitest's maxConcurrency), each on its own tab, its visits in order: a visit mostly waits (the
  // network going idle, lazy chunks), so the blocks overlap well even on two cores.
  describe(title, { concurrent: true }, () => {
    let context: BrowserContext;
    let observed: ObservedPage;
    const first = viewports[0];

    beforeAll(async () => {
      context = await browser.newContext({ viewport: { width: first.width, height: first.height } });
      await role.signIn(context, baseUrl);
      observed = await openObservedPage(context);
    });

    afterAll(async () => {
      await context?.close();
    });

    it.sequential.for(routes.map((route) => [route.path, route] as const))(
      `%s renders cleanly and accessibly at ${viewports.map((v) => `${v.width}×${v.height}`).join(' and ')}`,
      async ([, route]) => {
        // Prepare
        observed.clear();
        await resizeTo(observed.page, first);
        const expectedPath = selectLanding(route.path, route.access, role.name);

        // Act
        await visit(observed, route.path, expectedPath, route.callsOnLoad);
        // A route the role is sent away from lands on a screen this role visits as a route of its own (the sign-in
        // pages), where it has its screenshots and axe checks: here only the landing and the page's health count,
        // which no viewport changes.
        const landed = expectedPath === route.path;
        const sizes = landed ? viewports : [first];
        const checks: { viewport: string; violations: string[]; overflow: number }[] = [];
        for (const viewport of sizes) {
          if (viewport !== first) await resizeTo(observed.page, viewport);
          const { violations, overflow } = landed
            ? await checkScreen(observed, label, viewport, route)
            : { violations: [], overflow: await measureHorizontalOverflow(observed.page) };
          checks.push({ viewport: viewport.name, violations, overflow });
        }

        // Assess
        expect(new URL(observed.page.url()).pathname).toBe(expectedPath);
        if (!landed) {
          const visitedByRole = specRoutes.filter(
            (visited) => visited.access === 'public' || visited.access === role.name,
          );
          expect(visitedByRole.map((visited) => visited.path)).toContain(expectedPath);
        }
        expect(checks).toEqual(
          sizes.map((viewport) => ({
            viewport: viewport.name,
            violations: [],
            overflow: 0,
          })),
        );
        expect(observed.problems).toEqual([]);
      },
    );

    if (withUnknownPaths) {
      it.sequential.for(unknownPathCases.map((unknown) => [unknown.path, unknown] as const))(
        'sends the unknown path %s where SPEC §2 says',
        async ([, unknown]) => {
          // Prepare
          observed.clear();
          await resizeTo(observed.page, first);
          const expectedPath = selectLanding(unknown.areaHome, unknown.homeAccess, role.name);

          // Act
          await visit(observed, unknown.path, expectedPath);

          // Assess
          expect(new URL(observed.page.url()).pathname).toBe(expectedPath);
          expect(observed.problems).toEqual([]);
        },
      );
    }
  });
}

// Signed out, the public routes (with their screenshots) and the other roles' routes (sent to a sign-in screen) are
// two blocks, so the longest block is not the signed-out walk alone.
for (const role of roleSessions) {
  describeVisits(
    role,
    role.name,
    `${role.name}: the public routes`,
    specRoutes.filter((route) => route.access === 'public'),
    true,
  );
  describeVisits(
    role,
    role.name,
    `${role.name}: the signed-in roles' routes`,
    specRoutes.filter((route) => route.access !== 'public'),
    false,
  );
}

// A signed-in role visits every public route and its own screens. Not the other roles' screens: their session call
// answers 401, and SPEC §4's rule that every 401 clears both the fan and the artist cookie signs the visitor out, so
// the anonymous sweep above already covers what anyone sees there.
for (const role of signedInRoleSessions) {
  describeVisits(
    role,
    `${role.name} (signed in)`,
    `${role.name} (signed in)`,
    specRoutes.filter((route) => route.access === 'public' || route.access === role.name),
    false,
  );
}

// The cookie banner is a slim bar, not a quarter of a phone screen, and on a laptop it never covers the register
// form's last field and terms: the page's end scrolls clear of it, and a control brought into view by
// scrolling to it or by the keyboard lands above it.
describe('the cookie banner is compact and never over a form’s submit area', () => {
  type Box = { x: number; y: number; width: number; height: number };
  const isClearAbove = (control: Box, banner: Box) => control.y + control.height <= banner.y;

  /** Where a control ends up once the page has stopped moving (the site scrolls smoothly). */
  async function readSettledBox(locator: Locator): Promise<Box | null> {
    let last = await locator.boundingBox();
    for (let attempt = 0; attempt < 30; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const next = await locator.boundingBox();
      if (next && last && next.y === last.y) return next;
      last = next;
    }
    return last;
  }

  for (const viewport of viewports) {
    it(`on /register at ${viewport.width}×${viewport.height}`, async () => {
      // Prepare: a first visit, before any cookie choice
      const context = await browser.newContext({
        viewport: { width: viewport.width, height: viewport.height },
      });
      try {
        const observed = await openObservedPage(context);
        const { page } = observed;
        await visit(observed, '/register', '/register');
        const banner = page.getByRole('region', { name: 'Cookies on OpenPie' });
        const submit = page.getByRole('button', { name: 'CREATE MY ACCOUNT' });
        const terms = page.getByRole('main').getByRole('link', { name: 'Terms of Service', exact: true });
        await saveScreenshot(page, `frame-cookie-banner-register-${viewport.name}`);
        await page.screenshot({
          path: `test-results/screenshots/frame-cookie-banner-register-${viewport.name}-window.png`,
        });
        const bannerBox = await banner.boundingBox();
        const choices = await banner.getByRole('button').allTextContents();

        // Act: the person scrolls to the button, then comes back to it with the keyboard from the last field
        await submit.evaluate((element) => element.scrollIntoView({ block: 'end' }));
        const scrolledTo = { submit: await readSettledBox(submit), terms: await terms.boundingBox() };
        const hitWhenScrolled = await submit.evaluate((element) => {
          const box = element.getBoundingClientRect();
          return document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2) === element;
        });
        // Filled in, so the button is enabled and takes focus (SPEC §2: disabled until valid and changed).
        await page.getByLabel('Email').fill('banner-check@openpie.example');
        await page.getByLabel('First name').fill('Robin');
        await page.getByLabel('Last name').fill('Banner');
        await page.getByLabel(/^Password\*?$/).fill('crust-banner-berry-pie');
        await page.getByLabel('Repeat password').fill('crust-banner-berry-pie');
        // The worst case: the button half under the bar, where the browser sees no reason to scroll when it takes
        // focus. Then the keyboard moves on to it from the Privacy Policy link above it.
        await submit.evaluate((element, barTop) => {
          const box = element.getBoundingClientRect();
          window.scrollTo({
            top: window.scrollY + box.bottom - (barTop + box.height / 2),
            behavior: 'instant',
          });
        }, bannerBox?.y ?? 0);
        const underTheBar = await submit.boundingBox();
        await page
          .getByRole('main')
          .getByRole('link', { name: 'Privacy Policy', exact: true })
          .evaluate((element: HTMLElement) => element.focus({ preventScroll: true }));
        await page.keyboard.press('Tab');
        const focused = await page.evaluate(() => document.activeElement?.textContent);
        const focusedBox = await readSettledBox(submit);
        await page.evaluate(() =>
          window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }),
        );
        const atTheEnd = await readSettledBox(submit);
        const bannerAtTheEnd = await banner.boundingBox();

        // Assess
        if (
          !bannerBox ||
          !scrolledTo.submit ||
          !scrolledTo.terms ||
          !focusedBox ||
          !atTheEnd ||
          !bannerAtTheEnd
        ) {
          throw new Error('The banner or the form is not on the page');
        }
        // A slim bar: at most an eighth of a phone's height, one 64 px row on a laptop.
        expect(bannerBox.height).toBeLessThanOrEqual(viewport.name === 'phone' ? 844 / 8 : 64);
        expect(choices).toEqual([
          expect.stringMatching(/^Manage( preferences)?$/),
          'Essential only',
          'Accept all',
        ]);
        expect(isClearAbove(scrolledTo.submit, bannerBox)).toBe(true);
        expect(isClearAbove(scrolledTo.terms, bannerBox)).toBe(true);
        expect(hitWhenScrolled).toBe(true);
        expect(underTheBar && !isClearAbove(underTheBar, bannerBox)).toBe(true);
        expect(focused).toBe('CREATE MY ACCOUNT');
        expect(isClearAbove(focusedBox, bannerBox)).toBe(true);
        expect(isClearAbove(atTheEnd, bannerAtTheEnd)).toBe(true);
        expect(observed.problems).toEqual([]);
      } finally {
        await context.close();
      }
    });
  }
});
