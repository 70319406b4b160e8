// Staff's reconciliation panel in a real Chromium (decision 038): the demo staff member opens the finances screen,
// runs every check with "Run all" (the ledger, wallets, escrow, pies, payouts, and the comparison with the Stripe
// sandbox's balance transactions) and sees each one clean with how many things it checked, then runs one again on
// its own. Desktop and phone, with no serious axe violation, console error or sideways scrolling. Screenshots for
// people to look at.
import { describe, expect, inject, it } from 'vitest';
import { saveScreenshot } from './support/browser';
import { useObservedPages, viewports } from './support/pages';
import { expectCleanPage, openSignedIn } from './support/signed-in-pages';

const baseUrl = inject('baseUrl');
const pages = useObservedPages();

const checks = ['Ledger', 'Wallets', 'Escrow', 'Pies', 'Payouts', 'Stripe'] as const;

describe.each([
  ['desktop', viewports.desktop],
  ['phone', viewports.phone],
] as const)('staff reconciliation on a %s', (device, viewport) => {
  it('runs every check and sees each one clean', async () => {
    // Prepare
    const observed = await openSignedIn(pages, baseUrl, 'admin', viewport);
    const { page } = observed;
    await page.goto(`${baseUrl}/admin/finances`);
    const panel = page.getByRole('region', { name: 'Reconciliation' });
    await panel.getByRole('heading', { level: 2, name: 'Reconciliation' }).waitFor();
    // Act
    await panel.getByRole('button', { name: 'Run all' }).click();
    await panel
      .getByRole('button', { name: 'Run all' })
      .and(page.locator(':enabled'))
      .waitFor({ timeout: 60_000 });
    await panel
      .getByText('No findings in the 6 checks run.')
      .waitFor()
      .catch(async (error: unknown) => {
        // What the checks found, so that a failure names the check and the finding rather than a missing sentence.
        throw new Error(`The checks were not all clean:\n${await panel.innerText()}`, { cause: error });
      });
    await panel.scrollIntoViewIfNeeded();
    await saveScreenshot(page, `staff-reconciliation-${device}`);
    await panel.getByRole('button', { name: 'Run the stripe check' }).click();
    // Assess
    const states: string[] = [];
    for (const check of checks) {
      const card = panel
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { name: check, exact: true }) });
      states.push((await card.getByRole('status').textContent()) ?? '');
    }
    expect(states).toHaveLength(6);
    for (const [index, state] of states.entries()) {
      expect(state, checks[index]).toMatch(/^Clean · [1-9][\d,]* things? checked$|^Running…$/);
    }
    await panel
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Stripe', exact: true }) })
      .getByText(/^Clean · [1-9][\d,]* things? checked$/)
      .waitFor();
    expect(await panel.getByRole('table').count()).toBe(0);
    await expectCleanPage(observed);
  });
});
