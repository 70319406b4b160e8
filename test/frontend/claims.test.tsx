// The artist area's claim screens: the office's claims with "Claim an artist" and the three-step claim
// wizard (SPEC §2, with SPEC §5's texts), and one claim with its verification string and what to do next. The API
// is faked at fetch, as the browser would reach it.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ArtistsScreen, ClaimScreen } from '../../frontend/src/features/claims';
import {
  claimFixture,
  failure,
  officeFixture,
  stubArtistApi,
  success,
  type OfficeRole,
} from '../support/artist-api-stub';
import { renderScreenAt } from '../support/artist-screens';

const office = (role: OfficeRole = 'admin') =>
  officeFixture(role, { name: "Ada Lovelace's office", type: 'Artist' });

const artist = {
  id: 'nina1',
  name: 'Nina Simone',
  genres: ['jazz'],
  spotifyUrl: 'https://open.spotify.com/artist/nina1',
  claimed: false,
};

/** The artist as the claim search answers it: with listeners, top track and what is held for them. */
const searchArtist = {
  ...artist,
  fansListeningThisMonth: 0,
  topTrack: null,
  held: { cents: 0, fanCount: 0 },
};

function renderAt(path: string) {
  renderScreenAt(
    path,
    <Routes>
      <Route path="/for-artists/artists" element={<ArtistsScreen />} />
      <Route path="/for-artists/claims/:id" element={<ClaimScreen />} />
    </Routes>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the artists screen', () => {
  it("lists the office's claims with their status, each linking to its claim", async () => {
    // Prepare
    stubArtistApi(({ method, path }) => {
      if (method === 'GET' && path === '/api/for-artists/offices') return success([office()]);
      if (method === 'GET' && path === '/api/for-artists/claims') return success([claimFixture()]);
      return undefined;
    });
    // Act
    renderAt('/for-artists/artists');
    // Assess
    const link = await screen.findByRole('link', { name: 'Nina Simone' });
    expect(link.getAttribute('href')).toBe('/for-artists/claims/claim-1');
    const item = link.closest('li');
    if (!item) throw new Error('the claim is not a list item');
    expect(within(item).getByText('Pending')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Claim an artist' })).toBeTruthy();
  });

  it('tells each claim as it stands: a pending claim is sent, not claimed nor verified', async () => {
    // Prepare
    stubArtistApi(({ method, path }) => {
      if (method === 'GET' && path === '/api/for-artists/offices') return success([office()]);
      if (method === 'GET' && path === '/api/for-artists/claims') {
        return success([
          claimFixture({ verificationMethod: 'spotify-bio', selectedPlatform: 'spotify' }),
          claimFixture({ _id: 'claim-2', artistName: 'Velvet Static', status: 'Verified' }),
          claimFixture({ _id: 'claim-3', artistName: 'Quiet Paper', status: 'Successful' }),
          claimFixture({ _id: 'claim-4', artistName: 'Neon Hollow', status: 'Rejected' }),
        ]);
      }
      return undefined;
    });
    // Act
    renderAt('/for-artists/artists');
    const lineOf = async (name: string) => {
      const item = (await screen.findByRole('link', { name })).closest('li');
      if (!item) throw new Error(`${name} is not a list item`);
      return item.textContent ?? '';
    };
    // Assess
    const pending = await lineOf('Nina Simone');
    expect(pending).toContain(
      "Claim sent November 20, 2026 · pending: waiting for the verification string in the artist's bio on Spotify",
    );
    expect(pending).not.toMatch(/verified|claimed/i);
    expect(await lineOf('Velvet Static')).toContain(
      'pending: the verification string was found in the Instagram bio; our staff are reviewing the claim',
    );
    expect(await lineOf('Quiet Paper')).toContain('approved: verified through Instagram');
    expect(await lineOf('Neon Hollow')).toContain('rejected by our staff');
  });

  it('tells two artists of one name apart in the claim search: picture, genres, followers, listeners, top track and what is held', async () => {
    // Prepare
    const user = userEvent.setup();
    const twin = (overrides: Record<string, unknown>) => ({ ...searchArtist, ...overrides });
    stubArtistApi(({ method, path, search }) => {
      if (path === '/api/for-artists/offices') return success([office()]);
      if (method === 'GET' && path === '/api/for-artists/claims') return success([]);
      if (path === '/api/for-artists/search' && search.get('search_term') === 'nina') {
        return success(
          [
            twin({
              imageUrl: '/images/nina1.svg',
              followers: 12_345,
              genres: ['jazz', 'soul'],
              fansListeningThisMonth: 3,
              topTrack: {
                name: 'Feeling Good',
                albumName: 'I Put a Spell on You',
                spotifyUrl: 'https://open.spotify.com/track/t1',
              },
              held: { cents: 941, fanCount: 2 },
            }),
            twin({ id: 'nina2', genres: ['metal'], followers: 80 }),
          ],
          { pagination: { page: 1, limit: 6, total: 2, pages: 1 } },
        );
      }
      return undefined;
    });
    renderAt('/for-artists/artists');
    await user.click(await screen.findByRole('button', { name: 'Claim an artist' }));
    // Act
    await user.type(screen.getByLabelText('Search for the artist'), 'nina');
    const radios = await screen.findAllByRole('radio', { name: 'Nina Simone' });
    // Assess
    expect(radios).toHaveLength(2);
    const [first, second] = radios.map((radio) => {
      const ids = (radio.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
      return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' | ');
    });
    expect(first).toBe(
      'jazz, soul · 12,345 followers on Spotify · 3 OpenPie fans this month | Top track: Feeling Good (I Put a Spell on You) | Waiting for them: $9.41 from 2 fans',
    );
    expect(second).toBe(
      'metal · 80 followers on Spotify · no OpenPie fans this month | Waiting for them: nothing yet',
    );
    const item = radios[0]?.closest('label');
    expect(item?.querySelector('img')?.getAttribute('src')).toBe('/images/nina1.svg');
  });

  it('offers no claim wizard to a member who is not an admin of the office', async () => {
    // Prepare
    stubArtistApi(({ path }) => {
      if (path === '/api/for-artists/offices') return success([office('accountant')]);
      if (path === '/api/for-artists/claims') return success([]);
      return undefined;
    });
    // Act
    renderAt('/for-artists/artists');
    // Assess
    expect(await screen.findByText('Only an admin of this office can claim artists.')).toBeTruthy();
    expect(await screen.findByText('Your office has not claimed an artist yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Claim an artist' })).toBeNull();
  });

  it('walks through the three steps with the SPEC §5 texts and sends the claim', async () => {
    // Prepare
    const user = userEvent.setup();
    const calls = stubArtistApi(({ method, path, search }) => {
      if (path === '/api/for-artists/offices') return success([office()]);
      if (method === 'GET' && path === '/api/for-artists/claims') return success([]);
      if (path === '/api/for-artists/search' && search.get('search_term') === 'nina') {
        return success([searchArtist], { pagination: { page: 1, limit: 6, total: 1, pages: 1 } });
      }
      if (method === 'POST' && path === '/api/for-artists/claims')
        return { ...success(claimFixture()), status: 201 };
      if (path === '/api/for-artists/claims/claim-1/detailed') {
        return success({ ...claimFixture(), artist, verificationAttempts: [], statusHistory: [] });
      }
      return undefined;
    });
    renderAt('/for-artists/artists');
    await user.click(await screen.findByRole('button', { name: 'Claim an artist' }));
    // Act: step 1 without an artist, then with one
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const noArtist = await screen.findByText('Please select an artist');
    await user.type(screen.getByLabelText('Search for the artist'), 'nina');
    await user.click(await screen.findByRole('radio', { name: /Nina Simone/ }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    // Act: step 2 without the agreements, then with them
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    const agreementErrors = await Promise.all([
      screen.findByText('You must agree to the waiver'),
      screen.findByText('You must agree to the funds terms'),
      screen.findByText('You must agree to the terms and conditions'),
    ]);
    for (const box of screen.getAllByRole('checkbox')) await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    // Act: step 3 without a method, then complete
    await user.click(await screen.findByRole('button', { name: 'Claim artist' }));
    const methodError = await screen.findByText('Please select a verification method');
    const platformError = await screen.findByText('Please select a social platform');
    const stringError = await screen.findByText('Verification string is required');
    await user.click(screen.getByRole('button', { name: 'Generate my string' }));
    const generated = (screen.getByLabelText('Verification string') as HTMLInputElement).value;
    await user.selectOptions(screen.getByLabelText('Verification method'), 'social-bio');
    await user.selectOptions(screen.getByLabelText('Social platform'), 'instagram');
    await user.click(screen.getByRole('button', { name: 'Claim artist' }));
    // Assess
    expect(noArtist).toBeTruthy();
    expect(agreementErrors).toHaveLength(3);
    expect(methodError).toBeTruthy();
    expect(platformError).toBeTruthy();
    expect(stringError).toBeTruthy();
    expect(generated).toMatch(/^openpie_[A-Za-z0-9]{8}$/);
    await screen.findByRole('heading', { level: 1, name: 'Nina Simone' });
    const posted = calls.find((call) => call.method === 'POST');
    expect(posted?.body).toEqual({
      artistId: 'nina1',
      officeId: 'office-1',
      agreesToWaiver: true,
      agreesToFundsTerms: true,
      agreesToTerms: true,
      verificationMethod: 'social-bio',
      selectedPlatform: 'instagram',
      verificationString: generated,
    });
  });

  it("shows the server's refusal on the wizard, e.g. a claim the office already has", async () => {
    // Prepare
    const user = userEvent.setup();
    stubArtistApi(({ method, path }) => {
      if (path === '/api/for-artists/offices') return success([office()]);
      if (method === 'GET' && path === '/api/for-artists/claims') return success([]);
      if (path === '/api/for-artists/search') {
        return success([searchArtist], { pagination: { page: 1, limit: 6, total: 1, pages: 1 } });
      }
      if (method === 'POST') {
        return {
          status: 409,
          body: {
            success: false,
            code: 'claim_already_open',
            message: 'Your office already has an open claim for this artist.',
          },
        };
      }
      return undefined;
    });
    renderAt('/for-artists/artists');
    await user.click(await screen.findByRole('button', { name: 'Claim an artist' }));
    await user.type(screen.getByLabelText('Search for the artist'), 'nina');
    await user.click(await screen.findByRole('radio', { name: /Nina Simone/ }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    for (const box of await screen.findAllByRole('checkbox')) await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.selectOptions(await screen.findByLabelText('Verification method'), 'spotify-bio');
    await user.click(screen.getByRole('button', { name: 'Generate my string' }));
    // Act
    await user.click(screen.getByRole('button', { name: 'Claim artist' }));
    // Assess
    expect(await screen.findByText('Your office already has an open claim for this artist.')).toBeTruthy();
    expect((screen.getByLabelText('Social platform') as HTMLSelectElement).value).toBe('spotify');
  });
});

describe('the claim screen', () => {
  it('shows the status, the verification string and what to do next, and deletes a pending claim', async () => {
    // Prepare
    const user = userEvent.setup();
    const calls = stubArtistApi(({ method, path }) => {
      if (path === '/api/for-artists/offices') return success([office()]);
      if (method === 'GET' && path === '/api/for-artists/claims/claim-1/detailed') {
        return success({
          ...claimFixture(),
          artist,
          verificationAttempts: [],
          statusHistory: [
            {
              from: null,
              to: 'Pending',
              reason: 'Claimed by an admin of the office',
              at: claimFixture().createdAt,
            },
          ],
        });
      }
      if (method === 'DELETE' && path === '/api/for-artists/claims/claim-1') {
        return success(claimFixture({ status: 'Deleted' }));
      }
      if (method === 'GET' && path === '/api/for-artists/claims') return success([]);
      return undefined;
    });
    renderAt('/for-artists/claims/claim-1');
    // Act
    const heading = await screen.findByRole('heading', { level: 1, name: 'Nina Simone' });
    const nextSteps = screen.getByRole('region', { name: 'What to do next' });
    const shownString = screen.getByText('openpie_Ab3dE6gH');
    await user.click(await screen.findByRole('button', { name: 'Delete claim' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this claim?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete claim' }));
    // Assess
    expect(heading).toBeTruthy();
    expect(shownString.tagName).toBe('CODE');
    expect(
      within(nextSteps).getByText(
        "Put this verification string into the bio of the artist's Instagram profile.",
      ),
    ).toBeTruthy();
    await waitFor(() => expect(calls.some((call) => call.method === 'DELETE')).toBe(true));
    expect(await screen.findByRole('heading', { level: 1, name: 'Your artists' })).toBeTruthy();
  });

  it('says why a claim could not be deleted: the server’s sentence, or its own words when the server sent none', async () => {
    // Prepare
    const user = userEvent.setup();
    const refusals = [
      failure(409, 'conflict', 'This claim is being verified; it cannot be deleted now.'),
      failure(409, 'conflict', ''),
    ];
    stubArtistApi(({ method, path }) => {
      if (path === '/api/for-artists/offices') return success([office()]);
      if (method === 'GET' && path === '/api/for-artists/claims/claim-1/detailed') {
        return success({ ...claimFixture(), artist, verificationAttempts: [], statusHistory: [] });
      }
      if (method === 'DELETE' && path === '/api/for-artists/claims/claim-1') return refusals.shift();
      return undefined;
    });
    renderAt('/for-artists/claims/claim-1');
    const deleteOnce = async () => {
      await user.click(await screen.findByRole('button', { name: 'Delete claim' }));
      const dialog = await screen.findByRole('dialog', { name: 'Delete this claim?' });
      await user.click(within(dialog).getByRole('button', { name: 'Delete claim' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    };
    const alertText = () => screen.queryByRole('alert')?.textContent;
    // Act
    await deleteOnce();
    const withSentence = alertText();
    await deleteOnce();
    // Assess
    expect(withSentence).toBe('This claim is being verified; it cannot be deleted now.');
    await waitFor(() => expect(alertText()).toBe('We could not delete this claim. Please try again.'));
  });

  it('shows a rejected claim with the reason and no delete button', async () => {
    // Prepare
    stubArtistApi(({ path }) => {
      if (path === '/api/for-artists/offices') return success([office()]);
      if (path === '/api/for-artists/claims/claim-1/detailed') {
        return success({
          ...claimFixture({ status: 'Rejected' }),
          artist,
          verificationAttempts: [],
          statusHistory: [
            {
              from: null,
              to: 'Pending',
              reason: 'Claimed by an admin of the office',
              at: claimFixture().createdAt,
            },
            {
              from: 'Pending',
              to: 'Rejected',
              reason: 'The bio belongs to a fan page',
              at: claimFixture().createdAt,
            },
          ],
        });
      }
      return undefined;
    });
    // Act
    renderAt('/for-artists/claims/claim-1');
    // Assess
    expect(await screen.findByText('openpie_Ab3dE6gH')).toBeTruthy();
    expect(screen.getByText('Our staff rejected this claim.')).toBeTruthy();
    expect(
      screen.getByText(
        'The bio belongs to a fan page. You can claim the artist again from Your artists, with a new verification string.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete claim' })).toBeNull();
  });

  it('says so when the claim cannot be found', async () => {
    // Prepare
    stubArtistApi(({ path }) => {
      if (path === '/api/for-artists/offices') return success([office()]);
      if (path === '/api/for-artists/claims/claim-9/detailed') {
        return {
          status: 404,
          body: { success: false, code: 'not_found', message: 'We could not find this claim.' },
        };
      }
      return undefined;
    });
    // Act
    renderAt('/for-artists/claims/claim-9');
    // Assess
    expect(await screen.findByText('We could not find this claim.')).toBeTruthy();
  });
});
