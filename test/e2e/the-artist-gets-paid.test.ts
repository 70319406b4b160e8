// An artist gets paid, in a real Chromium, from start to finish: a new artist-side user registers, claims a sandbox
// artist whose fans' money is held (the demo supporters listened to it: local/seed-demo-office.ts) through the wizard,
// seeing every SPEC §5 text of it; verifies through the sandbox Spotify bio; the demo staff member approves the claim,
// and the held earnings appear in the new office's balance; the office onboards Stripe Connect on the sandbox's page,
// requests a payout after seeing its fees, and sees it completed once the product clock moves 3 days (what
// `npm run time -- advance 3d` does, through the same route). Named to run after every other file: it moves the clock.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { spotifyAccountIdOf } from '../../local/oauth-sandbox/identities';
import { demoAccounts } from '../../local/seed';
import { artistsById, favouriteArtistsOf } from '../../local/spotify-sandbox/catalogue';
import { saveScreenshot } from './support/browser';
import { walkClaimWizardToVerification } from './support/claim-wizard';
import { makeTestPerson, signUpArtistSideUser } from './support/identity-helpers';
import { useObservedPages, viewports } from './support/pages';
import { connectProductApi } from './support/product-api';
import { signedInRoleSessions } from './support/spec-routes';
import { expectCleanPage } from './support/signed-in-pages';

const baseUrl = inject('baseUrl');
const pages = useObservedPages();
const { readData } = connectProductApi(baseUrl);

// The demo supporters' second artist: the demo office claims their first, this one waits with their money held.
const demoFan = demoAccounts.find((account) => account.kind === 'fan');
if (!demoFan) throw new Error('local/seed.ts has no demo fan');
const waitingArtistId = favouriteArtistsOf(spotifyAccountIdOf(demoFan.email))[1];
const waitingArtist = waitingArtistId ? artistsById.get(waitingArtistId) : undefined;
if (!waitingArtist) throw new Error('The sandbox has no second favourite artist for the demo fan');

async function snap(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, `artist-paid-${name}`);
}

