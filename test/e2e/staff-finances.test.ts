// Staff's finances in a real Chromium (decision 042): the demo staff member opens the finances screen on the demo
// data, chooses all time and a figure to chart, reads the totals, the chart and the table of days, and downloads the
// period's journal, whose lines add up to zero per transaction. Desktop and phone, with no serious axe violation,
// console error or sideways scrolling. Screenshots for people to look at.
import { readFile } from 'node:fs/promises';
import { describe, expect, inject, it } from 'vitest';
import { saveScreenshot } from './support/browser';
import { useObservedPages, viewports } from './support/pages';
import { expectCleanPage, openSignedIn } from './support/signed-in-pages';

const baseUrl = inject('baseUrl');
const pages = useObservedPages();

/** The amount_cents column of a journal CSV, summed per transaction. */
function sumsPerTransaction(csv: string): Map<string, number> {
  const [header = '', ...rows] = csv
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\r\n');
  const columns = header.split(',');
  const id = columns.indexOf('transaction_id');
  const cents = columns.indexOf('amount_cents');
  const sums = new Map<string, number>();
  for (const row of rows) {
    const fields = row.split(',');
    const transaction = fields[id] ?? '';
    sums.set(transaction, (sums.get(transaction) ?? 0) + Number(fields[cents]));
  }
  return sums;
}

describe.each([
  ['desktop', viewports.desktop],
  ['phone', viewports.phone],
] as const)('staff finances on a %s', (device, viewport) => {
  it('shows the period’s figures, its chart and days, and downloads a balanced journal', async () => {
    // Prepare
    const observed = await openSignedIn(pages, baseUrl, 'admin', viewport);
    const { page } = observed;
    await page.goto(`${baseUrl}/admin/finances`);
    await page.getByRole('heading', { level: 1, name: 'Finances' }).waitFor();
    await page.getByRole('table', { name: /Finances by day/ }).waitFor();
    await saveScreenshot(page, `staff-finances-month-${device}`);
    // Act
    await page.getByRole('radio', { name: 'All time' }).click();
    await page.getByText(/^Everything up to/).waitFor();
    await page.getByRole('combobox', { name: 'Chart' }).selectOption({ label: 'Split' });
    await page.getByRole('img', { name: /^Split by day/ }).waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download journal (CSV)' }).click();
    const file = await download;
    await page.getByText(/^Downloaded \d+ lines? of \d+ transactions?\.$/).waitFor();
    await saveScreenshot(page, `staff-finances-all-${device}`);
    // Assess
    expect(new URL(page.url()).search).toBe('?period=all&chart=splitCents');
    expect(file.suggestedFilename()).toMatch(/^openpie-journal-start-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const sums = sumsPerTransaction(await readFile((await file.path()) ?? '', 'utf8'));
    expect(sums.size).toBeGreaterThan(0);
    expect([...sums.values()].every((sum) => sum === 0)).toBe(true);
    await expectCleanPage(observed);
  });
});
