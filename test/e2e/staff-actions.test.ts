// Staff's actions in a real Chromium (decision 043): the demo staff member removes the demo office's Stripe
// connection with a reason, typing the office's name to confirm, and finds the removal in the audit log with its
// reason and the account before and after; the audit log and the office page on a phone. No serious axe violation,
// console error or sideways scrolling. Screenshots for people to look at.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { saveScreenshot } from './support/browser';
import { useObservedPages, viewports } from './support/pages';
import { expectCleanPage, openSignedIn } from './support/signed-in-pages';

const baseUrl = inject('baseUrl');
const pages = useObservedPages();

const reason = 'The office asked to connect a different bank account';

/**
 * Staff open the demo artist's office, the one with a Stripe connection (other files make newer offices without
 * one), from the offices list searched for its artist; its name as the list shows it.
 */
async function openDemoOffice(page: Page): Promise<string> {
  await page.goto(`${baseUrl}/admin/offices?search=${encodeURIComponent('Ari Artist')}`);
  await page.getByRole('heading', { level: 1, name: 'Offices' }).waitFor();
  await page.getByRole('table', { name: 'Offices' }).waitFor();
  const link = page.getByRole('table', { name: 'Offices' }).getByRole('rowheader').first().getByRole('link');
  const officeName = ((await link.textContent()) ?? '').trim();
  await link.click();
  return officeName;
}

describe('staff actions', () => {
  it('removes an office’s Stripe connection with a reason and the typed name, and shows it in the audit log', async () => {
    const observed = await openSignedIn(pages, baseUrl, 'admin', viewports.desktop);
    const { page } = observed;
    const officeName = await openDemoOffice(page);
    await page.getByRole('heading', { level: 1, name: officeName }).waitFor();
    await page.getByRole('button', { name: 'Remove Stripe connection' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(/Reason/).fill(reason);
    const confirm = dialog.getByRole('button', { name: 'Remove the connection' });
    await dialog.getByLabel(/Type the office's name/).fill(officeName.toUpperCase());
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel(/Type the office's name/).fill(officeName);
    await saveScreenshot(page, 'staff-remove-stripe-connection-desktop');
    await confirm.click();
    await page.getByText(/The Stripe connection acct_\w+ was removed/).waitFor();
    await page.getByText('The office has no Stripe connection.').waitFor();
    await saveScreenshot(page, 'staff-office-connection-removed-desktop');
    await expectCleanPage(observed);

    await page
      .getByRole('navigation', { name: 'Admin sections' })
      .getByRole('link', { name: 'Audit log' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
    const row = page.getByRole('table', { name: 'Staff actions, newest first' }).getByRole('row', {
      name: /Stripe connection removed/,
    });
    await row.first().waitFor();
    expect(await row.first().textContent()).toContain(reason);
    expect(await row.first().textContent()).toMatch(/acct_\w+/);
    await saveScreenshot(page, 'staff-audit-log-desktop');
    await expectCleanPage(observed);
  });

  it('shows the audit log and the office’s actions on a phone', async () => {
    const observed = await openSignedIn(pages, baseUrl, 'admin', viewports.phone);
    const { page } = observed;
    await page.goto(`${baseUrl}/admin/audit`);
    await page.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
    await page.getByRole('table', { name: 'Staff actions, newest first' }).waitFor();
    await saveScreenshot(page, 'staff-audit-log-phone');
    await expectCleanPage(observed);
    await openDemoOffice(page);
    await page.getByRole('region', { name: 'Staff actions' }).waitFor();
    await saveScreenshot(page, 'staff-office-actions-phone');
    await expectCleanPage(observed);
  });
});
