// Staff's people screens in a real Chromium (decision 037): the demo staff member opens the fans list (the demo fans,
// by what their cards paid), a fan's page, the offices list and the demo office's page, the artists list, the artist
// accounts and one account. Desktop and phone, with no serious axe violation, console error or sideways scrolling.
// Screenshots for people to look at.
import { describe, expect, inject, it } from 'vitest';
import { saveScreenshot } from './support/browser';
import type { ObservedPage } from './support/frame-checks';
import { useObservedPages, viewports } from './support/pages';
import { expectCleanPage, openSignedIn } from './support/signed-in-pages';

const baseUrl = inject('baseUrl');
const pages = useObservedPages();

async function visitList(observed: ObservedPage, path: string, title: string, caption: string, shot: string) {
  const { page } = observed;
  await page.goto(`${baseUrl}${path}`);
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  await page.getByRole('table', { name: caption }).waitFor();
  await saveScreenshot(page, shot);
  await expectCleanPage(observed);
}

/** Opens the first row's link of the list on screen and waits for its page. */
async function openFirstRow(observed: ObservedPage, caption: string, shot: string): Promise<string> {
  const { page } = observed;
  const link = page.getByRole('table', { name: caption }).getByRole('rowheader').first().getByRole('link');
  const name = (await link.textContent()) ?? '';
  await link.click();
  await page.getByRole('heading', { level: 1, name }).waitFor();
  await saveScreenshot(page, shot);
  await expectCleanPage(observed);
  return name;
}

describe.each([
  ['desktop', viewports.desktop],
  ['phone', viewports.phone],
] as const)('staff people screens on a %s', (device, viewport) => {
  it('lists fans by spent and shows one fan', async () => {
    const observed = await openSignedIn(pages, baseUrl, 'admin', viewport);
    await visitList(observed, '/admin/fans', 'Fans', 'Fans', `staff-fans-${device}`);
    const spentHeader = observed.page.getByRole('columnheader', { name: /Spent/ });
    expect(await spentHeader.getAttribute('aria-sort')).toBe('descending');
    await openFirstRow(observed, 'Fans', `staff-fan-${device}`);
    await observed.page.getByRole('table', { name: 'Card payments, newest first' }).waitFor();
  });

  it('lists offices newest first and shows one office', async () => {
    const observed = await openSignedIn(pages, baseUrl, 'admin', viewport);
    await visitList(observed, '/admin/offices', 'Offices', 'Offices', `staff-offices-${device}`);
    await openFirstRow(observed, 'Offices', `staff-office-${device}`);
    await observed.page.getByRole('table', { name: 'Members, in the order they joined' }).waitFor();
  });

  it('lists artists and artist accounts and shows one account', async () => {
    const observed = await openSignedIn(pages, baseUrl, 'admin', viewport);
    await visitList(observed, '/admin/artists', 'Artists', 'Artists by name', `staff-artists-${device}`);
    await visitList(
      observed,
      '/admin/user-artists',
      'Artist accounts',
      'Artist accounts, newest first',
      `staff-user-artists-${device}`,
    );
    await openFirstRow(observed, 'Artist accounts, newest first', `staff-user-artist-${device}`);
  });
});
