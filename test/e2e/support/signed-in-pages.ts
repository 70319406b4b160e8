// What most screen tests of the e2e suite start and end with: a page opened as one of the demo roles, and the checks
// every screen must pass (no console error or uncaught exception, no serious axe violation, no sideways scrolling).
import { expect } from 'vitest';
import { findSeriousAxeViolations, measureHorizontalOverflow, type ObservedPage } from './frame-checks';
import { selectUnexpectedProblems } from './identity-helpers';
import { viewports, type PageOpener } from './pages';
import { signedInRoleSessions } from './spec-routes';

export type DemoRole = 'anonymous' | 'fan' | 'artist' | 'admin';

/** A fresh page signed in as the demo account of the role (a visitor for `anonymous`). */
export function openSignedIn(
  pages: PageOpener,
  baseUrl: string,
  role: DemoRole,
  viewport: { width: number; height: number } = viewports.desktop,
): Promise<ObservedPage> {
  if (role === 'anonymous') return pages.open({ viewport });
  const session = signedInRoleSessions.find((candidate) => candidate.name === role);
  if (!session) throw new Error(`No demo session for ${role}`);
  return pages.open({ viewport, prepare: (context) => session.signIn(context, baseUrl) });
}

/**
 * The checks every screen passes. `allowRefusals`: the screen causes a 4xx on purpose (a check that finds nothing),
 * which Chromium logs as a failed resource.
 */
export async function expectCleanPage(
  observed: ObservedPage,
  options: { allowRefusals?: boolean } = {},
): Promise<void> {
  const problems = options.allowRefusals ? selectUnexpectedProblems(observed.problems) : observed.problems;
  expect(problems).toEqual([]);
  expect(await findSeriousAxeViolations(observed.page)).toEqual([]);
  expect(await measureHorizontalOverflow(observed.page)).toBeLessThanOrEqual(0);
}
