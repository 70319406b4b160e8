// The two artist screens: the public artist page (fans listening this month, claimed or not, the ways in
// for fans and for the artist, a clear not-found state) and the fan's view of an artist (their listening, top
// tracks, and the report link when the profile is claimed).
import { render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ArtistScreen, PublicArtistScreen } from '../../frontend/src/features/artists';

type Reply = { status: number; body: unknown };

const success = (data: unknown): Reply => ({ status: 200, body: { success: true, data } });
const notFound: Reply = {
  status: 404,
  body: { success: false, code: 'not_found', message: 'OpenPie does not know this artist.' },
};

const artist = (overrides: Record<string, unknown> = {}) => ({
  id: 'nina1',
  name: 'Nina Simone',
  imageUrl: 'https://images.example/nina.png',
  popularity: 70,
  genres: ['jazz', 'soul'],
  spotifyUrl: 'https://open.spotify.com/artist/nina1',
  claimed: false,
  fansListeningThisMonth: 1234,
  ...overrides,
});

/** Answers each API call from `routes` by pathname; anything else is a 404. */
function stubApi(routes: Record<string, Reply>) {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      const reply = routes[new URL(String(input), 'http://localhost').pathname] ?? notFound;
      return Promise.resolve(
        new Response(JSON.stringify(reply.body), {
          status: reply.status,
          headers: { 'Content-Type': 'application/json' },
        }),
      );
    }),
  );
}

function renderAt(path: string, element: ReactNode, pattern: string): void {
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={pattern} element={element} />
        </Routes>
      </MemoryRouter>
    </SWRConfig>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the public artist page', () => {
  it('shows the artist, the fans listening this month, and the ways in for fans and for the artist', async () => {
    // Prepare
    stubApi({ '/api/artists/details/nina1': success(artist()) });
    // Act
    renderAt('/artist-public/nina1', <PublicArtistScreen />, '/artist-public/:id');
    // Assess
    expect(await screen.findByRole('heading', { level: 1, name: 'Nina Simone' })).toBeTruthy();
    expect(screen.getByText('1,234 OpenPie fans listening this month')).toBeTruthy();
    expect(screen.getByText('Not claimed yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start your pie' }).getAttribute('href')).toBe('/register');
    expect(screen.getByRole('link', { name: 'Claim this profile' }).getAttribute('href')).toBe(
      '/for-artists/artists',
    );
  });

  it('sends a signed-in fan to their pie and says when the profile is claimed', async () => {
    // Prepare
    stubApi({ '/api/artists/details/nina1': success(artist({ claimed: true, fansListeningThisMonth: 1 })) });
    // Act
    renderAt('/artist-public/nina1', <PublicArtistScreen fanSignedIn />, '/artist-public/:id');
    // Assess
    expect(await screen.findByText('Claimed on OpenPie')).toBeTruthy();
    expect(screen.getByText('1 OpenPie fan listening this month')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your pie' }).getAttribute('href')).toBe('/pie');
  });

  it('tells plainly when OpenPie does not know the artist', async () => {
    // Prepare
    stubApi({});
    // Act
    renderAt('/artist-public/unknown1', <PublicArtistScreen />, '/artist-public/:id');
    // Assess
    expect(await screen.findByRole('heading', { name: 'We could not find this artist' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the home page' }).getAttribute('href')).toBe('/');
  });
});

describe("the fan's artist screen", () => {
  it("shows the fan's listening, the top tracks and the report link of a claimed artist", async () => {
    // Prepare
    stubApi({
      '/api/artists/details/user/nina1': success({
        artist: artist({ claimed: true }),
        listening: {
          last30Days: { plays: 3, msPlayed: 900_000 },
          allTime: { plays: 12, msPlayed: 7_500_000 },
        },
      }),
      '/api/artists/nina1/top-tracks': success([
        {
          id: 't1',
          name: 'Sinnerman',
          durationMs: 620_000,
          albumName: 'Pastel Blues',
          artists: [{ id: 'nina1', name: 'Nina Simone' }],
          spotifyUrl: 'https://open.spotify.com/track/t1',
        },
      ]),
    });
    // Act
    renderAt('/artist/nina1', <ArtistScreen />, '/artist/:id');
    // Assess
    const listening = await screen.findByRole('region', { name: 'Your listening' });
    expect(within(listening).getByText('3 plays · 15 min')).toBeTruthy();
    expect(within(listening).getByText('12 plays · 2 h 5 min')).toBeTruthy();
    const tracks = screen.getByRole('region', { name: 'Top tracks' });
    expect((await within(tracks).findByText('Sinnerman')).closest('li')?.textContent).toContain('10:20');
    expect(screen.getByRole('link', { name: 'Report the claim' }).getAttribute('href')).toBe(
      '/report?artist=nina1',
    );
  });

  it('offers no report link for an unclaimed artist and says when the fan has not listened yet', async () => {
    // Prepare
    stubApi({
      '/api/artists/details/user/nina1': success({
        artist: artist(),
        listening: { last30Days: { plays: 0, msPlayed: 0 }, allTime: { plays: 0, msPlayed: 0 } },
      }),
      '/api/artists/nina1/top-tracks': success([]),
    });
    // Act
    renderAt('/artist/nina1', <ArtistScreen />, '/artist/:id');
    // Assess
    expect(await screen.findByText('You have not listened to this artist on OpenPie yet.')).toBeTruthy();
    expect(await screen.findByText('Spotify lists no top tracks for this artist.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Report the claim' })).toBeNull();
  });
});
