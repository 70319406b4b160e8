// Staff's escrow and wallet transactions screen (decision 041): money held per artist with its sort, filter and CSV;
// escrow aging run only after its preview and a reason; a name heard alone resolved to one of its catalogue artists,
// with the server's refusal shown; every fan's wallet lines with their search, money filter and totals by period. The
// API is faked at fetch, as the browser would reach it.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type {
  EscrowDue,
  ProcessPayoutsResult,
  ResolveNameResult,
  StaffEscrowArtist,
  StaffWalletStats,
  StaffWalletTransaction,
} from '../../functions/contracts/admin-escrow';
import type { SentRequest } from '../support/auth-api-stub';
import { fail, stubApi, succeed } from '../support/auth-api-stub';
import { watchDownloads } from '../support/csv-downloads';
import { renderAt } from '../support/fan-screens';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const profile = { id: 'staff-1', email: 'staff@openpie.example', role: 'admin' };
const queryOf = (request: SentRequest) => Object.fromEntries(new URLSearchParams(request.search));

function paged(rows: unknown[], page: number, total: number, limit = 10) {
  return {
    body: { success: true, data: rows, pagination: { page, limit, total, pages: Math.ceil(total / limit) } },
  };
}

function held(index: number, overrides: Partial<StaffEscrowArtist> = {}): StaffEscrowArtist {
  return {
    artistKey: `id:artist-${index}`,
    kind: 'catalogue',
    artistId: `artist-${index}`,
    artistName: `Artist ${index}`,
    heldCents: 10_000 - index,
    lots: 3,
    fans: 2,
    oldestHeldFrom: '2026-01-31T15:00:00.000Z',
    oldestAgeDays: 300,
    returnsAt: '2027-01-31T15:00:00.000Z',
    dueLots: 0,
    dueCents: 0,
    nameOnly: null,
    ...overrides,
  };
}

const twin: StaffEscrowArtist = held(9, {
  artistKey: 'name:twin name',
  kind: 'name-only',
  artistId: null,
  artistName: 'Twin Name',
  heldCents: 706,
  lots: 1,
  fans: 1,
  nameOnly: {
    normalisedName: 'twin name',
    status: 'ambiguous',
    candidates: [
      { artistId: 'cat-a', name: 'Twin Name' },
      { artistId: 'cat-b', name: 'Twin Name' },
    ],
    artistId: null,
    checkedAt: null,
  },
});

const due: EscrowDue = {
  asOf: '2026-11-27T12:00:00.000Z',
  lots: 2,
  cents: 941,
  fans: 1,
  artists: [
    { artistKey: 'name:never joined', artistName: 'Never Joined', lots: 1, cents: 706 },
    { artistKey: 'name:late', artistName: 'Late', lots: 1, cents: 235 },
  ],
  heldLots: 12,
  heldCents: 54_321,
};

