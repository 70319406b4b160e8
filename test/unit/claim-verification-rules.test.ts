// The rules of claim verification (functions/domain/claims/verification.ts; decision 027) and how the Spotify page
// adapter turns a page into text, against hand-written inputs.
import { describe, expect, it } from 'vitest';
import { AppError } from '../../functions/domain/errors';
import {
  checkClaimVerifiable,
  checkOpenPieLink,
  checkSpotifyArtistUrl,
  containsVerificationString,
  decideVerification,
  excerptBio,
} from '../../functions/domain/claims/verification';
import { extractPageTexts } from '../../functions/integrations/social-bios/spotify-artist-page';

const artistId = '4Z8W4fKeB5YxbusRsdQVPb';
const verificationString = 'openpie_Ab3dE6gH';

function fieldsOf(run: () => void): Record<string, string> | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error.fields ?? { code: error.code };
    throw error;
  }
  return undefined;
}

describe('checkSpotifyArtistUrl', () => {
  it.each([
    `https://open.spotify.com/artist/${artistId}`,
    `https://open.spotify.com/artist/${artistId}?si=Xy12`,
    `https://open.spotify.com/artist/${artistId}/`,
    `https://open.spotify.com/intl-de/artist/${artistId}`,
  ])('accepts the claimed artist page %s', (url) => {
    // Act
    const fields = fieldsOf(() => checkSpotifyArtistUrl(url, artistId));
    // Assess
    expect(fields).toBeUndefined();
  });

  it.each([
    'https://open.spotify.com/artist/0000000000000000000000',
    `http://open.spotify.com/artist/${artistId}`,
    `https://open.spotify.com.evil.example/artist/${artistId}`,
    `https://open.spotify.com/album/${artistId}`,
    `https://open.spotify.com/artist/${artistId}/discography`,
    'not a link',
  ])('refuses %s with a message naming the page to give', (url) => {
    // Act
    const fields = fieldsOf(() => checkSpotifyArtistUrl(url, artistId));
    // Assess
    expect(fields?.spotifyArtistUrl).toBe(
      `Give this artist's Spotify page: https://open.spotify.com/artist/${artistId}`,
    );
  });
});

describe('the verification string in a text', () => {
  it('is found as a whole token and not as the start of a longer string', () => {
    // Act
    const results = [
      containsVerificationString(`Hi! ${verificationString}.`, verificationString),
      containsVerificationString(
        `https://openpie.example/a?verify=${verificationString}`,
        verificationString,
      ),
      containsVerificationString(`${verificationString}X`, verificationString),
      containsVerificationString(`${verificationString}X and ${verificationString}`, verificationString),
      containsVerificationString('openpie_ab3de6gh', verificationString),
    ];
    // Assess
    expect(results).toEqual([true, true, false, true, false]);
  });

  it('must be in the OpenPie link the artist gives', () => {
    // Act
    const fields = fieldsOf(() => checkOpenPieLink('https://openpie.example/a/other', verificationString));
    const accepted = fieldsOf(() =>
      checkOpenPieLink(`https://openpie.example/a/${verificationString}`, verificationString),
    );
    // Assess
    expect(fields?.openPieLink).toBe(
      `The OpenPie link must contain the verification string (${verificationString})`,
    );
    expect(accepted).toBeUndefined();
  });
});

describe('decideVerification', () => {
  it('finds the string in any of the profiles read and says where', () => {
    // Act
    const finding = decideVerification(
      'facebook',
      [
        { where: 'https://www.facebook.com/1', bio: 'Our page' },
        { where: 'https://www.facebook.com/2', bio: `Verified: ${verificationString}` },
      ],
      verificationString,
    );
    // Assess
    expect(finding).toEqual({
      found: true,
      checked: 'https://www.facebook.com/1, https://www.facebook.com/2',
      detail: `Found ${verificationString} in the Facebook bio of https://www.facebook.com/2.`,
    });
  });

  it('says what each bio held when the string is in none, and when there was no profile', () => {
    // Act
    const missed = decideVerification('twitter', [{ where: '@nina', bio: '' }], verificationString);
    const none = decideVerification('instagram', [], verificationString);
    // Assess
    expect(missed).toEqual({
      found: false,
      checked: '@nina',
      detail: `${verificationString} is not in the X bio. We read @nina: (empty bio).`,
    });
    expect(none.found).toBe(false);
    expect(none.detail).toBe('The Instagram account you connected has no profile we could read a bio from.');
  });

  it('keeps a long bio short around the string', () => {
    // Prepare
    const bio = `${'a'.repeat(300)} ${verificationString} ${'b'.repeat(300)}`;
    // Act
    const excerpt = excerptBio(bio, verificationString, 60);
    // Assess
    expect(excerpt.startsWith('…')).toBe(true);
    expect(excerpt.endsWith('…')).toBe(true);
    expect(excerpt).toContain(verificationString);
  });
});

describe('checkClaimVerifiable', () => {
  it('lets only a pending claim be verified', () => {
    // Act
    const outcomes = (['Pending', 'Verified', 'Successful', 'Rejected', 'Deleted'] as const).map((status) =>
      fieldsOf(() => checkClaimVerifiable(status)),
    );
    // Assess
    expect(outcomes).toEqual([
      undefined,
      { code: 'claim_not_verifiable' },
      { code: 'claim_not_verifiable' },
      { code: 'claim_not_verifiable' },
      { code: 'claim_not_verifiable' },
    ]);
  });
});

describe("the Spotify page's texts", () => {
  it('decodes entities in the visible text and reads base64 JSON the page embeds', () => {
    // Prepare
    const state = Buffer.from(
      JSON.stringify({ biography: { text: `Link: ${verificationString}` } }),
    ).toString('base64');
    const html = `<html><body><h1>Nina &amp; Co</h1><p>verify=openpie&#95;x</p><script id="initial-state" type="text/plain">${state}</script><script>var x = 1;</script></body></html>`;
    // Act
    const texts = extractPageTexts(html);
    // Assess
    expect(texts[0]).toContain('Nina & Co');
    expect(texts[0]).toContain('verify=openpie_x');
    expect(texts.some((text) => containsVerificationString(text, verificationString))).toBe(true);
    expect(texts).toHaveLength(2);
  });
});
