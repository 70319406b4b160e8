// Staff's people screens (decision 037): the fans, offices, artists and artist-accounts lists with their search,
// filter, server-side sorting, pages, states and the CSV of exactly the filter on screen; one fan, one office and one
// artist account. The API is faked at fetch, as the browser would reach it.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type {
  StaffArtistSummary,
  StaffFanDetail,
  StaffFanSummary,
  StaffOfficeDetail,
  StaffOfficeSummary,
  StaffUserArtistDetail,
} from '../../functions/contracts/admin-people';
import type { SentRequest } from '../support/auth-api-stub';
import { fail, stubApi, succeed } from '../support/auth-api-stub';
import { watchDownloads } from '../support/csv-downloads';
import { renderAt } from '../support/fan-screens';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const profile = { id: 'staff-1', email: 'staff@openpie.example', role: 'admin' };

function fan(index: number, overrides: Partial<StaffFanSummary> = {}): StaffFanSummary {
  return {
    _id: `fan-${index}`,
    name: `Fan ${index}`,
    email: `fan${index}@example.com`,
    status: 'active',
    createdAt: '2026-10-01T10:00:00.000Z',
    deletedAt: null,
    spentCents: 1000 * index,
    payments: index,
    activePie: index % 2 === 0,
    ...overrides,
  };
}

const queryOf = (request: SentRequest) => Object.fromEntries(new URLSearchParams(request.search));

function paged(rows: unknown[], page: number, total: number, limit = 10) {
  return {
    body: { success: true, data: rows, pagination: { page, limit, total, pages: Math.ceil(total / limit) } },
  };
}

describe('the staff fans list', () => {
  it('shows fans by what they spent, asks the server for the sort, search and filter chosen, and pages', async () => {
    // Prepare
    const api = stubApi({
      'GET /api/admin/profile': succeed(profile),
      'GET /api/admin/fans': (request) => {
        const query = queryOf(request);
        if (query['search'] === 'nobody') return paged([], 1, 0);
        const page = Number(query['page']);
        return paged(
          [fan(page * 2), fan(page * 2 + 1, { name: null, email: null, status: 'deleted' })],
          page,
          24,
        );
      },
    });
    const user = userEvent.setup();
    // Act
    renderAt('/admin/fans');
    const table = await screen.findByRole('table', { name: 'Fans' });
    const spentSortAtFirst = within(table)
      .getByRole('columnheader', { name: /Spent/ })
      .getAttribute('aria-sort');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await screen.findByRole('link', { name: 'Fan 4' });
    await user.click(screen.getByRole('button', { name: 'Sort by Joined' }));
    await user.selectOptions(screen.getByLabelText('Pie'), 'true');
    await user.type(screen.getByLabelText('Search fans'), 'nobody');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    // Assess
    expect(spentSortAtFirst).toBe('descending');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByText('$20.00')).toBeTruthy();
    expect(within(table).getByText('Deleted account')).toBeTruthy();
    await screen.findByText('No fans match.');
    const queries = api.sentTo('GET /api/admin/fans').map(queryOf);
    expect(queries[0]).toEqual({ page: '1', limit: '10' });
    expect(queries).toContainEqual({ page: '2', limit: '10' });
    expect(queries).toContainEqual({ page: '1', limit: '10', sortBy: 'created', sortOrder: 'desc' });
    expect(queries.at(-1)).toEqual({
      page: '1',
      limit: '10',
      search: 'nobody',
      activePie: 'true',
      sortBy: 'created',
      sortOrder: 'desc',
    });
  });

  it('downloads every fan the filter on screen matches as CSV, page after page', async () => {
    // Prepare: 150 fans match the search; the CSV reads them 100 at a time.
    const api = stubApi({
      'GET /api/admin/profile': succeed(profile),
      'GET /api/admin/fans': (request) => {
        const query = queryOf(request);
        const page = Number(query['page']);
        const limit = Number(query['limit']);
        const from = (page - 1) * limit;
        const rows = Array.from({ length: Math.max(0, Math.min(limit, 150 - from)) }, (_, i) =>
          fan(from + i + 1),
        );
        return paged(rows, page, 150, limit);
      },
    });
    const downloads = watchDownloads();
    const user = userEvent.setup();
    renderAt('/admin/fans?search=ada&filter=false&sort=name:asc');
    await screen.findByRole('table', { name: 'Fans' });
    // Act
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    // Assess
    expect(await screen.findByText('Downloaded 150 rows.')).toBeTruthy();
    const csvQueries = api
      .sentTo('GET /api/admin/fans')
      .map(queryOf)
      .filter((query) => query['limit'] === '100');
    expect(csvQueries).toEqual([
      { page: '1', limit: '100', search: 'ada', activePie: 'false', sortBy: 'name', sortOrder: 'asc' },
      { page: '2', limit: '100', search: 'ada', activePie: 'false', sortBy: 'name', sortOrder: 'asc' },
    ]);
    const [csv = ''] = await downloads.texts();
    const lines = csv.trim().split('\r\n');
    expect(lines).toHaveLength(151);
    expect(lines[0]).toBe(
      'fan_id,name,email,status,spent_cents,spent_dollars,payments,active_pie,joined_at,deleted_at',
    );
    expect(lines[1]).toBe('fan-1,Fan 1,fan1@example.com,active,1000,10.00,1,no,2026-10-01T10:00:00.000Z,');
  });

  it('shows the server’s message when the fans cannot be loaded', async () => {
    // Prepare
    stubApi({
      'GET /api/admin/profile': succeed(profile),
      'GET /api/admin/fans': fail(503, 'unavailable', 'The service is busy. Please try again.'),
    });
    // Act
    renderAt('/admin/fans');
    // Assess
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The service is busy. Please try again.',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Fans' })).toBeTruthy();
  });
});

