// The web app's frame in a real Chromium (issue 4): every route of SPEC §2 for each role at a phone and a desktop
// size, with a screenshot of each, no console error or uncaught exception, no serious or critical axe-core
// violation, and the unknown-path rules. One browser for the file, one context per role and viewport.
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, saveScreenshot } from './support/browser';
import {
  findSeriousAxeViolations,
  measureHorizontalOverflow,
  openObservedPage,
  type ObservedPage,
} from './support/frame-checks';
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

/** Visits each route as the role, at one viewport, with its screenshot and checks. */
function describeVisits(
  role: RoleSession,
  label: string,
  routes: readonly SpecRoute[],
  withUnknownPaths: boolean,
) {
  for (const viewport of viewports) {
    // One context per viewport and one tab in it, reused from route to route: each visit is still a full load.
    describe(`${label} at ${viewport.width}×${viewport.height}`, () => {
      let context: BrowserContext;
      let observed: ObservedPage;

      beforeAll(async () => {
        context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height } });
        await role.signIn(context, baseUrl);
        observed = await openObservedPage(context);
      });

      afterAll(async () => {
        await context?.close();
      });

      it.for(routes.map((route) => [route.path, route] as const))(
        '%s renders cleanly and accessibly',
        async ([, route]) => {
          // Prepare
          observed.clear();
          const expectedPath = selectLanding(route.path, route.access, role.name);

          // Act
          await visit(observed, route.path, expectedPath, route.callsOnLoad);
          await saveScreenshot(
            observed.page,
            `frame-${label.replace(/\W+/g, '-').replace(/-$/, '')}-${viewport.name}-${route.name}`,
          );
          const violations = await findSeriousAxeViolations(observed.page);
          const overflow = await measureHorizontalOverflow(observed.page);

          // Assess
          expect(new URL(observed.page.url()).pathname).toBe(expectedPath);
          expect(violations).toEqual([]);
          expect(overflow).toBe(0);
          expect(observed.problems).toEqual([]);
        },
      );

      if (withUnknownPaths) {
        it.for(unknownPathCases.map((unknown) => [unknown.path, unknown] as const))(
          'sends the unknown path %s where SPEC §2 says',
          async ([, unknown]) => {
            // Prepare
            observed.clear();
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
}

for (const role of roleSessions) describeVisits(role, role.name, specRoutes, true);

// A signed-in role visits every public route and its own screens. Not the other roles' screens: their session call
// answers 401, and SPEC §4's rule that every 401 clears both the fan and the artist cookie signs the visitor out, so
// the anonymous sweep above already covers what anyone sees there.
for (const role of signedInRoleSessions) {
  describeVisits(
    role,
    `${role.name} (signed in)`,
    specRoutes.filter((route) => route.access === 'public' || route.access === role.name),
    false,
  );
}
