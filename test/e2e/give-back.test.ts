// Give-back, statements, the artist screen and the profile in a real Chromium: the demo
// artist-side user opens the give-back screen, downloads a statement from settings, edits their profile, and opens
// the screen of an artist their office claimed (pending: held money, no give-back yet). Desktop and phone, with no
// serious axe violation, console error or sideways scrolling. Screenshots for people to look at.
import { describe, expect, inject, it } from 'vitest';
import { catalogue } from '../../local/spotify-sandbox/catalogue';
import { saveScreenshot } from './support/browser';
import { useObservedPages, viewports } from './support/pages';
import { expectCleanPage, openSignedIn } from './support/signed-in-pages';

const baseUrl = inject('baseUrl');
const pages = useObservedPages();

// Not an artist another e2e file claims.
const claimed = catalogue.artists[20];
if (!claimed) throw new Error('The sandbox catalogue is smaller than expected');

describe('give-back, statements, profile and the artist screen', () => {
  it('shows the give-back screen of an office without released money, on desktop and phone', async () => {
    for (const [name, viewport] of Object.entries(viewports)) {
      // Prepare
      const observed = await openSignedIn(pages, baseUrl, 'artist', viewport);
      const { page } = observed;
      // Act
      await page.goto(`${baseUrl}/for-artists/give-back`);
      await page.getByRole('heading', { level: 1, name: 'Give back' }).waitFor();
      await page.getByRole('heading', { level: 2, name: 'What your office gave back' }).waitFor();
      await saveScreenshot(page, `give-back-${name}`);
      // Assess
      await expectCleanPage(observed);
    }
  });

  it('downloads a statement of the office from settings as a CSV file', async () => {
    // Prepare
    const observed = await openSignedIn(pages, baseUrl, 'artist', viewports.desktop);
    const { page } = observed;
    await page.goto(`${baseUrl}/for-artists/settings`);
    await page.getByRole('heading', { level: 2, name: 'Statements' }).waitFor();
    // Act
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const file = await download;
    await page.getByText(/is downloaded/).waitFor();
    await saveScreenshot(page, 'settings-statements-desktop');
    // Assess
    expect(file.suggestedFilename()).toMatch(
      /^openpie-transactions-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    await expectCleanPage(observed);
  });

  it('saves the profile from profile/update, on desktop and phone', async () => {
    for (const [name, viewport] of Object.entries(viewports)) {
      // Prepare
      const observed = await openSignedIn(pages, baseUrl, 'artist', viewport);
      const { page } = observed;
      await page.goto(`${baseUrl}/for-artists/profile/update`);
      await page.getByRole('heading', { level: 1, name: 'Your profile' }).waitFor();
      // Act
      // The seed's own number: later e2e files see the demo artist as local/seed.ts made them.
      await page.getByLabel(/Phone number/).fill('+1 555 0100');
      await page.getByRole('button', { name: 'Save profile' }).click();
      await page.getByText('Your profile is saved.').waitFor();
      await saveScreenshot(page, `profile-update-${name}`);
      // Assess
      await expectCleanPage(observed);
    }
  });

  it("shows a claimed artist's screen: pending claim, fans this month and the 12-month chart", async () => {
    // Prepare: the office claims the artist through the API the wizard calls
    const observed = await openSignedIn(pages, baseUrl, 'artist', viewports.desktop);
    const { page } = observed;
    await page.goto(`${baseUrl}/for-artists/artists`);
    const created = await page.request.post(`${baseUrl}/api/for-artists/claims`, {
      data: {
        artistId: claimed.id,
        agreesToWaiver: true,
        agreesToFundsTerms: true,
        agreesToTerms: true,
        verificationMethod: 'social-bio',
        selectedPlatform: 'instagram',
        verificationString: 'openpie_GiveBk20',
      },
      headers: { origin: baseUrl },
    });
    expect(created.status(), await created.text()).toBe(201);
    const claimId = ((await created.json()) as { data: { _id: string } }).data._id;
    // Act
    await page.goto(`${baseUrl}/for-artists/artists/${claimId}`);
    await page.getByRole('heading', { level: 1, name: claimed.name }).waitFor();
    await saveScreenshot(page, 'artist-detail-desktop');
    const phone = await openSignedIn(pages, baseUrl, 'artist', viewports.phone);
    await phone.page.goto(`${baseUrl}/for-artists/artists/${claimId}`);
    await phone.page.getByRole('heading', { level: 1, name: claimed.name }).waitFor();
    await saveScreenshot(phone.page, 'artist-detail-phone');
    // Assess
    await page.getByText('Claim: Pending').waitFor();
    await page.getByText('Fans this month').waitFor();
    await expect(page.getByRole('link', { name: 'See the claim' }).getAttribute('href')).resolves.toBe(
      `/for-artists/claims/${claimId}`,
    );
    await expectCleanPage(observed);
    await expectCleanPage(phone);
  });
});
