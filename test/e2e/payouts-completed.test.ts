// A payout reaches the bank (issue #13 "Done when", decision 029): the demo office's payout, in progress since the
// first start, is completed once the product clock moves 3 days (`npm run time -- advance 3d` does the same through
// the same route): the Stripe sandbox pays the connected account's payout out 2 days after it was made, raises
// `payout.paid`, and the webhook completes the payout. Named after money-in.test.ts, which the moved clock must not
// reach before it runs.
import { describe, expect, inject, it } from 'vitest';
import { saveScreenshot } from './support/browser';
import { findSeriousAxeViolations } from './support/frame-checks';
import { useObservedPages, viewports } from './support/pages';
import { signedInRoleSessions } from './support/spec-routes';

const baseUrl = inject('baseUrl');
const pages = useObservedPages();

describe('a payout after the clock moves 3 days', () => {
  it('is completed, and the funds screen counts it as paid out', async () => {
    // Prepare
    const session = signedInRoleSessions.find((candidate) => candidate.name === 'artist');
    if (!session) throw new Error('no artist session');
    // Act
    const moved = await fetch(`${baseUrl}/api/dev/time/advance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ days: 3 }),
    });
    expect(moved.status).toBe(200);
    const observed = await pages.open({
      viewport: viewports.desktop,
      prepare: (context) => session.signIn(context, baseUrl),
    });
    const { page } = observed;
    // The webhook may still be on its way: read the screen again until it says so.
    let completed = false;
    for (let attempt = 0; attempt < 20 && !completed; attempt += 1) {
      await page.goto(`${baseUrl}/for-artists/funds`);
      await page.getByRole('heading', { level: 2, name: 'Payouts', exact: true }).waitFor();
      await page.getByText(/paid out in \d+ completed payout/).waitFor();
      completed = (await page.getByText(/paid out in [1-9]\d* completed payout/).count()) > 0;
      if (!completed) await page.waitForTimeout(500);
    }
    await saveScreenshot(page, 'funds-after-3-days-desktop');
    const payouts = page.getByRole('region', { name: /^Payouts of / });
    await payouts.getByRole('link').first().click();
    await page.getByRole('heading', { level: 1, name: 'Payout' }).waitFor();
    await page.getByText('Reached your bank').waitFor();
    await saveScreenshot(page, 'funds-payout-completed-desktop');
    // Assess
    expect(completed).toBe(true);
    expect(await page.getByText('Completed', { exact: true }).count()).toBe(1);
    expect(observed.problems).toEqual([]);
    expect(await findSeriousAxeViolations(page)).toEqual([]);
  });
});
