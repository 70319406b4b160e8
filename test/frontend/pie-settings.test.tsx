// pie/settings: the three settings with a what-if preview that follows them (debounced, the previous
// preview kept while the next loads), Save with only what changed, bans after a confirmation, this pie's inclusions,
// each with its effect shown. The API is a stub of fetch; everything else is the real SPA.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PieSummary } from '../../functions/contracts/payments';
import {
  createHeldReply,
  fail,
  stubApi,
  succeed,
  type SentRequest,
  type StubHandler,
} from '../support/auth-api-stub';
import { makePie } from '../support/pie-fixtures';
import { makeStats, type FixtureArtist } from '../support/pie-split-fixtures';
import { makeFan, renderAt } from '../support/fan-screens';
import { expectStacksOnPhones } from '../support/stacked-table';

const slow = { timeout: 5000 };

const aurora: FixtureArtist = { id: 'art-1', name: 'Aurora Lane', ms: 6 * 3_600_000, cents: 565 };
const basalt: FixtureArtist = { id: 'art-2', name: 'Basalt', ms: 4 * 3_600_000, cents: 376 };
const cellar: FixtureArtist = {
  id: null,
  name: 'Cellar Tapes & Co',
  ms: 30_000,
  reasons: ['under_one_cent'],
};

/** The split as the server would answer it: with a limit of 1 Basalt is out and Aurora gets the whole net. */
function answerPreview(request: SentRequest) {
  const query = new URLSearchParams(request.search);
  if (query.get('limit') === '1') {
    return succeed(
      makeStats([
        { ...aurora, cents: 941 },
        { ...basalt, cents: undefined, reasons: ['over_limit'] },
        cellar,
      ]),
    );
  }
  return succeed(makeStats([aurora, basalt, cellar]));
}

function stubSettings(pie: PieSummary, extra: Record<string, StubHandler> = {}) {
  return stubApi({
    'GET /api/user': succeed(makeFan()),
    'GET /api/pie/active': succeed(pie),
    [`GET /api/pie/${pie.id}/realtime-stats`]: answerPreview,
    ...extra,
  });
}