describe('the staff escrow screen', () => {
  it('shows money held per artist, asks the server for the sort and filter chosen, and downloads the CSV', async () => {
    // Prepare
    const downloads = watchDownloads();
    const api = stubApi({
      'GET /api/admin/profile': succeed(profile),
      'GET /api/admin/escrow/due': succeed(due),
      'GET /api/admin/escrow': (request) => {
        const query = queryOf(request);
        if (query['kind'] === 'name-only') return paged([twin], 1, 1);
        return paged([held(1), held(2, { dueLots: 1, dueCents: 500 })], Number(query['page']), 2);
      },
    });
    const user = userEvent.setup();
    // Act
    renderAt('/admin/escrow');
    const table = await screen.findByRole('table', { name: 'Money held per artist' });
    const heldSortAtFirst = within(table)
      .getByRole('columnheader', { name: /Held/ })
      .getAttribute('aria-sort');
    await user.click(within(table).getByRole('button', { name: 'Sort by Oldest' }));
    await user.selectOptions(screen.getByLabelText('Artists'), 'name-only');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByText('Twin Name');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await screen.findByText('Downloaded 1 row.');
    // Assess
    expect(screen.getByRole('heading', { level: 1, name: 'Escrow and wallet transactions' })).toBeTruthy();
    expect(heldSortAtFirst).toBe('descending');
    expect(screen.getByText('$543.21')).toBeTruthy();
    const queries = api.sentTo('GET /api/admin/escrow').map(queryOf);
    expect(queries[0]).toEqual({ page: '1', limit: '10' });
    expect(queries).toContainEqual({ page: '1', limit: '10', sortBy: 'age', sortOrder: 'desc' });
    expect(queries).toContainEqual({
      page: '1',
      limit: '10',
      kind: 'name-only',
      sortBy: 'age',
      sortOrder: 'desc',
    });
    const [csv] = await downloads.texts();
    expect(csv?.split('\r\n')[0]).toContain('artist_key,kind,artist_id,artist_name,held_cents,held_dollars');
    expect(csv).toContain('name:twin name,name-only,,Twin Name,706,7.06');
  });

  it('runs escrow aging only after showing what it will touch and taking a reason', async () => {
    // Prepare
    const result: ProcessPayoutsResult = {
      ranAt: '2026-11-27T12:00:01.000Z',
      due: 2,
      returnedLots: 2,
      returnedCents: 941,
      releasedLots: 0,
      releasedCents: 0,
      fansMailed: 1,
      complete: true,
      auditEntryId: 'audit-1',
    };
    const api = stubApi({
      'GET /api/admin/profile': succeed(profile),
      'GET /api/admin/escrow/due': succeed(due),
      'GET /api/admin/escrow': paged([held(1)], 1, 1),
      'POST /api/admin/escrow/process-payouts': succeed(result),
    });
    const user = userEvent.setup();
    // Act
    renderAt('/admin/escrow');
    await user.click(await screen.findByRole('button', { name: 'Run escrow aging now…' }));
    const confirm = await screen.findByRole('form', { name: 'Check what escrow aging will touch' });
    const preview = confirm.textContent ?? '';
    await user.click(within(confirm).getByRole('button', { name: 'Run escrow aging' }));
    const postsWithoutReason = api.sentTo('POST /api/admin/escrow/process-payouts').length;
    await user.type(within(confirm).getByLabelText(/Reason/), 'The nightly job failed');
    await user.click(within(confirm).getByRole('button', { name: 'Run escrow aging' }));
    // Assess
    expect(preview).toContain('2 lots worth $9.41 go back to 1 fan');
    expect(preview).toContain('Never Joined: $7.06 in 1 lot');
    expect(postsWithoutReason).toBe(0);
    await screen.findByText(/Returned \$9\.41 in 2 lots to fans\. Recorded in the audit log\./);
    expect(api.sentTo('POST /api/admin/escrow/process-payouts').map((request) => request.body)).toEqual([
      { reason: 'The nightly job failed' },
    ]);
    await waitFor(() => expect(api.sentTo('GET /api/admin/escrow/due').length).toBeGreaterThanOrEqual(3));
  });

  it("resolves a name heard alone to the catalogue artist chosen, and shows the server's refusal", async () => {
    // Prepare
    const moved: ResolveNameResult = {
      normalisedName: 'twin name',
      artistId: 'cat-b',
      artistName: 'Twin Name',
      movedLots: 1,
      movedCents: 706,
      releasedLots: 0,
      waitingLots: 0,
      auditEntryId: 'audit-2',
    };
    let attempts = 0;
    const api = stubApi({
      'GET /api/admin/profile': succeed(profile),
      'GET /api/admin/escrow': paged([twin], 1, 1),
      'POST /api/admin/escrow/name-only/twin%20name/resolve': () => {
        attempts += 1;
        return attempts === 1
          ? fail(409, 'name_already_resolved', 'This name already belongs to another catalogue artist.')
          : succeed(moved);
      },
    });
    const user = userEvent.setup();
    // Act
    renderAt('/admin/escrow?tab=names');
    const table = await screen.findByRole('table', { name: 'Names heard alone with money held' });
    expect(within(table).getByText(/Several artists share it · 2 catalogue artists/)).toBeTruthy();
    await user.click(within(table).getByRole('button', { name: 'Resolve Twin Name' }));
    const form = await screen.findByRole('form', { name: 'Give "Twin Name" to a catalogue artist' });
    await user.selectOptions(within(form).getByLabelText('Catalogue artist'), 'cat-b');
    await user.type(within(form).getByLabelText(/Reason/), 'Their label sent the track list');
    await user.click(within(form).getByRole('button', { name: 'Move the money to this artist' }));
    await within(form).findByText('This name already belongs to another catalogue artist.');
    await user.click(within(form).getByRole('button', { name: 'Move the money to this artist' }));
    // Assess
    await screen.findByText('"Twin Name" is now Twin Name: moved $7.06 in 1 lot.');
    expect(api.sentTo('POST /api/admin/escrow/name-only/twin%20name/resolve').map((r) => r.body)).toEqual([
      { artistId: 'cat-b', reason: 'Their label sent the track list' },
      { artistId: 'cat-b', reason: 'Their label sent the track list' },
    ]);
    expect(api.sentTo('GET /api/admin/escrow').map(queryOf)[0]).toEqual({
      page: '1',
      limit: '10',
      kind: 'name-only',
    });
  });
});

