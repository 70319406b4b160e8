// The verification step on /for-artists/claims/:id and the eight result pages /for-artists/verify/<platform>/
// success|failed (decision 027), through the artist area's own wrappers. The API is faked at
// fetch, as the browser would reach it; leaving for the provider is watched through window.location.assign.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClaimScreen, SocialVerificationScreen } from '../../frontend/src/app/routes/for-artists/artist-area';
import {
  claimFixture,
  officeFixture,
  stubArtistApi,
  success,
  type OfficeRole,
} from '../support/artist-api-stub';
import { renderScreenAt } from '../support/artist-screens';

const office = (role: OfficeRole = 'admin') =>
  officeFixture(role, {
    name: "Nina's office",
    type: 'Artist',
    members: [{ user_id: 'u1', role, email: 'nina@example.com' }],
  });

const attempt = (overrides: Record<string, unknown> = {}) => ({
  method: 'social-bio',
  platform: 'instagram',
  checked: 'https://www.instagram.com/nina',
  found: false,
  detail:
    'openpie_Ab3dE6gH is not in the Instagram bio. We read https://www.instagram.com/nina: "Jazz forever".',
  at: '2026-11-21T10:00:00.000Z',
  ...overrides,
});

const detail = (overrides: Record<string, unknown> = {}) =>
  claimFixture({
    artist: null,
    verificationAttempts: [],
    statusHistory: [
      {
        from: null,
        to: 'Pending',
        reason: 'Claimed by an admin of the office',
        at: '2026-11-20T10:00:00.000Z',
      },
    ],
    ...overrides,
  });

function renderAt(path: string) {
  renderScreenAt(
    path,
    <Routes>
      <Route path="/for-artists/claims/:id" element={<ClaimScreen />} />
      <Route path="/for-artists/verify/:platform/:result" element={<SocialVerificationScreen />} />
    </Routes>,
  );
}

