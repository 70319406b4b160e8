// The fan's dashboard: the Spotify connection's states (not connected, connected with its last sync,
// broken), "Sync now" with its announced result, this period's listening with the top artists' shares, and the
// empty, loading-failure states.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DashboardScreen } from '../../frontend/src/features/listening-dashboard';
import { browserActions } from '../../frontend/src/lib/browser-actions';
import {
  describeSyncResult,
  summarizePeriod,
} from '../../frontend/src/features/listening-dashboard/lib/period-summary';
import { formatShare } from '../../frontend/src/lib/format';

type Reply = { status: number; body: unknown };
type Routes = Record<string, (url: URL) => Reply>;

const success = (data: unknown): Reply => ({ status: 200, body: { success: true, data } });
const failure = (status: number, code: string, message: string): Reply => ({
  status,
  body: { success: false, code, message, requestId: 'r1' },
});

const twoDays = [
  {
    date: '2026-11-20',
    plays: 3,
    msPlayed: 600_000,
    artists: [
      { artistId: 'a1', artistName: 'Nina Simone', plays: 2, msPlayed: 450_000 },
      { artistName: 'Local Band', plays: 1, msPlayed: 150_000 },
    ],
  },
  {
    date: '2026-11-21',
    plays: 1,
    msPlayed: 200_000,
    artists: [{ artistId: 'a1', artistName: 'Nina Simone', plays: 1, msPlayed: 200_000 }],
  },
];

function stubApi(routes: Routes) {
  const asked: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      asked.push(url);
      const route = routes[url.pathname];
      const reply = route ? route(url) : failure(404, 'not_found', 'No');
      return Promise.resolve(
        new Response(JSON.stringify(reply.body), {
          status: reply.status,
          headers: { 'Content-Type': 'application/json' },
        }),
      );
    }),
  );
  return asked;
}

function renderScreen(location = '/dashboard'): void {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <MemoryRouter initialEntries={[location]}>{children}</MemoryRouter>
    </SWRConfig>
  );
  render(<DashboardScreen />, { wrapper });
}

const region = (name: string) => screen.getByRole('region', { name });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('summarizePeriod', () => {
  it('adds the days up and ranks artists by their share of the listening time', () => {
    // Act
    const summary = summarizePeriod(twoDays);
    // Assess
    expect(summary).toMatchObject({ plays: 4, msPlayed: 800_000, activeDays: 2, artistCount: 2 });
    expect(summary.topArtists.map((artist) => [artist.artistName, artist.share])).toEqual([
      ['Nina Simone', 650_000 / 800_000],
      ['Local Band', 150_000 / 800_000],
    ]);
    expect(formatShare(650_000 / 800_000)).toBe('81.3%');
    expect(describeSyncResult(1)).toBe('Synced. 1 new play added.');
  });
});

