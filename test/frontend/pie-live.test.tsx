// /pie's live split: the running pie as a pie chart of its slices with a table of every artist, the days
// left and the money; the empty, failed and refreshed states. The API is a stub of fetch; everything else is the real
// SPA.
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { afterEach, describe, expect, it, vi } from 'vitest';
import { livePieRefreshMs } from '../../frontend/src/features/pie/components/live-pie-section';
import { fail, stubApi, succeed, type StubHandler } from '../support/auth-api-stub';
import { makePie } from '../support/pie-fixtures';
import { makeStats, type FixtureArtist } from '../support/pie-split-fixtures';
import { makeFan, renderAt } from '../support/fan-screens';

const slow = { timeout: 5000 };
const dayMs = 86_400_000;

/** A running pie whose period ends `daysLeft` days (and a few hours) from now, and its live split. */
function stubRunningPie(daysLeft: number, stats: (periodEnd: string) => StubHandler) {
  const periodEnd = new Date(Date.now() + daysLeft * dayMs - 3_600_000).toISOString();
  const pie = makePie({ periodEnd });
  const api = stubApi({
    'GET /api/user': succeed(makeFan()),
    'GET /api/pie/active': succeed(pie),
    [`GET /api/pie/${pie.id}/realtime-stats`]: stats(periodEnd),
  });
  return { api, pie };
}