describe('one fan for staff', () => {
  const detail: StaffFanDetail = {
    ...fan(3),
    name: 'Ada Lovelace',
    usedPromotion: true,
    walletBalanceCents: 941,
    pies: [
      {
        _id: 'pie-1',
        promo: false,
        status: 'inactive',
        inactiveReason: 'refunded',
        periodStart: '2026-10-01T00:00:00.000Z',
        periodEnd: '2026-10-31T00:00:00.000Z',
        amountCents: 2000,
        processingFeeCents: 88,
        platformFeeCents: 100,
      },
    ],
    paymentList: [
      {
        transactionId: 'tx-1',
        pieId: 'pie-1',
        invoiceId: 'in_1',
        chargeId: 'ch_1',
        grossCents: 2000,
        at: '2026-10-01T00:00:00.000Z',
      },
    ],
    refunds: [
      {
        refundId: 're_1',
        chargeId: 'ch_1',
        pieId: 'pie-1',
        amountCents: 500,
        status: 'succeeded',
        createdAt: '2026-10-02T00:00:00.000Z',
        transactionId: 'tx-2',
      },
    ],
    disputes: [],
    listening: {
      days: 30,
      msPlayed: 7_200_000,
      plays: 40,
      daysListened: 6,
      topArtists: [{ artistId: 'a1', artistName: 'Nina Simone', msPlayed: 3_600_000, plays: 20 }],
    },
  };

  it('shows the fan’s figures, pies, payments, refunds and listening', async () => {
    // Prepare
    stubApi({
      'GET /api/admin/profile': succeed(profile),
      'GET /api/admin/fans/fan-3': succeed(detail),
    });
    // Act
    renderAt('/admin/fans/fan-3');
    // Assess
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeTruthy();
    expect(screen.getByText('$30.00')).toBeTruthy();
    expect(screen.getByText('$9.41')).toBeTruthy();
    const refunds = screen.getByRole('table', { name: 'Refunds of the fan’s charges, newest first' });
    expect(within(refunds).getByText('re_1')).toBeTruthy();
    const payments = screen.getByRole('table', { name: 'Card payments, newest first' });
    expect(within(payments).getByText('ch_1')).toBeTruthy();
    expect(screen.getByText('No disputes.')).toBeTruthy();
    expect(screen.getByText(/Nina Simone/)).toBeTruthy();
  });

  it('says the refunds are not known when Stripe did not answer', async () => {
    // Prepare
    stubApi({
      'GET /api/admin/profile': succeed(profile),
      'GET /api/admin/fans/fan-3': succeed({ ...detail, refunds: null }),
    });
    // Act
    renderAt('/admin/fans/fan-3');
    // Assess
    expect(
      await screen.findByText('Stripe did not answer, so the refunds are not shown. Try again in a moment.'),
    ).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Card payments, newest first' })).toBeTruthy();
  });

  it('says so when the fan does not exist', async () => {
    // Prepare
    stubApi({
      'GET /api/admin/profile': succeed(profile),
      'GET /api/admin/fans/nobody': fail(404, 'not_found', 'There is no fan with this id.'),
    });
    // Act
    renderAt('/admin/fans/nobody');
    // Assess
    expect(
      await screen.findByRole('heading', { level: 1, name: 'There is no fan with this id.' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: '← All fans' })).toBeTruthy();
  });
});