describe('DashboardScreen', () => {
  it('shows top artists with their share, linking those with an id to their artist page', async () => {
    // Prepare
    stubApi({
      '/api/tracks/user/latestFetchedDate': () =>
        success({ latestFetchedDate: '2026-11-21T10:00:00.000Z', connection: 'ok' }),
      '/api/tracks/user/daily': () => success(twoDays),
    });
    // Act
    renderScreen();
    // Assess
    const list = await screen.findByRole('list', { name: 'Top artists by share of your time' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Nina Simone81.3%'),
      expect.stringContaining('Local Band18.8%'),
    ]);
    expect(within(rows[0]!).getByRole('link', { name: 'Nina Simone' }).getAttribute('href')).toBe(
      '/artist/a1',
    );
    expect(within(rows[1]!).queryByRole('link')).toBeNull();
    expect(within(region('Spotify')).getByText(/Plays synced up to/)).toBeTruthy();
  });

  it('syncs on request and announces what was added, then reloads the listening', async () => {
    // Prepare
    let syncs = 0;
    const asked = stubApi({
      '/api/tracks/user/latestFetchedDate': () => success({ latestFetchedDate: null, connection: 'ok' }),
      '/api/tracks/user/daily': () => success([]),
      '/api/tracks/user/fetchLatestFromSpotify': () => {
        syncs += 1;
        return success({ added: 12, duplicates: 0, read: 12, latestFetchedDate: 'x', days: [] });
      },
    });
    renderScreen();
    await screen.findByText(/Not synced yet/);
    // Act
    await userEvent.click(screen.getByRole('button', { name: 'Sync now' }));
    // Assess
    expect(await screen.findByText('Synced. 12 new plays added.')).toBeTruthy();
    expect(screen.getByText('Synced. 12 new plays added.').getAttribute('aria-live')).toBe('polite');
    expect(syncs).toBe(1);
    expect(asked.filter((url) => url.pathname === '/api/tracks/user/daily').length).toBeGreaterThan(1);
    expect(within(region('This period’s listening')).getByText(/Play some music on Spotify/)).toBeTruthy();
  });

  it('invites a fan without Spotify to connect it, through Spotify’s sign-in', async () => {
    // Prepare
    stubApi({
      '/api/tracks/user/latestFetchedDate': () =>
        success({ latestFetchedDate: null, connection: 'not_connected' }),
      '/api/tracks/user/daily': () => success([]),
    });
    const goTo = vi.spyOn(browserActions, 'goTo').mockImplementation(() => {});
    renderScreen();
    // Act
    await userEvent.click(await screen.findByRole('button', { name: 'Connect Spotify' }));
    // Assess
    expect(goTo).toHaveBeenCalledWith(
      expect.stringMatching(/^\/api\/auth\/loginSpotify\?deviceType=(desktop|mobile)&returnTo=dashboard$/),
    );
    expect(screen.getByText('No listening in the last 30 days yet.')).toBeTruthy();
  });

  it('tells the fan when the Spotify connection is broken and offers to reconnect', async () => {
    // Prepare
    stubApi({
      '/api/tracks/user/latestFetchedDate': () =>
        success({ latestFetchedDate: '2026-11-20T10:00:00.000Z', connection: 'broken' }),
      '/api/tracks/user/daily': () => success(twoDays),
    });
    // Act
    renderScreen();
    // Assess
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your Spotify connection stopped working');
    expect(within(alert).getByRole('button', { name: 'Reconnect Spotify' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sync now' })).toBeNull();
  });

  it('shows a load failure with a way to try again', async () => {
    // Prepare
    let failing = true;
    stubApi({
      '/api/tracks/user/latestFetchedDate': () =>
        failing
          ? failure(503, 'unavailable', 'The service is busy.')
          : success({ latestFetchedDate: null, connection: 'ok' }),
      '/api/tracks/user/daily': () => success([]),
    });
    renderScreen();
    const alert = await screen.findByRole('alert');
    // Act
    failing = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    // Assess
    expect(await screen.findByRole('button', { name: 'Sync now' })).toBeTruthy();
  });

  it('says Spotify is connected when the connection returns here', async () => {
    // Prepare
    stubApi({
      '/api/tracks/user/latestFetchedDate': () => success({ latestFetchedDate: null, connection: 'ok' }),
      '/api/tracks/user/daily': () => success([]),
    });
    // Act
    renderScreen('/dashboard?socialConnected=spotify');
    // Assess
    const spotify = region('Spotify');
    const notice = await within(spotify).findByText(/^Spotify is connected\./);
    expect(notice.getAttribute('role')).toBe('status');
    expect(within(spotify).getByRole('button', { name: 'Sync now' })).toBeTruthy();
  });

  it('says the Spotify account is taken when another OpenPie account holds it', async () => {
    // Prepare
    stubApi({
      '/api/tracks/user/latestFetchedDate': () =>
        success({ latestFetchedDate: null, connection: 'not_connected' }),
      '/api/tracks/user/daily': () => success([]),
    });
    // Act
    renderScreen('/dashboard?socialError=spotify&socialReason=already_linked');
    // Assess
    const spotify = region('Spotify');
    const alert = within(spotify).getByRole('alert').textContent;
    expect(alert).toBe('This Spotify account is already connected to another OpenPie account.');
    expect(alert).not.toContain('registration');
  });

  it("shows SPEC §8's text when connecting Spotify failed or was cancelled", async () => {
    // Prepare
    stubApi({
      '/api/tracks/user/latestFetchedDate': () =>
        success({ latestFetchedDate: null, connection: 'not_connected' }),
      '/api/tracks/user/daily': () => success([]),
    });
    // Act
    renderScreen('/dashboard?socialError=spotify&socialReason=cancelled');
    // Assess
    const spotify = region('Spotify');
    expect(within(spotify).getByRole('alert').textContent).toContain(
      'Failed to initialize Spotify registration. Please try again.',
    );
    expect(await within(spotify).findByRole('button', { name: 'Connect Spotify' })).toBeTruthy();
  });
});
