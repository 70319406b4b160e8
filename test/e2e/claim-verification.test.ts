// Verifying a claim offline in a real Chromium (decision 027): the demo artist-side user opens a
// pending claim, follows the link to the sandbox bio page, puts the OpenPie link in the sandbox artist's Spotify bio,
// comes back and checks it; then connects an X profile through the OAuth sandbox for another claim and lands on the
// result pages, success and failed. Desktop and phone, with no serious axe violation, console error or sideways
// scrolling. Screenshots for people to look at.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { catalogue } from '../../local/spotify-sandbox/catalogue';
import { saveScreenshot } from './support/browser';
import { approveOnSandbox } from './support/identity-helpers';
import { useObservedPages, viewports } from './support/pages';
import { expectCleanPage, openSignedIn } from './support/signed-in-pages';

const baseUrl = inject('baseUrl');
const pages = useObservedPages();

// Artists no other e2e file claims or shows (artist-screens uses [2], claims [5]).
const onSpotify = catalogue.artists[7];
const onX = catalogue.artists[8];
const onInstagram = catalogue.artists[9];
if (!onSpotify || !onX || !onInstagram) throw new Error('The sandbox catalogue is smaller than expected');

/** A pending claim of the demo artist's personal office, as the wizard makes it. */
async function claimThroughApi(
  page: Page,
  artistId: string,
  platform: string,
): Promise<{ id: string; string: string }> {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  const verificationString = `openpie_${Array.from({ length: 8 }, () => alphabet.charAt(Math.floor(Math.random() * alphabet.length))).join('')}`;
  const reply = await page.request.post(`${baseUrl}/api/for-artists/claims`, {
    data: {
      artistId,
      agreesToWaiver: true,
      agreesToFundsTerms: true,
      agreesToTerms: true,
      verificationMethod: platform === 'spotify' ? 'spotify-bio' : 'social-bio',
      selectedPlatform: platform,
      verificationString,
    },
    headers: { origin: baseUrl },
  });
  expect(reply.status(), await reply.text()).toBe(201);
  const claim = ((await reply.json()) as { data: { _id: string } }).data;
  return { id: claim._id, string: verificationString };
}

describe('verifying a claim through the sandbox bios', () => {
  it('checks the Spotify bio after the artist puts the OpenPie link in it on the sandbox bio page', async () => {
    // Prepare
    const observed = await openSignedIn(pages, baseUrl, 'artist', viewports.desktop);
    const { page } = observed;
    const claim = await claimThroughApi(page, onSpotify.id, 'spotify');
    await page.goto(`${baseUrl}/for-artists/claims/${claim.id}`);
    await page.getByRole('heading', { level: 2, name: 'Verify the claim' }).waitFor();
    const link = await page.getByLabel('Your OpenPie link').inputValue();
    await saveScreenshot(page, 'verification-claim-spotify-desktop');
    await expectCleanPage(observed, { allowRefusals: true });
    // Act: a check before the bio has the link
    await page.getByRole('button', { name: 'Check my Spotify bio' }).click();
    await page.getByText('We did not find the link yet.').waitFor();
    await saveScreenshot(page, 'verification-spotify-missed');
    // Act: the sandbox bio page, then the check again
    await page.getByRole('link', { name: 'sandbox bio page' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sandbox bios' }).waitFor();
    await page
      .getByLabel('Bio (paste your OpenPie link here)')
      .fill(`New album out now. Support us: ${link}`);
    await saveScreenshot(page, 'verification-sandbox-bio-page');
    await page.getByRole('button', { name: 'Save Spotify bio' }).click();
    await page.getByText('Saved. Go back to OpenPie and check again.').waitFor();
    await page.goto(`${baseUrl}/for-artists/claims/${claim.id}`);
    await page.getByRole('button', { name: 'Check my Spotify bio' }).click();
    // Assess
    await page.getByText('We found the verification string. Our staff are reviewing the claim.').waitFor();
    await page.getByRole('table', { name: 'Every check of a bio for this claim, oldest first' }).waitFor();
    await saveScreenshot(page, 'verification-spotify-verified');
    await expect(page.getByText('Verified', { exact: true }).first().isVisible()).resolves.toBe(true);
    await expectCleanPage(observed, { allowRefusals: true });
  });

  it('connects an X profile through the OAuth sandbox and lands on the success page', async () => {
    // Prepare
    const observed = await openSignedIn(pages, baseUrl, 'artist', viewports.desktop);
    const { page } = observed;
    const claim = await claimThroughApi(page, onX.id, 'twitter');
    await page.goto(`${baseUrl}/_sandbox/oauth/bios`);
    await page.getByLabel('Platform').selectOption('twitter');
    await page.getByLabel(/Whose profile/).selectOption('riley');
    await page.getByLabel('Bio (paste your verification string here)').fill(`Indie band. ${claim.string}`);
    await page.getByRole('button', { name: 'Save social bio' }).click();
    await page.getByText('Saved. Go back to OpenPie and check again.').waitFor();
    await page.goto(`${baseUrl}/for-artists/claims/${claim.id}`);
    // Act
    await page.getByRole('button', { name: 'Connect X (Twitter)' }).click();
    await approveOnSandbox(page, { key: 'riley' });
    // Assess
    await page.getByRole('heading', { level: 1, name: 'X (Twitter) verification succeeded' }).waitFor();
    await page.getByText(/Found openpie_\w+ in the X bio of https:\/\/x.com\//).waitFor();
    expect(new URL(page.url()).pathname).toBe('/for-artists/verify/twitter/success');
    await saveScreenshot(page, 'verification-result-twitter-success');
    await expectCleanPage(observed, { allowRefusals: true });
  });

  it('lands on the failed page on a phone and says what the Instagram bio held instead', async () => {
    // Prepare
    const observed = await openSignedIn(pages, baseUrl, 'artist', viewports.phone);
    const { page } = observed;
    const claim = await claimThroughApi(page, onInstagram.id, 'instagram');
    await page.goto(`${baseUrl}/for-artists/claims/${claim.id}`);
    await page.getByRole('heading', { level: 2, name: 'Verify the claim' }).waitFor();
    await saveScreenshot(page, 'verification-claim-social-phone');
    // Act
    await page.getByRole('button', { name: 'Connect Instagram' }).click();
    await approveOnSandbox(page, { key: 'sam' });
    // Assess
    await page.getByRole('heading', { level: 1, name: 'Instagram verification failed' }).waitFor();
    await page
      .getByText('We read your Instagram profile, but the verification string is not in its bio.')
      .waitFor();
    await page.getByText(/\(empty bio\)/).waitFor();
    expect(new URL(page.url()).pathname).toBe('/for-artists/verify/instagram/failed');
    await saveScreenshot(page, 'verification-result-instagram-failed-phone');
    await expectCleanPage(observed, { allowRefusals: true });
  });
});