describe('a new artist-side user, from registration to a completed payout', () => {
  it('claims, verifies, is approved, onboards, pays out and sees the payout completed', async () => {
    // Prepare: a new person, registered and verified through the screens
    const observed = await pages.open({ viewport: viewports.desktop });
    const { page } = observed;
    await signUpArtistSideUser(page, baseUrl, makeTestPerson('artist-paid'));
    const [office] = await readData<{ _id: string }[]>(page, '/api/for-artists/offices');
    if (!office) throw new Error('The new artist-side user has no office');

    // Act 1: the wizard, every SPEC §5 text of it
    await walkClaimWizardToVerification(page, waitingArtist.name);
    await page.getByRole('button', { name: 'Claim artist' }).click();
    for (const text of [
      'Please select a verification method',
      'Please select a social platform',
      'Verification string is required',
    ]) {
      await page.getByText(text).waitFor();
    }
    await snap(page, 'wizard-step-3-errors');
    await page.getByLabel('Verification method').selectOption('spotify-bio');
    await page.getByLabel('Social platform').selectOption('spotify');
    await page.getByRole('button', { name: 'Generate my string' }).click();
    await page.getByRole('button', { name: 'Claim artist' }).click();
    await page.getByRole('heading', { level: 1, name: waitingArtist.name }).waitFor();
    const claimPath = new URL(page.url()).pathname;

    // Act 2: the OpenPie link into the sandbox artist's Spotify bio, then the check
    await page.getByRole('heading', { level: 2, name: 'Verify the claim' }).waitFor();
    const link = await page.getByLabel('Your OpenPie link').inputValue();
    await page.getByRole('link', { name: 'sandbox bio page' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sandbox bios' }).waitFor();
    await page.getByLabel('Bio (paste your OpenPie link here)').fill(`Thank you for listening. ${link}`);
    await page.getByRole('button', { name: 'Save Spotify bio' }).click();
    await page.getByText('Saved. Go back to OpenPie and check again.').waitFor();
    await page.goto(`${baseUrl}${claimPath}`);
    await page.getByRole('button', { name: 'Check my Spotify bio' }).click();
    await page.getByText('We found the verification string. Our staff are reviewing the claim.').waitFor();
    await snap(page, 'verified');
    await expectCleanPage(observed);

    // Act 3: the demo staff member approves it
    const staffSession = signedInRoleSessions.find((session) => session.name === 'admin');
    if (!staffSession) throw new Error('no staff session');
    const staff = await pages.open({
      viewport: viewports.desktop,
      prepare: (context) => staffSession.signIn(context, baseUrl),
    });
    await staff.page.goto(
      `${baseUrl}/admin/claims?status=Verified&search=${encodeURIComponent(waitingArtist.name)}`,
    );
    await staff.page.getByRole('link', { name: waitingArtist.name }).click();
    await staff.page.getByRole('heading', { level: 1, name: `Claim of ${waitingArtist.name}` }).waitFor();
    await staff.page.getByRole('radio', { name: 'Approve' }).check();
    await staff.page.getByLabel(/Reason/).fill('The OpenPie link with the string is in the Spotify bio');
    await staff.page.getByRole('button', { name: 'Change status' }).click();
    await staff.page.getByRole('dialog').getByRole('button', { name: 'Change status' }).click();
    await staff.page.getByText('The claim is now successful.', { exact: false }).waitFor();
    await saveScreenshot(staff.page, 'artist-paid-staff-approved');

    // Assess: the held earnings are the office's balance
    const balance = await readData<{ availableCents: number }>(
      page,
      `/api/for-artists/stripe/wallet-balance?officeId=${office._id}`,
    );
    expect(balance.availableCents).toBeGreaterThanOrEqual(1000);
    await page.goto(`${baseUrl}/for-artists/funds`);
    await page.getByRole('heading', { level: 2, name: 'Balance' }).waitFor();
    const shownBalance = `$${(balance.availableCents / 100).toFixed(2)}`;
    await page.getByText(shownBalance).first().waitFor();
    await snap(page, 'funds-before-onboarding');

    // Act 4: Stripe Connect onboarding on the sandbox's hosted page
    await page.getByRole('button', { name: 'Set up payouts with Stripe' }).click();
    await page.getByRole('heading', { level: 1, name: 'Set up payouts' }).waitFor();
    await page.getByLabel('Legal name').fill('Robin Tester');
    await page.getByLabel('Email').fill('robin@openpie.example');
    await page.getByLabel('Routing number').fill('110000000');
    await page.getByLabel('Account number').fill('000123456789');
    await page.getByRole('button', { name: 'Agree and submit' }).click();
    await page.waitForURL((url) => url.pathname === '/for-artists/funds');
    await page.getByText('Ready: payouts enabled').waitFor();

    // Act 5: a payout, its fees seen before confirming
    await page.getByRole('button', { name: 'Request a payout' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request a payout' });
    await dialog.getByText('Stripe payout fee (0.25% + $0.25)').waitFor();
    await dialog.getByText('You receive').waitFor();
    await snap(page, 'payout-fees');
    await dialog.getByRole('button', { name: 'Confirm payout' }).click();
    await page.getByText(/^Payout of \$[\d.,]+ requested\./).waitFor();
    await expectCleanPage(observed);

    // Act 6: three days later
    const moved = await fetch(`${baseUrl}/api/dev/time/advance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ days: 3 }),
    });
    expect(moved.status).toBe(200);
    let statuses: string[] = [];
    for (let attempt = 0; attempt < 40; attempt += 1) {
      const payouts = await readData<{ data: { status: string }[] }>(
        page,
        `/api/for-artists/stripe/payouts?officeId=${office._id}`,
      );
      statuses = payouts.data.map((payout) => payout.status);
      if (statuses.includes('completed')) break;
      await page.waitForTimeout(500);
    }

    // Assess: completed, on the screen too, and the balance paid out
    expect(statuses).toEqual(['completed']);
    await page.goto(`${baseUrl}/for-artists/funds`);
    await page.getByText(/paid out in 1 completed payout\./).waitFor();
    const payoutsRegion = page.getByRole('region', { name: /^Payouts of / });
    await payoutsRegion.getByRole('link').first().click();
    await page.getByRole('heading', { level: 1, name: 'Payout' }).waitFor();
    await page.getByText('Reached your bank').waitFor();
    await snap(page, 'payout-completed');
    await expectCleanPage(observed);
    const after = await readData<{ availableCents: number }>(
      page,
      `/api/for-artists/stripe/wallet-balance?officeId=${office._id}`,
    );
    expect(after.availableCents).toBe(0);
  });
});
