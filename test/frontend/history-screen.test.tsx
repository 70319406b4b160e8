// The fan's history screen: listening per day as a chart and a table, the latest plays page by page with
// counted and under-30-s plays told apart, the most played tracks, the artists with search and sort, and the
// loading, empty and error states of each part.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HistoryScreen } from '../../frontend/src/features/history';
import {
  fillChartDays,
  listPeriodDays,
  summarizeChart,
} from '../../frontend/src/features/history/lib/listening-summary';
import { formatListeningTime } from '../../frontend/src/lib/format';

const today = new Date().toISOString().slice(0, 10);
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

type Reply = { status: number; body: unknown };
type Routes = Record<string, (url: URL) => Reply>;

const success = (
  data: unknown,
  pagination?: { page: number; limit: number; total: number; pages: number },
) => ({
  status: 200,
  body: { success: true, data, ...(pagination ? { pagination } : {}) },
});

const play = (trackName: string, artistName: string, msPlayed: number, endedAt: string) => ({
  endedAt,
  trackName,
  artists: [{ artistName }],
  msPlayed,
  counted: msPlayed >= 30_000,
  source: 'import',
});

/** A fan with a little listening: two pages of latest plays, a few tracks and artists, two days of listening. */
function listeningRoutes(): Routes {
  return {
    '/api/tracks/user/latest': (url) =>
      url.searchParams.get('page') === '2'
        ? success([play('Older Song', 'Radiohead', 200_000, `${daysAgo(3)}T09:00:00.000Z`)], {
            page: 2,
            limit: 20,
            total: 21,
            pages: 2,
          })
        : success(
            [
              play('Sinnerman', 'Nina Simone', 600_000, `${daysAgo(1)}T08:00:00.000Z`),
              play('Skipped Song', 'Beyoncé', 10_000, `${daysAgo(1)}T07:00:00.000Z`),
            ],
            { page: 1, limit: 20, total: 21, pages: 2 },
          ),
    '/api/tracks/user/daily': () =>
      success([
        { date: daysAgo(2), plays: 3, msPlayed: 3_600_000, artists: [] },
        { date: daysAgo(1), plays: 1, msPlayed: 600_000, artists: [] },
      ]),
    '/api/tracks/user/popular': () =>
      success(
        [
          {
            trackName: 'Sinnerman',
            artists: [{ artistName: 'Nina Simone' }],
            plays: 4,
            msPlayed: 2_400_000,
            lastPlayedOn: daysAgo(1),
          },
        ],
        { page: 1, limit: 10, total: 1, pages: 1 },
      ),
    '/api/artists/user': (url) => {
      const all = [
        {
          artistId: 'nina',
          artistName: 'Nina Simone',
          plays: 4,
          msPlayed: 2_400_000,
          lastListenedOn: daysAgo(1),
        },
        { artistName: 'Beyoncé', plays: 2, msPlayed: 400_000, lastListenedOn: daysAgo(2) },
      ];
      const search = url.searchParams.get('search')?.toLowerCase();
      const found = search ? all.filter((artist) => artist.artistName.toLowerCase().includes(search)) : all;
      return success(found, { page: 1, limit: 20, total: found.length, pages: 1 });
    },
  };
}

function emptyRoutes(): Routes {
  const none = () => success([], { page: 1, limit: 20, total: 0, pages: 0 });
  return {
    '/api/tracks/user/latest': none,
    '/api/tracks/user/daily': () => success([]),
    '/api/tracks/user/popular': none,
    '/api/artists/user': none,
  };
}