describe("staff's wallet transactions", () => {
  const line = (index: number, overrides: Partial<StaffWalletTransaction> = {}): StaffWalletTransaction => ({
    id: `tx-${index}`,
    fanId: `fan-${index}`,
    fanName: `Fan ${index}`,
    fanEmail: `fan${index}@example.com`,
    kind: 'split',
    type: 'debit',
    amountCents: -941,
    description: 'Your pie, split among the artists you listened to',
    createdAt: `2026-11-2${index}T10:00:00.000Z`,
    pieId: `pie-${index}`,
    ...overrides,
  });
  const stats = (period: StaffWalletStats['period']): StaffWalletStats => ({
    period,
    from: period === 'all' ? null : '2026-11-01T00:00:00.000Z',
    to: '2026-11-27T12:00:00.000Z',
    lines: period === 'all' ? 40 : 4,
    fans: 2,
    creditCents: 1882,
    debitCents: 1882,
    byKind: [
      { kind: 'fan-payment', lines: 2, creditCents: 1882, debitCents: 0 },
      { kind: 'split', lines: 2, creditCents: 0, debitCents: 1882 },
    ],
  });

  it('lists every fan’s wallet lines newest first with search and a kind filter, and totals a period', async () => {
    // Prepare
    const api = stubApi({
      'GET /api/admin/profile': succeed(profile),
      'GET /api/admin/wallet-transactions': (request) =>
        queryOf(request)['search'] === 'fan1@example.com'
          ? paged([line(1, { kind: 'fan-payment', type: 'credit', amountCents: 941 })], 1, 1)
          : paged([line(2), line(1)], 1, 2),
      'GET /api/admin/wallet-transactions/stats': (request) =>
        succeed(stats(queryOf(request)['period'] as StaffWalletStats['period'])),
    });
    const user = userEvent.setup();
    // Act
    renderAt('/admin/wallet-transactions');
    const table = await screen.findByRole('table', { name: 'Wallet transactions, newest first' });
    const rowsAtFirst = within(table).getAllByRole('row').length;
    const dateSort = within(table).getByRole('columnheader', { name: /Date/ }).getAttribute('aria-sort');
    const totals = await screen.findByRole('table', { name: 'Wallet lines by kind' });
    await user.selectOptions(screen.getByLabelText('Period'), 'all');
    await screen.findByText(/Everything up to/);
    await user.type(screen.getByLabelText('Search by fan'), 'fan1@example.com');
    await user.selectOptions(screen.getByLabelText('Lines'), 'fan-payment');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    // Assess
    expect(rowsAtFirst).toBe(3);
    expect(dateSort).toBe('descending');
    expect(within(totals).getByRole('rowheader', { name: 'Card payment' })).toBeTruthy();
    const sections = screen.getByRole('navigation', { name: 'Escrow sections' });
    expect(within(sections).getByRole('link', { name: 'Wallet transactions', current: 'page' })).toBeTruthy();
    await screen.findByText('$9.41');
    expect(api.sentTo('GET /api/admin/wallet-transactions/stats').map(queryOf)).toEqual([
      { period: 'month' },
      { period: 'all' },
    ]);
    expect(api.sentTo('GET /api/admin/wallet-transactions').map(queryOf).at(-1)).toEqual({
      page: '1',
      limit: '10',
      search: 'fan1@example.com',
      status: 'fan-payment',
    });
  });
});
