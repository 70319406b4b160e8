// The claim wizard and the claim screen in a real Chromium: the demo artist-side user claims a
// sandbox catalogue artist through the three steps, seeing every SPEC §5 text of the wizard, then lands on the claim
// with its verification string and what to do next; the artists screen lists the claim. Desktop and phone, with no
// serious axe violation, console error or sideways scrolling. Screenshots for people to look at.
import { describe, expect, inject, it } from 'vitest';
import { catalogue } from '../../local/spotify-sandbox/catalogue';
import { saveScreenshot } from './support/browser';
import { walkClaimWizardToVerification } from './support/claim-wizard';
import { useObservedPages, viewports } from './support/pages';
import { expectCleanPage, openSignedIn } from './support/signed-in-pages';

const baseUrl = inject('baseUrl');
const pages = useObservedPages();

// Not the artist artist-screens.test.ts shows as unclaimed.
const claimed = catalogue.artists[5];
if (!claimed) throw new Error('The sandbox catalogue is smaller than expected');

describe('claiming an artist', () => {
  it('walks the demo artist through the three steps of the wizard to the claim', async () => {
    // Prepare
    const observed = await openSignedIn(pages, baseUrl, 'artist', viewports.desktop);
    const { page } = observed;
    await page.goto(`${baseUrl}/for-artists/artists`);
    await page.getByRole('heading', { level: 1, name: 'Your artists' }).waitFor();
    await saveScreenshot(page, 'claims-artists-empty');
    // Act: steps 1 and 2
    await walkClaimWizardToVerification(page, claimed.name, {
      artistChosen: () => saveScreenshot(page, 'claims-wizard-step-1'),
      termsRefused: () => saveScreenshot(page, 'claims-wizard-step-2-errors'),
    });
    // Act: step 3
    await page.getByRole('button', { name: 'Claim artist' }).click();
    await page.getByText('Please select a verification method').waitFor();
    await page.getByText('Please select a social platform').waitFor();
    await page.getByText('Verification string is required').waitFor();
    await saveScreenshot(page, 'claims-wizard-step-3-errors');
    await page.getByRole('button', { name: 'Generate my string' }).click();
    await page.getByLabel('Verification method').selectOption('social-bio');
    await page.getByLabel('Social platform').selectOption('instagram');
    const verificationString = await page.getByLabel('Verification string').inputValue();
    await saveScreenshot(page, 'claims-wizard-step-3');
    await page.getByRole('button', { name: 'Claim artist' }).click();
    // Assess: the claim
    await page.getByRole('heading', { level: 1, name: claimed.name }).waitFor();
    await page.getByText(verificationString, { exact: true }).waitFor();
    await saveScreenshot(page, 'claims-claim-desktop');
    expect(verificationString).toMatch(/^openpie_[A-Za-z0-9]{8}$/);
    await expect(page.getByText('Pending', { exact: true }).first().isVisible()).resolves.toBe(true);
    await expectCleanPage(observed);
    // Assess: the artists screen lists it
    await page.getByRole('link', { name: 'Your artists' }).click();
    await page.getByRole('link', { name: claimed.name, exact: true }).waitFor();
    await saveScreenshot(page, 'claims-artists-list');
    await expectCleanPage(observed);
  });

  it('shows the claim on a phone without sideways scrolling', async () => {
    // Prepare
    const observed = await openSignedIn(pages, baseUrl, 'artist', viewports.phone);
    const { page } = observed;
    await page.goto(`${baseUrl}/for-artists/artists`);
    // Act
    await page.getByRole('link', { name: claimed.name, exact: true }).click();
    await page.getByRole('heading', { level: 1, name: claimed.name }).waitFor();
    await saveScreenshot(page, 'claims-claim-phone');
    // Assess
    await expectCleanPage(observed);
  });
});