/** Watches where the page would send the browser (the provider's consent page). */
function watchNavigation() {
  const assign = vi.fn();
  vi.stubGlobal('location', {
    ...window.location,
    assign,
    hostname: 'openpie.example',
    origin: 'https://openpie.example',
  });
  return assign;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the verification step of a pending claim', () => {
  it('checks the Spotify bio with the prefilled links and says what it did not find', async () => {
    // Prepare
    const user = userEvent.setup();
    const calls = stubArtistApi(({ method, path }) => {
      if (path === '/api/for-artists/offices') return success([office()]);
      if (path === '/api/for-artists/claims/claim-1/detailed') {
        return success(detail({ verificationMethod: 'spotify-bio', selectedPlatform: 'spotify' }));
      }
      if (method === 'POST' && path === '/api/for-artists/claims/claim-1/verify-bio') {
        return success({
          found: false,
          attempt: attempt({
            method: 'spotify-bio',
            platform: 'spotify',
            checked: 'https://open.spotify.com/artist/nina1',
            detail: 'openpie_Ab3dE6gH is not in the artist bio on https://open.spotify.com/artist/nina1.',
          }),
          claim: detail(),
        });
      }
      return undefined;
    });
    renderAt('/for-artists/claims/claim-1');
    const check = await screen.findByRole('button', { name: 'Check my Spotify bio' });
    // Act
    await user.click(check);
    // Assess
    expect(await screen.findByText('We did not find the link yet.')).toBeTruthy();
    expect(
      screen.getByText('openpie_Ab3dE6gH is not in the artist bio on https://open.spotify.com/artist/nina1.'),
    ).toBeTruthy();
    const sent = calls.find((call) => call.path === '/api/for-artists/claims/claim-1/verify-bio');
    expect(sent?.body).toEqual({
      spotifyArtistUrl: 'https://open.spotify.com/artist/nina1',
      openPieLink: 'http://localhost:3000/artist-public/nina1?verify=openpie_Ab3dE6gH',
    });
  });

  it('shows the verified claim after a check that found the link', async () => {
    // Prepare
    const user = userEvent.setup();
    let verified = false;
    stubArtistApi(({ method, path }) => {
      if (path === '/api/for-artists/offices') return success([office()]);
      if (path === '/api/for-artists/claims/claim-1/detailed') {
        return success(
          detail({
            verificationMethod: 'spotify-bio',
            selectedPlatform: 'spotify',
            ...(verified
              ? {
                  status: 'Verified',
                  verificationAttempts: [
                    attempt({ platform: 'spotify', method: 'spotify-bio', found: true, detail: 'Found it.' }),
                  ],
                }
              : {}),
          }),
        );
      }
      if (method === 'POST' && path === '/api/for-artists/claims/claim-1/verify-bio') {
        verified = true;
        return success({
          found: true,
          attempt: attempt({ found: true }),
          claim: detail({ status: 'Verified' }),
        });
      }
      return undefined;
    });
    renderAt('/for-artists/claims/claim-1');
    // Act
    await user.click(await screen.findByRole('button', { name: 'Check my Spotify bio' }));
    // Assess
    expect(
      await screen.findByText('We found the verification string. Our staff are reviewing the claim.'),
    ).toBeTruthy();
    const table = await screen.findByRole('table', {
      name: 'Every check of a bio for this claim, oldest first',
    });
    expect(within(table).getByText('Found')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Check my Spotify bio' })).toBeNull();
  });

  it('copies the OpenPie link to paste into the Spotify bio', async () => {
    // Prepare
    const user = userEvent.setup();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    stubArtistApi(({ path }) => {
      if (path === '/api/for-artists/offices') return success([office()]);
      if (path === '/api/for-artists/claims/claim-1/detailed') return success(detail());
      return undefined;
    });
    renderAt('/for-artists/claims/claim-1');
    // Act
    await user.click(await screen.findByRole('button', { name: 'Copy the link' }));
    // Assess
    expect(writeText).toHaveBeenCalledWith(
      'http://localhost:3000/artist-public/nina1?verify=openpie_Ab3dE6gH',
    );
    expect(await screen.findByRole('button', { name: 'Link copied' })).toBeTruthy();
  });

  it("puts the server's field message under the Spotify link", async () => {
    // Prepare
    const user = userEvent.setup();
    stubArtistApi(({ method, path }) => {
      if (path === '/api/for-artists/offices') return success([office()]);
      if (path === '/api/for-artists/claims/claim-1/detailed') return success(detail());
      if (method === 'POST' && path === '/api/for-artists/claims/claim-1/verify-bio') {
        return {
          status: 422,
          body: {
            success: false,
            code: 'validation_failed',
            message: 'Some fields are not right.',
            fields: {
              spotifyArtistUrl: "Give this artist's Spotify page: https://open.spotify.com/artist/nina1",
            },
          },
        };
      }
      return undefined;
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt('/for-artists/claims/claim-1');
    // Act
    await user.click(await screen.findByRole('button', { name: 'Check my Spotify bio' }));
    // Assess
    expect(
      await screen.findByText("Give this artist's Spotify page: https://open.spotify.com/artist/nina1"),
    ).toBeTruthy();
  });

  it("offers the claim's platform first and sends the browser to the provider it connects through", async () => {
    // Prepare
    const user = userEvent.setup();
    const assign = watchNavigation();
    const calls = stubArtistApi(({ method, path }) => {
      if (path === '/api/for-artists/offices') return success([office()]);
      if (path === '/api/for-artists/claims/claim-1/detailed') return success(detail());
      if (method === 'POST' && path === '/api/for-artists/artist/socials/connect') {
        return success({ authorizeUrl: 'https://sandbox.example/facebook/v23.0/dialog/oauth?state=s' });
      }
      return undefined;
    });
    renderAt('/for-artists/claims/claim-1');
    const group = await screen.findByRole('group', { name: 'A social profile' });
    const names = within(group)
      .getAllByRole('button')
      .map((button) => button.textContent);
    // Act
    await user.click(within(group).getByRole('button', { name: 'Connect Instagram' }));
    // Assess
    expect(names).toEqual([
      'Connect Instagram',
      'Connect X (Twitter)',
      'Connect YouTube',
      'Connect Facebook',
    ]);
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://sandbox.example/facebook/v23.0/dialog/oauth?state=s'),
    );
    expect(calls.find((call) => call.path === '/api/for-artists/artist/socials/connect')?.body).toEqual({
      claimId: 'claim-1',
      platform: 'instagram',
    });
  });

  it('shows an accountant the attempts but no way to verify', async () => {
    // Prepare
    stubArtistApi(({ path }) => {
      if (path === '/api/for-artists/offices') return success([office('accountant')]);
      if (path === '/api/for-artists/claims/claim-1/detailed')
        return success(detail({ verificationAttempts: [attempt()] }));
      return undefined;
    });
    // Act
    renderAt('/for-artists/claims/claim-1');
    // Assess
    const table = await screen.findByRole('table', {
      name: 'Every check of a bio for this claim, oldest first',
    });
    expect(within(table).getByText('Not found')).toBeTruthy();
    expect(within(table).getByText(/is not in the Instagram bio/)).toBeTruthy();
    expect(screen.getByText('An admin of the office verifies the claim.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Connect/ })).toBeNull();
  });
});

describe('the result pages', () => {
  it('says what was found on the success page and links back to the claim', async () => {
    // Prepare
    stubArtistApi(({ path }) => {
      if (path === '/api/for-artists/claims/claim-1/detailed') {
        return success(
          detail({
            status: 'Verified',
            selectedPlatform: 'youtube',
            verificationAttempts: [
              attempt({
                platform: 'youtube',
                found: true,
                detail: 'Found openpie_Ab3dE6gH in the YouTube bio of https://www.youtube.com/channel/UC1.',
              }),
            ],
          }),
        );
      }
      return undefined;
    });
    // Act
    renderAt('/for-artists/verify/youtube/success?claimId=claim-1');
    // Assess
    expect(
      await screen.findByRole('heading', { level: 1, name: 'YouTube verification succeeded' }),
    ).toBeTruthy();
    expect(
      await screen.findByText(
        'We found your verification string in the YouTube bio, so your claim of Nina Simone is verified.',
      ),
    ).toBeTruthy();
    expect(
      screen.getByText('Found openpie_Ab3dE6gH in the YouTube bio of https://www.youtube.com/channel/UC1.'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the claim' }).getAttribute('href')).toBe(
      '/for-artists/claims/claim-1',
    );
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('says what the bio held instead on the failed page and tries again through the provider', async () => {
    // Prepare
    const user = userEvent.setup();
    const assign = watchNavigation();
    stubArtistApi(({ method, path }) => {
      if (path === '/api/for-artists/claims/claim-1/detailed') {
        return success(detail({ verificationAttempts: [attempt()] }));
      }
      if (method === 'POST' && path === '/api/for-artists/artist/socials/connect') {
        return success({ authorizeUrl: 'https://sandbox.example/facebook/again' });
      }
      return undefined;
    });
    renderAt('/for-artists/verify/instagram/failed?claimId=claim-1&reason=not_found');
    // Act
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    // Assess
    expect(screen.getByRole('heading', { level: 1, name: 'Instagram verification failed' })).toBeTruthy();
    expect(
      screen.getByText('We read your Instagram profile, but the verification string is not in its bio.'),
    ).toBeTruthy();
    expect(screen.getByText(/We read https:\/\/www.instagram.com\/nina: "Jazz forever"/)).toBeTruthy();
    expect(
      screen.getByText(
        "Put openpie_Ab3dE6gH into the bio of the artist's Instagram profile, save it there, then try again.",
      ),
    ).toBeTruthy();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://sandbox.example/facebook/again'));
  });

  it('explains a cancelled connection without a claim and leads back to the artists', async () => {
    // Prepare
    stubArtistApi(() => undefined);
    // Act
    renderAt('/for-artists/verify/twitter/failed?reason=cancelled');
    // Assess
    expect(
      await screen.findByRole('heading', { level: 1, name: 'X (Twitter) verification failed' }),
    ).toBeTruthy();
    expect(screen.getByText('You cancelled the connection at X, so we could not read the bio.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Your artists' }).getAttribute('href')).toBe(
      '/for-artists/artists',
    );
  });
});