/** Answers each API call from `routes` and records the URLs asked for. */
function stubApi(routes: Routes) {
  const asked: URL[] = [];
  const fetchMock = vi.fn((input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    asked.push(url);
    const route = routes[url.pathname];
    const reply = route
      ? route(url)
      : { status: 404, body: { success: false, code: 'not_found', message: 'No' } };
    return Promise.resolve(
      new Response(JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return asked;
}

function renderScreen(): void {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <MemoryRouter>{children}</MemoryRouter>
    </SWRConfig>
  );
  render(<HistoryScreen />, { wrapper });
}

const section = (name: string) => screen.getByRole('region', { name });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the history screen', () => {
  it('shows the latest plays, telling counted plays from those under 30 s, and pages through them', async () => {
    // Prepare
    const asked = stubApi(listeningRoutes());
    const user = userEvent.setup();
    renderScreen();
    const latest = section('Latest plays');
    // Act
    const counted = (await within(latest).findByText('Sinnerman')).closest('li')?.textContent;
    const skipped = within(latest).getByText('Skipped Song').closest('li')?.textContent;
    await user.click(within(latest).getByRole('button', { name: 'Page 2' }));
    // Assess
    expect(counted).toContain('Counted');
    expect(skipped).toContain('Under 30 s, not counted');
    expect(await within(latest).findByText('Older Song')).toBeTruthy();
    expect(within(latest).queryByText('Sinnerman')).not.toBeTruthy();
    expect(
      asked.some((url) => url.pathname === '/api/tracks/user/latest' && url.searchParams.get('page') === '2'),
    ).toBe(true);
  });

  it('draws the last 30 days of listening, with the numbers as a table for screen readers', async () => {
    // Prepare
    const asked = stubApi(listeningRoutes());
    renderScreen();
    const daily = section('Listening per day');
    // Act
    const chart = await within(daily).findByRole('img');
    // Assess
    const dailyCall = asked.find((url) => url.pathname === '/api/tracks/user/daily');
    expect(dailyCall?.searchParams.get('startDate')).toBe(daysAgo(29));
    expect(dailyCall?.searchParams.get('endDate')).toBe(today);
    expect(chart.getAttribute('aria-labelledby')).toBeTruthy();
    expect(
      within(daily).getByRole('img', {
        name: /^1 h 10 min of listening \(4 plays\) on 2 of the last 30 days/,
      }),
    ).toBe(chart);
    expect(chart.querySelectorAll('rect')).toHaveLength(30);
    const table = within(daily).getByRole('table', { name: 'Counted listening per day, last 30 days' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByText('1 h')).toBeTruthy();
  });

  it('lists the most played tracks and the artists, and searches and sorts the artists on the server', async () => {
    // Prepare
    const asked = stubApi(listeningRoutes());
    const user = userEvent.setup();
    renderScreen();
    const artists = section('Your artists');
    // Act
    await within(artists).findByRole('link', { name: 'Nina Simone' });
    await user.type(within(artists).getByLabelText('Search your artists'), 'bey');
    await user.selectOptions(within(artists).getByLabelText('Sort by'), 'name');
    // Assess
    expect(await within(section('Most played tracks')).findByText('4 plays')).toBeTruthy();
    expect(within(section('Most played tracks')).getByText('40 min')).toBeTruthy();
    await vi.waitFor(() => expect(within(artists).queryByRole('link', { name: 'Nina Simone' })).toBeNull());
    expect(within(artists).getByText('Beyoncé')).toBeTruthy();
    const last = asked.filter((url) => url.pathname === '/api/artists/user').at(-1);
    expect(last?.searchParams.get('search')).toBe('bey');
    expect(last?.searchParams.get('sortBy')).toBe('name');
  });

  it('explains where plays come from when there are none yet', async () => {
    // Prepare
    stubApi(emptyRoutes());
    renderScreen();
    // Act
    const empty = await within(section('Latest plays')).findByText('No plays yet.');
    // Assess
    expect(empty).toBeTruthy();
    expect(
      await within(section('Listening per day')).findByText('No counted listening in the last 30 days.'),
    ).toBeTruthy();
    const settingsLink = within(section('Latest plays')).getByRole('link', {
      name: 'import your Spotify history in Settings',
    });
    expect(settingsLink.getAttribute('href')).toBe('/settings');
  });

  it('shows a failed part with its message and loads it again on request', async () => {
    // Prepare
    const routes = listeningRoutes();
    const working = routes['/api/tracks/user/latest']!;
    let failing = true;
    routes['/api/tracks/user/latest'] = (url) =>
      failing
        ? {
            status: 503,
            body: { success: false, code: 'unhealthy', message: 'OpenPie is busy. Try again soon.' },
          }
        : working(url);
    stubApi(routes);
    const user = userEvent.setup();
    renderScreen();
    const latest = section('Latest plays');
    // Act
    const alert = await within(latest).findByRole('alert');
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    // Assess
    expect(alert.textContent).toContain('OpenPie is busy. Try again soon.');
    expect(await within(latest).findByText('Sinnerman')).toBeTruthy();
    expect(within(section('Your artists')).queryByRole('alert')).toBeNull();
  });
});

describe('the chart arithmetic', () => {
  it('fills the 30 days with zeros and names the busiest day', () => {
    // Prepare
    const period = listPeriodDays('2026-11-22', 30);
    // Act
    const days = fillChartDays(period, [{ date: '2026-11-20', plays: 2, msPlayed: 5_400_000 }]);
    // Assess
    expect(period[0]).toBe('2026-10-24');
    expect(days).toHaveLength(30);
    expect(days.filter((day) => day.plays > 0)).toEqual([
      { date: '2026-11-20', plays: 2, msPlayed: 5_400_000 },
    ]);
    expect(summarizeChart(days)).toBe(
      '1 h 30 min of listening (2 plays) on 1 of the last 30 days; the most on Friday, November 20: 1 h 30 min.',
    );
    expect(formatListeningTime(45_000)).toBe('45 s');
    expect(formatListeningTime(200_000)).toBe('3 min 20 s');
  });
});
