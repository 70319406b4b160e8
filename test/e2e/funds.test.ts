// The funds screens in a real Chromium (decision 029): the demo artist-side user's office
// (seeded with released earnings, an onboarded sandbox account and one payout: local/seed-demo-office.ts) shows its
// balances, "Request a payout" with the fees before confirming, its transactions with the filter, its payouts, one
// payout and one transaction. Desktop and phone, with no serious axe violation, console error or sideways scrolling.
// Screenshots for people to look at.
import { describe, expect, inject, it } from 'vitest';
import { saveScreenshot } from './support/browser';
import { findSeriousAxeViolations } from './support/frame-checks';
import { useObservedPages, viewports } from './support/pages';
import { expectCleanPage, openSignedIn } from './support/signed-in-pages';

const baseUrl = inject('baseUrl');
const pages = useObservedPages();

describe('the funds screens', () => {
  it('shows the balances, transactions and payouts, and the fees of a payout before it is confirmed', async () => {
    for (const [name, viewport] of Object.entries(viewports)) {
      // Prepare
      const observed = await openSignedIn(pages, baseUrl, 'artist', viewport);
      const { page } = observed;
      // Act
      await page.goto(`${baseUrl}/for-artists/funds`);
      await page.getByRole('heading', { level: 2, name: 'Balance' }).waitFor();
      await page.getByRole('heading', { level: 2, name: 'Payouts', exact: true }).waitFor();
      await page.getByText(/paid out in \d+ completed payout/).waitFor();
      await saveScreenshot(page, `funds-${name}`);
      // Assess
      await expectCleanPage(observed);
      const request = page.getByRole('button', { name: 'Request a payout' });
      if (await request.isEnabled()) {
        await request.click();
        const dialog = page.getByRole('dialog', { name: 'Request a payout' });
        await dialog.getByText('You receive').waitFor();
        await saveScreenshot(page, `funds-request-payout-${name}`);
        expect(await findSeriousAxeViolations(page)).toEqual([]);
        await dialog.getByRole('button', { name: 'Cancel' }).click();
      }
    }
  });

  it('opens one payout and one transaction from the lists', async () => {
    for (const [name, viewport] of Object.entries(viewports)) {
      // Prepare
      const observed = await openSignedIn(pages, baseUrl, 'artist', viewport);
      const { page } = observed;
      await page.goto(`${baseUrl}/for-artists/funds`);
      const payouts = page.getByRole('region', { name: /^Payouts of / });
      await payouts.getByRole('link').first().waitFor();
      // Act
      await payouts.getByRole('link').first().click();
      await page.getByRole('heading', { level: 1, name: 'Payout' }).waitFor();
      await page.getByText('You receive').waitFor();
      await saveScreenshot(page, `funds-payout-${name}`);
      // Assess
      await expectCleanPage(observed);
      // Act
      await page.getByRole('link', { name: 'Back to funds' }).click();
      const transactions = page.getByRole('region', { name: /^Transactions of / });
      await transactions.getByRole('link').first().click();
      await page.getByRole('heading', { level: 1, name: 'Transaction' }).waitFor();
      await page.getByRole('table', { name: 'Where the money went' }).waitFor();
      await saveScreenshot(page, `funds-transaction-${name}`);
      // Assess
      await expectCleanPage(observed);
    }
  });
});