const previewRegion = () => screen.getByRole('region', { name: 'Preview' });
const rowOf = (name: string) => {
  const header = within(previewRegion()).getByRole('rowheader', { name });
  const row = header.closest('tr');
  if (!row) throw new Error(`No row for ${name}`);
  return row;
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('pie/settings: the what-if preview', () => {
  it('asks for the what-if once the limit rests and shows who is out and the cents change', async () => {
    // Prepare
    const pie = makePie();
    const api = stubSettings(pie);
    renderAt('/pie/settings');
    const table = await screen.findByRole('table', { name: 'Your artists with these settings' }, slow);
    expectStacksOnPhones(table);
    expect(rowOf('Basalt').textContent).toContain('$3.76');
    // Act
    const limit = screen.getByRole('textbox', { name: 'Most artists, as a number' });
    await userEvent.clear(limit);
    await userEvent.type(limit, '1');
    // Assess
    await waitFor(() => expect(rowOf('Basalt').textContent).toContain('Nothing: over the limit'), slow);
    expect(rowOf('Basalt').textContent).toContain('−$3.76');
    expect(rowOf('Aurora Lane').textContent).toContain('+$3.76');
    expect(previewRegion().textContent).toContain('With these settings 1 artist gets $9.41; 2 are left out.');
    const asked = api.sentTo(`GET /api/pie/${pie.id}/realtime-stats`).map((request) => request.search);
    // The saved preview, then one what-if: the cleared field (not a number) asks nothing.
    expect(asked).toEqual(['', '?limit=1&artistPopularity=0&excludeNonActive=false']);
    expect(
      screen.getByRole('slider', { name: 'Most artists in your pie' }).getAttribute('aria-valuetext'),
    ).toBe('1 artist');
  });

  it('asks once for a slider moved through several values', async () => {
    // Prepare
    const pie = makePie();
    const api = stubSettings(pie);
    renderAt('/pie/settings');
    await screen.findByRole('table', { name: 'Your artists with these settings' }, slow);
    const lean = screen.getByRole('slider', { name: 'Lean toward less popular artists' });
    // Act
    for (const value of ['10', '20', '30', '40']) fireEvent.change(lean, { target: { value } });
    // Assess
    await waitFor(() => expect(api.sentTo(`GET /api/pie/${pie.id}/realtime-stats`)).toHaveLength(2), slow);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(api.sentTo(`GET /api/pie/${pie.id}/realtime-stats`).map((request) => request.search)).toEqual([
      '',
      '?limit=0&artistPopularity=40&excludeNonActive=false',
    ]);
  });

  it('keeps the previous preview on screen while the next one loads', async () => {
    // Prepare
    const pie = makePie();
    const held = createHeldReply(
      answerPreview({ method: 'GET', path: '', search: '?limit=1', body: undefined }),
    );
    const api = stubSettings(pie, {
      [`GET /api/pie/${pie.id}/realtime-stats`]: (request) =>
        request.search === '' ? answerPreview(request) : held.handler(),
    });
    renderAt('/pie/settings');
    await screen.findByRole('table', { name: 'Your artists with these settings' }, slow);
    // Act
    const limit = screen.getByRole('textbox', { name: 'Most artists, as a number' });
    await userEvent.clear(limit);
    await userEvent.type(limit, '1');
    // Assess: while the what-if is out, the saved preview stays and the wait is said.
    await waitFor(() => expect(api.sentTo(`GET /api/pie/${pie.id}/realtime-stats`)).toHaveLength(2), slow);
    expect(previewRegion().textContent).toContain('Updating the preview…');
    expect(rowOf('Basalt').textContent).toContain('$3.76');
    // busy for assistive technology, and its words not dimmed under their contrast (only the chart's slices are)
    expect(rowOf('Basalt').closest('[aria-busy]')?.getAttribute('aria-busy')).toBe('true');
    held.release();
    await waitFor(() => expect(rowOf('Basalt').textContent).toContain('Nothing: over the limit'), slow);
    await waitFor(() => expect(previewRegion().textContent).not.toContain('Updating the preview…'));
    expect(rowOf('Basalt').closest('[aria-busy]')?.getAttribute('aria-busy')).toBe('false');
  });

  it('refuses a limit that is not a whole number from 0 to 500 and keeps Save off', async () => {
    // Prepare
    stubSettings(makePie());
    renderAt('/pie/settings');
    const limit = await screen.findByRole('textbox', { name: 'Most artists, as a number' }, slow);
    // Act
    await userEvent.clear(limit);
    await userEvent.type(limit, '501');
    // Assess
    expect(screen.getByText('Enter a whole number from 0 to 500.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save settings' })).toHaveProperty('disabled', true);
  });
});