const threeArtists: FixtureArtist[] = [
  { id: 'a1', name: 'Aurora Lane', ms: 6 * 3_600_000, cents: 564 },
  { id: 'a2', name: 'Basalt', ms: 4 * 3_600_000, cents: 376 },
  { id: null, name: 'Cellar Tapes', ms: 60_000, cents: 1 },
  { id: 'a4', name: 'Dune Choir', ms: 1_000, reasons: ['under_one_cent'] },
];

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('/pie with a running pie: the live split', () => {
  it('draws the pie chart of the slices and lists every artist with time, share and cents', async () => {
    // Prepare
    const { api, pie } = stubRunningPie(
      12,
      (periodEnd) => () => succeed(makeStats(threeArtists, { periodEnd })),
    );
    // Act
    renderAt('/pie');
    // Assess
    const panel = await screen.findByRole('region', { name: 'Where your pie goes now' }, slow);
    const chart = await within(panel).findByRole('img', {}, slow);
    expect(chart.getAttribute('aria-label')).toBe(
      'Your pie now: Aurora Lane 59.9%, Basalt 40%, Cellar Tapes 0.1%',
    );
    expect(chart.querySelectorAll('path')).toHaveLength(3);
    const table = within(panel).getByRole('table', {
      name: 'What each artist would get if your pie ended now',
    });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Aurora Lane6 h59.9%6 h59.9%$5.64',
      // 4 h of 10 h 1 min 1 s is 39.93% of the time; the cents are 376 of 941, 39.96%.
      'Basalt4 h39.9%4 h40%$3.76',
      'Cellar Tapes (known by name only)1 min0.2%1 min0.1%$0.01',
      'Dune Choir1 s<0.1%1 s–Nothing: under one cent',
    ]);
    expect(panel.textContent).toContain('12 days left');
    expect(panel.textContent).toContain('$9.41');
    expect(panel.textContent).toContain('4 artists');
    expect(
      within(panel).getByRole('link', { name: 'Change how your pie is split' }).getAttribute('href'),
    ).toBe('/pie/settings');
    expect(api.sentTo(`GET /api/pie/${pie.id}/realtime-stats`)[0]?.search).toBe('');
  });

  it('says how much of what goes to artists is wallet credit carried from before', async () => {
    // Prepare: $10 less 59¢ is 941, and 500 left in the wallet by a pie that had nothing to split
    const carried: FixtureArtist[] = [
      { id: 'a1', name: 'Aurora Lane', ms: 6 * 3_600_000, cents: 865 },
      { id: 'a2', name: 'Basalt', ms: 4 * 3_600_000, cents: 576 },
    ];
    stubRunningPie(12, (periodEnd) => () => succeed(makeStats(carried, { periodEnd, netCents: 1441 })));
    // Act
    renderAt('/pie');
    // Assess
    const panel = await screen.findByRole('region', { name: 'Where your pie goes now' }, slow);
    await within(panel).findByRole('img', {}, slow);
    expect(panel.textContent).toContain('$14.41 (with what was left in your wallet: $5.00)');
  });

  it('says the pie has no listening yet instead of an empty chart', async () => {
    // Prepare
    stubRunningPie(30, () => () => succeed(makeStats([])));
    // Act
    renderAt('/pie');
    // Assess
    const panel = await screen.findByRole('region', { name: 'Where your pie goes now' }, slow);
    expect(await within(panel).findByText('No listening in this pie yet', {}, slow)).toBeTruthy();
    expect(within(panel).queryByRole('img')).toBeNull();
    expect(within(panel).queryByRole('table')).toBeNull();
  });

  it('shows, beside a pie with no listening yet, its forecast from the last 30 days, labelled as one', async () => {
    // Prepare: the pie itself counts nothing yet; the fan's last 30 days hold two artists
    const { api, pie } = stubRunningPie(
      30,
      () => (request) =>
        succeed(
          new URLSearchParams(request.search).get('forecast') === 'last-30-days'
            ? makeStats([
                { id: 'a1', name: 'Aurora Lane', ms: 6 * 3_600_000, cents: 565 },
                { id: 'a2', name: 'Basalt', ms: 4 * 3_600_000, cents: 376 },
              ])
            : makeStats([]),
        ),
    );
    // Act
    renderAt('/pie');
    // Assess
    const panel = await screen.findByRole('region', { name: 'Where your pie goes now' }, slow);
    expect(await within(panel).findByText('No listening in this pie yet', {}, slow)).toBeTruthy();
    const forecast = await within(panel).findByRole(
      'region',
      { name: 'Forecast from your last 30 days' },
      slow,
    );
    expect(forecast.textContent).toContain(
      'Not your pie’s split: a pie counts only what you play from its start.',
    );
    expect(within(forecast).getByRole('img').getAttribute('aria-label')).toBe(
      'Forecast from your last 30 days of listening: Aurora Lane 60%, Basalt 40%',
    );
    const table = within(forecast).getByRole('table', {
      name: 'What each artist would get if this pie had your last 30 days of listening (a forecast)',
    });
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['Aurora Lane6 h60%6 h60%$5.65', 'Basalt4 h40%4 h40%$3.76']);
    expect(api.sentTo(`GET /api/pie/${pie.id}/realtime-stats`).map((request) => request.search)).toContain(
      '?forecast=last-30-days',
    );
  });

  it('asks for no forecast while the pie has listening of its own', async () => {
    // Prepare
    const { api, pie } = stubRunningPie(12, () => () => succeed(makeStats(threeArtists)));
    // Act
    renderAt('/pie');
    await screen.findByRole('table', { name: 'What each artist would get if your pie ended now' }, slow);
    // Assess
    expect(screen.queryByRole('region', { name: 'Forecast from your last 30 days' })).toBeNull();
    expect(
      api.sentTo(`GET /api/pie/${pie.id}/realtime-stats`).map((request) => request.search),
    ).not.toContain('?forecast=last-30-days');
  });

  it('says when nobody would get a share, and still lists why', async () => {
    // Prepare
    stubRunningPie(
      3,
      () => () =>
        succeed(
          makeStats([{ id: 'a1', name: 'Aurora Lane', ms: 3_600_000, reasons: ['banned'], banned: true }]),
        ),
    );
    // Act
    renderAt('/pie');
    // Assess
    expect(await screen.findByText('Nobody would get a share right now', {}, slow)).toBeTruthy();
    expect(screen.getByRole('table').textContent).toContain('Nothing: banned');
  });

  it('shows a failed split as an alert and loads it again on Try again', async () => {
    // Prepare
    let calls = 0;
    stubRunningPie(12, () => () => {
      calls += 1;
      return calls === 1
        ? fail(500, 'internal_error', 'Something went wrong on our side. Please try again in a moment.')
        : succeed(makeStats(threeArtists));
    });
    renderAt('/pie');
    const alert = await screen.findByRole('alert', {}, slow);
    expect(alert.textContent).toContain('Something went wrong on our side.');
    // Act
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    // Assess
    expect(await screen.findByRole('img', {}, slow)).toBeTruthy();
  });

  it('asks again every minute, so the chart grows as listening arrives', async () => {
    // Prepare
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let listening = 3_600_000;
    const { api, pie } = stubRunningPie(
      12,
      () => () => succeed(makeStats([{ id: 'a1', name: 'Aurora Lane', ms: listening, cents: 941 }])),
    );
    renderAt('/pie');
    const table = await screen.findByRole('table', {}, slow);
    expect(table.textContent).toContain('1 h');
    // Act
    listening = 2 * 3_600_000;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(livePieRefreshMs + 1_000);
    });
    // Assess
    await waitFor(() => expect(screen.getByRole('table').textContent).toContain('2 h'));
    expect(api.sentTo(`GET /api/pie/${pie.id}/realtime-stats`).length).toBeGreaterThanOrEqual(2);
  });
});