describe('the staff offices, artists and artist-accounts screens', () => {
  const office: StaffOfficeSummary = {
    _id: 'office-1',
    name: 'Harbour Records',
    type: 'Label',
    memberCount: 2,
    createdAt: '2026-11-01T00:00:00.000Z',
    connect: 'in_progress',
  };

  it('lists offices newest first and sorts by name on the header', async () => {
    // Prepare
    const api = stubApi({
      'GET /api/admin/profile': succeed(profile),
      'GET /api/admin/offices': (request) => paged([office], Number(queryOf(request)['page']), 1),
    });
    const user = userEvent.setup();
    // Act
    renderAt('/admin/offices');
    const table = await screen.findByRole('table', { name: 'Offices' });
    const createdSortAtFirst = within(table)
      .getByRole('columnheader', { name: /Created/ })
      .getAttribute('aria-sort');
    await user.click(within(table).getByRole('button', { name: 'Sort by Name' }));
    // Assess
    expect(createdSortAtFirst).toBe('descending');
    expect(within(table).getByText('In progress')).toBeTruthy();
    await waitFor(() =>
      expect(api.sentTo('GET /api/admin/offices').map(queryOf).at(-1)).toEqual({
        page: '1',
        limit: '10',
        sortBy: 'name',
        sortOrder: 'asc',
      }),
    );
  });

  it('shows one office with the funds, members, claims and payouts', async () => {
    // Prepare
    const detail: StaffOfficeDetail = {
      ...office,
      updatedAt: office.createdAt,
      members: [{ userId: 'user-1', email: 'ada@example.com', role: 'admin', joinedAt: office.createdAt }],
      claims: [
        {
          _id: 'claim-1',
          artistId: 'a1',
          artistName: 'Nina Simone',
          status: 'Successful',
          createdAt: office.createdAt,
        },
      ],
      funds: { availableCents: 700, inFlightCents: 0, paidOutCents: 1200, minimumCents: 1000 },
      payouts: [],
      connectAccount: {
        accountId: 'acct_1',
        chargesEnabled: false,
        payoutsEnabled: false,
        detailsSubmitted: true,
        currentlyDue: ['external_account'],
        disabledReason: null,
        checkedAt: office.createdAt,
      },
    };
    stubApi({
      'GET /api/admin/profile': succeed(profile),
      'GET /api/admin/offices/office-1': succeed(detail),
    });
    // Act
    renderAt('/admin/offices/office-1');
    // Assess
    expect(await screen.findByRole('heading', { level: 1, name: 'Harbour Records' })).toBeTruthy();
    expect(screen.getByText('$7.00')).toBeTruthy();
    expect(screen.getByText('Stripe still needs: external_account')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'ada@example.com' }).getAttribute('href')).toBe(
      '/admin/user-artists/user-1',
    );
    expect(screen.getByRole('link', { name: 'Nina Simone' }).getAttribute('href')).toBe(
      '/admin/claims/claim-1',
    );
    expect(screen.getByText('No payouts yet.')).toBeTruthy();
  });

  it('lists artists with their status filter and what is held', async () => {
    // Prepare
    const artist: StaffArtistSummary = {
      _id: 'a1',
      name: 'Nina Simone',
      status: 'unclaimed',
      claim: null,
      openClaims: 1,
      heldCents: 1061,
      heldLots: 3,
    };
    const api = stubApi({
      'GET /api/admin/profile': succeed(profile),
      'GET /api/admin/artists': () => paged([artist], 1, 1),
    });
    const user = userEvent.setup();
    // Act
    renderAt('/admin/artists');
    const table = await screen.findByRole('table', { name: 'Artists by name' });
    await user.selectOptions(screen.getByLabelText('Status'), 'unclaimed');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    // Assess
    expect(within(table).getByText('$10.61 (3 pies)')).toBeTruthy();
    await waitFor(() =>
      expect(api.sentTo('GET /api/admin/artists').map(queryOf).at(-1)).toEqual({
        page: '1',
        limit: '10',
        status: 'unclaimed',
      }),
    );
  });

  it('lists artist accounts and shows one with offices and claims', async () => {
    // Prepare
    const account: StaffUserArtistDetail = {
      _id: 'user-1',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      status: 'active',
      createdAt: '2026-11-01T00:00:00.000Z',
      deletedAt: null,
      phoneNumber: null,
      country: 'NL',
      emailVerified: true,
      connections: ['google'],
      offices: [
        { _id: 'office-1', name: 'Harbour Records', role: 'admin', joinedAt: '2026-11-01T00:00:00.000Z' },
      ],
      claims: [],
    };
    stubApi({
      'GET /api/admin/profile': succeed(profile),
      'GET /api/admin/user-artists': () => paged([account], 1, 1),
      'GET /api/admin/user-artists/user-1': succeed(account),
    });
    const user = userEvent.setup();
    // Act
    renderAt('/admin/user-artists');
    await user.click(await screen.findByRole('link', { name: 'Ada Lovelace' }));
    // Assess
    expect(await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Harbour Records' }).getAttribute('href')).toBe(
      '/admin/offices/office-1',
    );
    expect(screen.getByText('google')).toBeTruthy();
    expect(screen.getByText('No claims.')).toBeTruthy();
  });
});