describe('pie/settings: saving', () => {
  it('saves only what changed and says so', async () => {
    // Prepare
    const pie = makePie({ settings: { artistLimit: 0, artistPopularity: 0, excludeNonActive: false } });
    const api = stubSettings(pie, {
      [`PATCH /api/pie/${pie.id}`]: (request) =>
        succeed({ ...pie, settings: { ...pie.settings, ...(request.body as object) } }),
    });
    renderAt('/pie/settings');
    await screen.findByRole('table', { name: 'Your artists with these settings' }, slow);
    expect(screen.getByRole('button', { name: 'Save settings' })).toHaveProperty('disabled', true);
    // Act
    await userEvent.click(
      screen.getByRole('checkbox', { name: 'Leave out artists who are no longer active' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    // Assess
    expect(
      await screen.findByText('Your settings are saved: this pie is split with them from now on.', {}, slow),
    ).toBeTruthy();
    expect(api.sentTo(`PATCH /api/pie/${pie.id}`).map((request) => request.body)).toEqual([
      { excludeNonActive: true },
    ]);
    expect(screen.getByRole('button', { name: 'Save settings' })).toHaveProperty('disabled', true);
  });

  it('shows the server’s refusal of a pie that has closed', async () => {
    // Prepare
    const pie = makePie();
    stubSettings(pie, {
      [`PATCH /api/pie/${pie.id}`]: fail(
        409,
        'pie_closed',
        'This pie’s period is over: its settings can no longer change.',
      ),
    });
    renderAt('/pie/settings');
    const limit = await screen.findByRole('textbox', { name: 'Most artists, as a number' }, slow);
    // Act
    await userEvent.clear(limit);
    await userEvent.type(limit, '5');
    await userEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    // Assess
    expect(
      await screen.findByText('This pie’s period is over: its settings can no longer change.', {}, slow),
    ).toBeTruthy();
  });

  it('tells a fan without a running pie where to start one', async () => {
    // Prepare
    stubApi({ 'GET /api/user': succeed(makeFan()), 'GET /api/pie/active': succeed(null) });
    // Act
    renderAt('/pie/settings');
    // Assess
    expect(await screen.findByText('You have no running pie', {}, slow)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Start a pie' }).getAttribute('href')).toBe('/pie');
  });
});

describe('pie/settings: bans and inclusions', () => {
  it('bans only after the confirmation that it applies to every pie', async () => {
    // Prepare
    const pie = makePie();
    let banned = false;
    const api = stubSettings(pie, {
      [`GET /api/pie/${pie.id}/realtime-stats`]: () =>
        succeed(
          makeStats(
            banned
              ? [
                  { ...aurora, cents: 941 },
                  { ...basalt, cents: undefined, reasons: ['banned'], banned: true },
                  cellar,
                ]
              : [aurora, basalt, cellar],
          ),
        ),
      'PATCH /api/pie/artist/art-2/ban': (request) => {
        banned = (request.body as { value: boolean }).value;
        return succeed({ artistKey: 'id:art-2', banned });
      },
    });
    renderAt('/pie/settings');
    await screen.findByRole('table', { name: 'Your artists with these settings' }, slow);
    // Act: first the fan keeps them, then bans them.
    await userEvent.click(within(rowOf('Basalt')).getByRole('button', { name: 'Ban Basalt' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ban Basalt from all your pies?' });
    expect(dialog.textContent).toContain('A ban applies to every pie');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep them' }));
    expect(api.sentTo('PATCH /api/pie/artist/art-2/ban')).toEqual([]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(await within(rowOf('Basalt')).findByRole('button', { name: 'Ban Basalt' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Ban from every pie' }),
    );
    // Assess
    expect(await screen.findByText('Basalt is banned from all your pies.', {}, slow)).toBeTruthy();
    await waitFor(() => expect(rowOf('Basalt').textContent).toContain('Nothing: banned'));
    expect(within(rowOf('Basalt')).getByRole('button', { name: 'Unban Basalt' })).toBeTruthy();
    expect(api.sentTo('PATCH /api/pie/artist/art-2/ban').map((request) => request.body)).toEqual([
      { value: true },
    ]);
  });

  it('sets this pie’s inclusion of an artist known by name only, by its name in the URL', async () => {
    // Prepare
    const pie = makePie();
    const inclusionPath = `PATCH /api/pie/artist/${encodeURIComponent('Cellar Tapes & Co')}/set-inclusion`;
    const api = stubSettings(pie, {
      [inclusionPath]: (request) =>
        succeed({
          artistKey: 'name:cellar tapes & co',
          pieId: pie.id,
          inclusion: (request.body as { value: boolean | null }).value,
        }),
    });
    renderAt('/pie/settings');
    await screen.findByRole('table', { name: 'Your artists with these settings' }, slow);
    // Act
    await userEvent.selectOptions(
      within(rowOf('Cellar Tapes & Co')).getByRole('combobox', { name: 'In this pie: Cellar Tapes & Co' }),
      'include',
    );
    // Assess
    expect(
      await screen.findByText(
        'Cellar Tapes & Co is included in this pie, even beyond your artist limit, and gets at least one cent of it.',
        {},
        slow,
      ),
    ).toBeTruthy();
    expect(api.sentTo(inclusionPath).map((request) => request.body)).toEqual([
      { value: true, pieId: pie.id },
    ]);
  });
});
