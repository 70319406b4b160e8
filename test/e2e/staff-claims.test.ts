// Staff decide a claim in a real Chromium (decision 028): the demo artist-side user claims a sandbox
// artist; the demo staff member finds it in the claims list, checks the bio by hand, approves it with a reason after a
// confirmation, and sees the audit log. Desktop and phone, with no serious axe violation, console error or sideways
// scrolling. Screenshots for people to look at.
import { describe, expect, inject, it } from 'vitest';
import { catalogue } from '../../local/spotify-sandbox/catalogue';
import { saveScreenshot } from './support/browser';
import { useObservedPages, viewports } from './support/pages';
import { signedInRoleSessions } from './support/spec-routes';
import { expectCleanPage, openSignedIn } from './support/signed-in-pages';

const baseUrl = inject('baseUrl');
const pages = useObservedPages();

// No other e2e file claims this one.
const artist = catalogue.artists[12];
if (!artist) throw new Error('The sandbox catalogue is smaller than expected');

function sessionOf(name: 'artist' | 'admin') {
  const session = signedInRoleSessions.find((candidate) => candidate.name === name);
  if (!session) throw new Error(`no ${name} session`);
  return session;
}

describe('staff decide a claim', () => {
  it('finds the claim, verifies the bio by hand and approves it with a reason', async () => {
    // Prepare: the demo artist-side user claims the artist through the API, as the wizard would.
    const claimant = await pages.open({ prepare: (context) => sessionOf('artist').signIn(context, baseUrl) });
    const created = await claimant.page.request.post(`${baseUrl}/api/for-artists/claims`, {
      headers: { origin: baseUrl },
      data: {
        artistId: artist.id,
        agreesToWaiver: true,
        agreesToFundsTerms: true,
        agreesToTerms: true,
        verificationMethod: 'spotify-bio',
        selectedPlatform: 'spotify',
        verificationString: 'openpie_Staff1e2',
      },
    });
    expect(created.status()).toBe(201);
    const observed = await openSignedIn(pages, baseUrl, 'admin', viewports.desktop);
    const { page } = observed;
    // Act: the list
    await page.goto(`${baseUrl}/admin/claims`);
    await page.getByRole('heading', { level: 1, name: 'Claims' }).waitFor();
    await page.getByLabel('Status').selectOption('Pending');
    await page.getByLabel('Artist name').fill(artist.name);
    await page.getByRole('button', { name: 'Search' }).click();
    // The first page stays on screen until the filtered one arrives: wait for the table of just this claim.
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    await page.getByRole('link', { name: artist.name }).waitFor();
    await saveScreenshot(page, 'staff-claims-list-desktop');
    await expectCleanPage(observed);
    await page.getByRole('link', { name: artist.name }).click();
    await page.getByRole('heading', { level: 1, name: `Claim of ${artist.name}` }).waitFor();
    await saveScreenshot(page, 'staff-claim-pending-desktop');
    await expectCleanPage(observed);
    // Act: manual verification, then approval
    await page.getByRole('button', { name: 'I found the string' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'I found the string' }).click();
    await page.getByText('The claim is now verified.').waitFor();
    await page.getByRole('radio', { name: 'Approve' }).check();
    await page.getByRole('button', { name: 'Change status' }).click();
    await page.getByText('Give a reason').waitFor();
    await page.getByLabel(/Reason/).fill('The link with the string is in the Spotify bio');
    await page.getByRole('button', { name: 'Change status' }).click();
    await page.getByRole('dialog', { name: 'Approve?' }).waitFor();
    await saveScreenshot(page, 'staff-claim-confirm-desktop');
    await page.getByRole('dialog').getByRole('button', { name: 'Change status' }).click();
    // Assess
    await page.getByText('The claim is now successful.', { exact: false }).waitFor();
    await page.getByText('The link with the string is in the Spotify bio').waitFor();
    await saveScreenshot(page, 'staff-claim-successful-desktop');
    await expectCleanPage(observed);
  });

  it('shows the list and the claim on a phone without sideways scrolling', async () => {
    // Prepare
    const observed = await openSignedIn(pages, baseUrl, 'admin', viewports.phone);
    const { page } = observed;
    // Act
    await page.goto(`${baseUrl}/admin/claims?search=${encodeURIComponent(artist.name)}`);
    await page.getByRole('link', { name: artist.name }).waitFor();
    await saveScreenshot(page, 'staff-claims-list-phone');
    await expectCleanPage(observed);
    await page.getByRole('link', { name: artist.name }).click();
    await page.getByRole('heading', { level: 1, name: `Claim of ${artist.name}` }).waitFor();
    await saveScreenshot(page, 'staff-claim-phone');
    // Assess
    await expectCleanPage(observed);
  });
});
