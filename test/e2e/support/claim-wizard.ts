// The first two steps of the claim wizard on the artists screen, as an artist-side user goes through them (SPEC §5):
// the artist step refuses to go on with no artist chosen, then the artist is found by name and chosen; the terms step
// refuses to go on until the waiver, the funds terms and the terms and conditions are agreed to, then all three are.
// The page is left on the wizard's last step (verification).
import type { Page } from 'playwright-core';

export interface ClaimWizardMoments {
  /** Runs when the artist is chosen, before the wizard goes on (a screenshot of step 1). */
  artistChosen?: () => Promise<unknown>;
  /** Runs while the terms step shows its three refusals (a screenshot of step 2's errors). */
  termsRefused?: () => Promise<unknown>;
}

/** From the artists screen to the wizard's verification step, claiming the artist named `artistName`. */
export async function walkClaimWizardToVerification(
  page: Page,
  artistName: string,
  moments: ClaimWizardMoments = {},
): Promise<void> {
  // Step 1: the artist
  await page.getByRole('button', { name: 'Claim an artist' }).click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByText('Please select an artist').waitFor();
  await page.getByLabel('Search for the artist').fill(artistName);
  await page.getByRole('radio', { name: artistName, exact: false }).first().check();
  await moments.artistChosen?.();
  await page.getByRole('button', { name: 'Next' }).click();
  // Step 2: the terms
  await page.getByRole('button', { name: 'Next' }).click();
  for (const text of [
    'You must agree to the waiver',
    'You must agree to the funds terms',
    'You must agree to the terms and conditions',
  ]) {
    await page.getByText(text).waitFor();
  }
  await moments.termsRefused?.();
  for (const box of await page.getByRole('checkbox').all()) await box.check();
  await page.getByRole('button', { name: 'Next' }).click();
}
