// Staff's escrow and wallet transactions in a real Chromium (decision 041): the demo staff member sees the money held
// for the demo supporters' artist who has not joined, runs escrow aging after its preview with a reason (nothing is
// due yet on the demo's clock, so nothing moves), looks at the names waiting for a match and every fan's wallet lines
// with their totals; at 1280 and 390 px, with no serious axe violation, console error or sideways scrolling.
// Screenshots for people to look at. The clock is not moved: other files share the product.
import { describe, expect, inject, it } from 'vitest';
import { saveScreenshot } from './support/browser';
import { useObservedPages, viewports } from './support/pages';
import { expectCleanPage, openSignedIn } from './support/signed-in-pages';

const baseUrl = inject('baseUrl');
const pages = useObservedPages();

describe.each([
  ['desktop', viewports.desktop],
  ['phone', viewports.phone],
] as const)('staff escrow on a %s', (device, viewport) => {
  it('shows the money held per artist and runs escrow aging after its preview, with a reason', async () => {
    const observed = await openSignedIn(pages, baseUrl, 'admin', viewport);
    const { page } = observed;
    await page.goto(`${baseUrl}/admin/escrow`);
    await page.getByRole('heading', { level: 1, name: 'Escrow and wallet transactions' }).waitFor();
    const table = page.getByRole('table', { name: 'Money held per artist' });
    await table.waitFor();
    expect(await table.getByRole('rowheader').count()).toBeGreaterThan(0);
    const heldNow = page.locator('.staff-escrow__facts div', { hasText: 'Held now' }).locator('dd');
    expect(await heldNow.textContent()).toMatch(/^\$(?!0\.00)[\d,]+\.\d\d$/);
    await saveScreenshot(page, `staff-escrow-${device}`);
    await expectCleanPage(observed);

    await page.getByRole('button', { name: 'Run escrow aging now…' }).click();
    const confirm = page.getByRole('form', { name: 'Check what escrow aging will touch' });
    await confirm.waitFor();
    expect(await confirm.textContent()).toMatch(/Nothing is due|go back to/);
    await confirm.getByLabel(/Reason/).fill(`Checking the escrow on a ${device}`);
    await saveScreenshot(page, `staff-escrow-aging-${device}`);
    await confirm.getByRole('button', { name: 'Run escrow aging' }).click();
    await page.getByText(/Returned \$[\d,.]+ in \d+ lots? to fans.*Recorded in the audit log\./).waitFor();
    await saveScreenshot(page, `staff-escrow-aging-done-${device}`);
    await expectCleanPage(observed);
  });

  it('shows the names waiting for a match and every fan’s wallet lines with their totals', async () => {
    const observed = await openSignedIn(pages, baseUrl, 'admin', viewport);
    const { page } = observed;
    await page.goto(`${baseUrl}/admin/escrow?tab=names`);
    await page.getByRole('heading', { level: 2, name: 'Names waiting for a match' }).waitFor();
    await page
      .getByRole('table', { name: 'Names heard alone with money held' })
      .or(page.getByText('No name heard alone has money waiting.'))
      .waitFor();
    await saveScreenshot(page, `staff-escrow-names-${device}`);
    await expectCleanPage(observed);

    await page
      .getByRole('navigation', { name: 'Escrow sections' })
      .getByRole('link', { name: 'Wallet transactions' })
      .click();
    const lines = page.getByRole('table', { name: 'Wallet transactions, newest first' });
    await lines.waitFor();
    expect(await lines.getByRole('rowheader').count()).toBeGreaterThan(0);
    await page.getByLabel('Period').selectOption('all');
    await page.getByText(/^Everything up to/).waitFor();
    expect(await page.getByRole('table', { name: 'Wallet lines by kind' }).textContent()).toContain(
      'Card payment',
    );
    await saveScreenshot(page, `staff-wallet-transactions-${device}`);
    await expectCleanPage(observed);
  });
});
