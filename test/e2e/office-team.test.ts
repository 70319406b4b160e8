// The office's team in a real Chromium (decision 026): the demo artist-side user invites someone new from
// the team screen; the invitee opens the mailed link, creates an artist account with that address, and accepts on the
// invitation screen; the admin then sees them as a member and opens their screen. Office settings rename an office
// and delete an empty one after a confirmation. Desktop and phone, with no serious axe violation, console error or
// sideways scrolling. Screenshots for people to look at.
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { saveScreenshot } from './support/browser';
import { findMailedLink, makeTestPerson } from './support/identity-helpers';
import { useObservedPages, viewports } from './support/pages';
import { signedInRoleSessions } from './support/spec-routes';
import { expectCleanPage } from './support/signed-in-pages';

const baseUrl = inject('baseUrl');
const pages = useObservedPages();

async function signInDemoArtist(context: BrowserContext): Promise<void> {
  const session = signedInRoleSessions.find((candidate) => candidate.name === 'artist');
  if (!session) throw new Error('no artist session');
  await session.signIn(context, baseUrl);
}

/** A new office of the demo artist, made through the API with the page's session. */
async function createOffice(page: Page, name: string): Promise<string> {
  const reply = await page.request.post(`${baseUrl}/api/for-artists/offices`, {
    headers: { origin: baseUrl },
    data: { name, type: 'Artist' },
  });
  expect(reply.status()).toBe(201);
  return ((await reply.json()) as { data: { _id: string } }).data._id;
}

