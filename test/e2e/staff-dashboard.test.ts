// Staff's dashboard in a real Chromium (decision 040): the product's clock moves an hour, so the local scheduler runs
// the hourly jobs and each keeps its run on its record; the demo staff member then sees the figures as cards, money
// by month as a chart with its table, and the health list with every scheduled job's state, at 1280 and 390 px, with
// no serious axe violation, console error or sideways scrolling. Screenshots for people to look at.
import { describe, expect, inject, it } from 'vitest';
import { saveScreenshot } from './support/browser';
import { useObservedPages, viewports } from './support/pages';
import { expectCleanPage, openSignedIn } from './support/signed-in-pages';

const baseUrl = inject('baseUrl');
const pages = useObservedPages();
const jobStates = ['OK', 'Failing', 'Running', 'Never run', 'Not built'];

describe('the staff dashboard', () => {
  it('moves the clock an hour, so the hourly jobs run and keep their record', async () => {
    const moved = await fetch(`${baseUrl}/api/dev/time/advance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ hours: 1 }),
    });
    expect(moved.status).toBe(200);
    const { data } = (await moved.json()) as { data: { jobsRun: { job: string }[] } };
    expect(data.jobsRun.map((run) => run.job)).toContain('pie-renewals');
  });

  it.each([
    ['desktop', viewports.desktop],
    ['phone', viewports.phone],
  ] as const)('shows figures, money by month and the jobs on a %s', async (device, viewport) => {
    const observed = await openSignedIn(pages, baseUrl, 'admin', viewport);
    const { page } = observed;
    await page.goto(`${baseUrl}/admin/dashboard`);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    const cards = page.getByRole('list', { name: 'OpenPie in figures' });
    await cards.waitFor();
    expect(await cards.getByRole('listitem').count()).toBe(7);
    expect(await cards.textContent()).toMatch(/Fans\s*[1-9]/);
    const jobs = page.getByRole('list', { name: 'Scheduled jobs' });
    await jobs.waitFor();
    const rows = await jobs.getByRole('listitem').allTextContents();
    expect(rows).toHaveLength(4);
    for (const row of rows)
      expect(
        jobStates.some((state) => row.includes(state)),
        row,
      ).toBe(true);
    const renewals = rows.find((row) => row.startsWith('Pie renewals and splits')) ?? '';
    expect(renewals).toContain('OK');
    expect(renewals).toContain('Last run');
    await page
      .getByRole('img', { name: /^Money by month from/ })
      .or(page.getByText(/^No money has moved/))
      .waitFor();
    await page.getByRole('link', { name: 'Open reconciliation' }).waitFor();
    await saveScreenshot(page, `staff-dashboard-${device}`);
    await expectCleanPage(observed);
  });
});