describe('an office’s team', () => {
  it('invites a new person, who creates an account, accepts, and shows as a member', async () => {
    // Prepare
    const admin = await pages.open({ viewport: viewports.desktop, prepare: signInDemoArtist });
    const officeId = await createOffice(admin.page, 'E2E Team Office');
    const invitee = makeTestPerson('invitee');
    await admin.page.goto(`${baseUrl}/for-artists/team?office=${officeId}`);
    await admin.page.getByRole('heading', { level: 1, name: 'Team' }).waitFor();
    // Act: the admin invites
    await admin.page.getByLabel('E-mail address').fill(invitee.email);
    await admin.page.getByLabel('Role', { exact: true }).selectOption('member');
    await admin.page.getByRole('button', { name: 'Send invitation' }).click();
    await admin.page.getByText(`Invitation sent to ${invitee.email}.`).waitFor();
    await saveScreenshot(admin.page, 'office-team-invited-desktop');
    await expectCleanPage(admin);
    // Act: the invitee opens the link, not signed in
    const link = await findMailedLink(baseUrl, invitee.email, '/for-artists/office-invitation/');
    const guest = await pages.open({ viewport: viewports.phone });
    await guest.page.goto(link);
    await guest.page.getByRole('link', { name: 'Log in to accept' }).waitFor();
    await saveScreenshot(guest.page, 'office-invitation-guest-phone');
    await expectCleanPage(guest);
    // Act: they create an artist account with that address, confirm it, sign in and accept
    await guest.page.getByRole('link', { name: 'Create an artist account' }).click();
    await guest.page.getByLabel('Email').fill(invitee.email);
    await guest.page.getByLabel('First name').fill(invitee.firstName);
    await guest.page.getByLabel('Last name').fill(invitee.lastName);
    await guest.page.getByLabel(/^Password\*?$/).fill(invitee.password);
    await guest.page.getByLabel('Repeat password').fill(invitee.password);
    await guest.page.getByRole('button', { name: 'CREATE MY ACCOUNT' }).click();
    await guest.page.getByRole('heading', { level: 1, name: 'Check your e-mail' }).waitFor();
    const verify = await findMailedLink(baseUrl, invitee.email, '/auth/for-artists/verify-email/');
    await guest.page.goto(verify);
    await guest.page.getByRole('heading', { level: 1, name: 'Your e-mail address is verified' }).waitFor();
    // SPEC §5: an incomplete profile is completed first; the invitation is kept meanwhile.
    await guest.page.goto(link);
    await guest.page.getByRole('link', { name: 'Log in to accept' }).click();
    await guest.page.getByLabel('Email').fill(invitee.email);
    await guest.page.getByLabel(/^Password\*?$/).fill(invitee.password);
    await guest.page.getByRole('button', { name: 'Log in', exact: true }).click();
    await guest.page.getByLabel('Phone number').fill('+44 20 7946 0000');
    await guest.page.getByLabel('Country').selectOption('GB');
    await guest.page.getByRole('button', { name: 'Complete registration' }).click();
    // The invitation is carried through the login and the registration: they land back on it, not on an office of
    // their own
    await guest.page.waitForURL((url) => url.pathname.startsWith('/for-artists/office-invitation/'));
    await guest.page.getByRole('button', { name: 'Accept the invitation' }).click();
    await guest.page.getByText('You are now a member of E2E Team Office.').waitFor();
    await saveScreenshot(guest.page, 'office-invitation-accepted-phone');
    // Assess: the admin sees the new member and opens their screen
    await admin.page.reload();
    const row = admin.page.getByRole('row', { name: new RegExp(invitee.email) });
    await row.getByRole('cell', { name: 'Active', exact: true }).waitFor();
    await expect(row.getByRole('cell', { name: 'Member', exact: true }).count()).resolves.toBe(1);
    await saveScreenshot(admin.page, 'office-team-desktop');
    await row.getByRole('link', { name: invitee.email }).click();
    await admin.page.getByRole('heading', { level: 1, name: invitee.email }).waitFor();
    await admin.page.getByRole('heading', { level: 2, name: 'Assigned artists' }).waitFor();
    await saveScreenshot(admin.page, 'office-team-member-desktop');
    await expectCleanPage(admin);
    expect(guest.problems).toEqual([]);
  });

  it('shows the team and a member on a phone', async () => {
    // Prepare
    const observed = await pages.open({ viewport: viewports.phone, prepare: signInDemoArtist });
    // Act
    await observed.page.goto(`${baseUrl}/for-artists/team`);
    await observed.page.getByRole('heading', { level: 1, name: 'Team' }).waitFor();
    await observed.page.waitForLoadState('networkidle');
    await saveScreenshot(observed.page, 'office-team-phone-first-office');
    await observed.page.getByRole('table').waitFor();
    await saveScreenshot(observed.page, 'office-team-phone');
    await observed.page.getByRole('table').getByRole('link').first().click();
    await observed.page.getByRole('heading', { level: 2, name: 'Assigned artists' }).waitFor();
    await saveScreenshot(observed.page, 'office-team-member-phone');
    // Assess
    await expectCleanPage(observed);
  });

  it('renames an office at once and deletes an empty one after confirming', async () => {
    // Prepare
    const observed = await pages.open({ viewport: viewports.desktop, prepare: signInDemoArtist });
    const { page } = observed;
    const officeId = await createOffice(page, 'E2E Short-lived Office');
    await page.goto(`${baseUrl}/for-artists/office-settings?office=${officeId}`);
    await page.getByRole('heading', { level: 1, name: 'Office settings' }).waitFor();
    // Act: rename
    await page.getByLabel('Office name').fill('E2E Renamed Office');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved.').waitFor();
    await saveScreenshot(page, 'office-settings-desktop');
    const offices = await page.request.get(`${baseUrl}/api/for-artists/offices`);
    const names = ((await offices.json()) as { data: { _id: string; name: string }[] }).data;
    // Act: delete
    await page.getByRole('button', { name: 'Delete office' }).click();
    await page.getByRole('dialog', { name: 'Delete E2E Renamed Office?' }).waitFor();
    await saveScreenshot(page, 'office-settings-delete-dialog');
    await page.getByRole('dialog').getByRole('button', { name: 'Delete office' }).click();
    await page.getByRole('heading', { level: 1, name: 'Your artists' }).waitFor();
    // Assess
    expect(names.find((office) => office._id === officeId)?.name).toBe('E2E Renamed Office');
    const after = await page.request.get(`${baseUrl}/api/for-artists/offices`);
    expect(
      ((await after.json()) as { data: { _id: string }[] }).data.map((office) => office._id),
    ).not.toContain(officeId);
    await expectCleanPage(observed);
  });

  it('shows office settings on a phone', async () => {
    // Prepare
    const observed = await pages.open({ viewport: viewports.phone, prepare: signInDemoArtist });
    // Act
    await observed.page.goto(`${baseUrl}/for-artists/office-settings`);
    await observed.page.getByLabel('Office name').waitFor();
    await saveScreenshot(observed.page, 'office-settings-phone');
    // Assess
    await expectCleanPage(observed);
  });
});
