// Staff's claim screens (decision 028): the claims list with its status filter, search and pages,
// and one claim with its attempts, reports and audit log, the moves the server allows (reason and confirmation first),
// the release of held earnings and manual verification. The API is faked at fetch, as the browser would reach it.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StaffClaimDecision, StaffClaimDetail } from '../../functions/contracts/admin-claims';
import { fail, stubApi, succeed } from '../support/auth-api-stub';
import { csvLines, watchDownloads } from '../support/csv-downloads';
import { renderAt } from '../support/fan-screens';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const profile = { id: 'staff-1', email: 'staff@openpie.example', role: 'admin' };

const summary = (index: number, overrides: Record<string, unknown> = {}) => ({
  _id: `claim-${index}`,
  officeId: `office-${index}`,
  officeName: `Office ${index}`,
  artistId: `artist-${index}`,
  artistName: `Artist ${index}`,
  status: 'Verified',
  verificationMethod: 'spotify-bio',
  selectedPlatform: 'spotify',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

function detail(overrides: Partial<StaffClaimDetail> = {}): StaffClaimDetail {
  return {
    _id: 'claim-1',
    officeId: 'office-1',
    officeName: 'Harbour Records',
    artistId: 'nina1',
    artistName: 'Nina Simone',
    status: 'Verified',
    verificationMethod: 'social-bio',
    selectedPlatform: 'instagram',
    verificationString: 'openpie_Ab3dE6gH',
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-21T10:00:00.000Z',
    artist: null,
    verificationAttempts: [
      {
        id: 'attempt-1',
        method: 'social-bio',
        platform: 'instagram',
        checked: 'instagram.com/nina',
        found: true,
        detail: 'Found openpie_Ab3dE6gH in the bio.',
        at: '2026-11-21T09:00:00.000Z',
        byKind: 'office',
        byId: 'user-1',
      },
    ],
    reports: [
      {
        id: 'report-1',
        fanId: 'fan-9',
        reason: 'This is not their real manager',
        status: 'open',
        createdAt: '2026-11-21T08:00:00.000Z',
      },
    ],
    auditLog: [
      {
        from: null,
        to: 'Pending',
        reason: 'Claimed by an admin of the office',
        actorKind: 'office',
        actorId: 'user-1',
        at: '2026-11-20T10:00:00.000Z',
      },
      {
        from: 'Pending',
        to: 'Verified',
        reason: 'Found in the Instagram bio',
        actorKind: 'verification',
        actorId: 'check-1',
        at: '2026-11-21T09:00:00.000Z',
      },
    ],
    allowedStatuses: ['Successful', 'Rejected', 'Pending', 'Deleted'],
    otherClaims: [],
    heldEarnings: { lots: 3, cents: 1061 },
    ...overrides,
  };
}

describe('the staff claims list', () => {
  it('shows a page of claims in a table and asks the server for the status and search chosen', async () => {
    // Prepare
    const api = stubApi({
      'GET /api/admin/profile': succeed(profile),
      'GET /api/admin/claims/list': (request) => {
        const search = new URLSearchParams(request.search);
        const page = Number(search.get('page'));
        const claims =
          search.get('status') === 'Rejected' ? [] : [summary(page * 10), summary(page * 10 + 1)];
        return {
          body: {
            success: true,
            data: claims,
            pagination: { page, limit: 20, total: 42, pages: 3 },
          },
        };
      },
    });
    const user = userEvent.setup();
    // Act
    renderAt('/admin/claims');
    const table = await screen.findByRole('table', { name: 'Claims, newest first' });
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await screen.findByRole('link', { name: 'Artist 20' });
    await user.selectOptions(screen.getByLabelText('Status'), 'Rejected');
    await user.type(screen.getByLabelText('Artist name'), 'nina');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    // Assess
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    await screen.findByText('No claims match.');
    const searches = api
      .sentTo('GET /api/admin/claims/list')
      .map((request) => Object.fromEntries(new URLSearchParams(request.search)));
    expect(searches[0]).toEqual({ page: '1', limit: '20' });
    expect(searches).toContainEqual({ page: '2', limit: '20' });
    expect(searches.at(-1)).toEqual({ page: '1', limit: '20', status: 'Rejected', search: 'nina' });
  });

  it('downloads every claim the status and search on screen match as CSV, 100 a call, page after page', async () => {
    // Prepare: 130 verified claims match "nina"; the screen shows page 2 of them, 20 a page.
    const matching = Array.from({ length: 130 }, (_, index) =>
      summary(index + 1, { officeName: index === 0 ? null : `Office ${index + 1}` }),
    );
    const api = stubApi({
      'GET /api/admin/profile': succeed(profile),
      'GET /api/admin/claims/list': (request) => {
        const query = new URLSearchParams(request.search);
        const page = Number(query.get('page'));
        const limit = Number(query.get('limit'));
        const found =
          query.get('status') === 'Verified' && query.get('search') === 'nina' ? matching : [summary(999)];
        const rows = found.slice((page - 1) * limit, page * limit);
        const total = found.length;
        return {
          body: {
            success: true,
            data: rows,
            pagination: { page, limit, total, pages: Math.ceil(total / limit) },
          },
        };
      },
    });
    const downloads = watchDownloads();
    const user = userEvent.setup();
    renderAt('/admin/claims?status=Verified&search=nina&page=2');
    await screen.findByRole('link', { name: 'Artist 21' });
    // Act
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    // Assess
    expect(await screen.findByText('Downloaded 130 rows.')).toBeTruthy();
    const csvQueries = api
      .sentTo('GET /api/admin/claims/list')
      .map((request) => Object.fromEntries(new URLSearchParams(request.search)))
      .filter((query) => query['limit'] === '100');
    expect(csvQueries).toEqual([
      { page: '1', limit: '100', status: 'Verified', search: 'nina' },
      { page: '2', limit: '100', status: 'Verified', search: 'nina' },
    ]);
    expect(downloads.names()).toEqual(['openpie-claims.csv']);
    const [csv = ''] = await downloads.texts();
    const lines = csvLines(csv);
    expect(lines).toHaveLength(131);
    expect(lines[0]).toBe(
      'claim_id,artist_id,artist_name,office_id,office_name,status,verification_method,platform,claimed_at,updated_at',
    );
    expect(lines[1]).toBe(
      'claim-1,artist-1,Artist 1,office-1,,Verified,spotify-bio,spotify,2026-11-20T10:00:00.000Z,2026-11-20T10:00:00.000Z',
    );
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(matching.map((claim) => claim._id));
  });

  it('says why the claims CSV could not be made when a page fails, and downloads nothing', async () => {
    // Prepare: the second page of the CSV fails.
    stubApi({
      'GET /api/admin/profile': succeed(profile),
      'GET /api/admin/claims/list': (request) => {
        const query = new URLSearchParams(request.search);
        const page = Number(query.get('page'));
        const limit = Number(query.get('limit'));
        if (page === 2 && limit === 100) {
          return fail(503, 'unavailable', 'The service is busy. Please try again.');
        }
        return {
          body: {
            success: true,
            data: [summary(page)],
            pagination: { page, limit, total: 150, pages: Math.ceil(150 / limit) },
          },
        };
      },
    });
    const downloads = watchDownloads();
    const user = userEvent.setup();
    renderAt('/admin/claims');
    await screen.findByRole('table', { name: 'Claims, newest first' });
    // Act
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    // Assess
    expect(await screen.findByText('The service is busy. Please try again.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toHaveProperty('disabled', false);
    expect(await downloads.texts()).toEqual([]);
  });

  it('shows the server’s message when the claims cannot be loaded', async () => {
    // Prepare
    stubApi({
      'GET /api/admin/profile': succeed(profile),
      'GET /api/admin/claims/list': fail(503, 'unavailable', 'The service is busy. Please try again.'),
    });
    // Act
    renderAt('/admin/claims');
    // Assess
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The service is busy. Please try again.',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Claims' })).toBeTruthy();
  });
});

describe('one claim for staff', () => {
  it('shows the claim, its attempts, the fans’ reports and the audit log', async () => {
    // Prepare
    stubApi({
      'GET /api/admin/profile': succeed(profile),
      'GET /api/admin/claims/claim-1': succeed(detail()),
    });
    // Act
    renderAt('/admin/claims/claim-1');
    // Assess
    expect(await screen.findByRole('heading', { level: 1, name: 'Claim of Nina Simone' })).toBeTruthy();
    expect(screen.getByText('$10.61 from 3 pies is held for this artist.')).toBeTruthy();
    const attempts = screen.getByRole('table', { name: 'Every check of the bio, oldest first' });
    expect(within(attempts).getByText(/Found openpie_Ab3dE6gH in the bio/)).toBeTruthy();
    const reports = screen.getByRole('table', { name: 'Fans’ reports about this artist' });
    expect(within(reports).getByText('This is not their real manager')).toBeTruthy();
    const audit = screen.getByRole('table', { name: 'Every status change, oldest first' });
    expect(within(audit).getByText('Found in the Instagram bio')).toBeTruthy();
    expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual([
      'Successful',
      'Rejected',
      'Pending',
      'Deleted',
    ]);
  });

  it('approves only after a reason and a confirmation, then says what the release moved', async () => {
    // Prepare
    const approved: StaffClaimDecision = {
      ...detail({ status: 'Successful', allowedStatuses: ['Deleted'], heldEarnings: { lots: 0, cents: 0 } }),
      release: { releasedLots: 3, releasedCents: 1061, fansMailed: 2 },
    };
    const api = stubApi({
      'GET /api/admin/profile': succeed(profile),
      'GET /api/admin/claims/claim-1': succeed(detail()),
      'PATCH /api/admin/claims/claim-1/status': succeed(approved),
    });
    const user = userEvent.setup();
    renderAt('/admin/claims/claim-1');
    await screen.findByRole('heading', { level: 1, name: 'Claim of Nina Simone' });
    // Act
    await user.click(screen.getByRole('radio', { name: 'Approve' }));
    await user.click(screen.getByRole('button', { name: 'Change status' }));
    const reasonMissing = await screen.findByText('Give a reason');
    await user.type(screen.getByLabelText(/Reason/), 'The bio holds the string');
    await user.click(screen.getByRole('button', { name: 'Change status' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve?' });
    const sentBeforeConfirming = api.sentTo('PATCH /api/admin/claims/claim-1/status').length;
    await user.click(within(dialog).getByRole('button', { name: 'Change status' }));
    // Assess
    expect(reasonMissing).toBeTruthy();
    expect(sentBeforeConfirming).toBe(0);
    expect(
      await screen.findByText(
        'The claim is now successful. $10.61 from 3 pies went to the office; 2 fans were told.',
      ),
    ).toBeTruthy();
    expect(api.sentTo('PATCH /api/admin/claims/claim-1/status').map((request) => request.body)).toEqual([
      { status: 'Successful', reason: 'The bio holds the string' },
    ]);
    expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(['Deleted']);
  });

  it('shows the server’s refusal and logs it to the console', async () => {
    // Prepare
    const message = 'A verified claim cannot become successful. This artist has already been claimed.';
    stubApi({
      'GET /api/admin/profile': succeed(profile),
      'GET /api/admin/claims/claim-1': succeed(detail()),
      'PATCH /api/admin/claims/claim-1/status': fail(409, 'artist_already_claimed', message),
    });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    renderAt('/admin/claims/claim-1');
    await screen.findByRole('heading', { level: 1, name: 'Claim of Nina Simone' });
    // Act
    await user.click(screen.getByRole('radio', { name: 'Approve' }));
    await user.type(screen.getByLabelText(/Reason/), 'Approved');
    await user.click(screen.getByRole('button', { name: 'Change status' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Change status' }),
    );
    // Assess
    expect(await screen.findByText(message)).toBeTruthy();
    expect(logged).toHaveBeenCalledWith('Claim decision failed', expect.anything());
  });

  it('offers to release what is still held for a successful claim, and verifies a pending claim by hand', async () => {
    // Prepare
    let current = detail({ status: 'Successful', allowedStatuses: ['Deleted'] });
    const api = stubApi({
      'GET /api/admin/profile': succeed(profile),
      'GET /api/admin/claims/claim-1': () => succeed(current),
      'PATCH /api/admin/claims/claim-1/status': () => {
        current = detail({
          status: 'Successful',
          allowedStatuses: ['Deleted'],
          heldEarnings: { lots: 0, cents: 0 },
        });
        return succeed({ ...current, release: { releasedLots: 3, releasedCents: 1061, fansMailed: 0 } });
      },
      'GET /api/admin/claims/claim-2': succeed(
        detail({ _id: 'claim-2', status: 'Pending', allowedStatuses: ['Verified', 'Rejected', 'Deleted'] }),
      ),
      'POST /api/admin/claims/claim-2/verify-bio': succeed({
        ...detail({ _id: 'claim-2', status: 'Verified' }),
        release: null,
      }),
    });
    const user = userEvent.setup();
    // Act
    const router = renderAt('/admin/claims/claim-1');
    await user.click(await screen.findByRole('button', { name: 'Release held earnings' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Release held earnings' }),
    );
    await screen.findByText(/went to the office/);
    await router.navigate('/admin/claims/claim-2');
    await user.click(await screen.findByRole('button', { name: 'I found the string' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'I found the string' }),
    );
    // Assess
    await waitFor(() => expect(api.sentTo('POST /api/admin/claims/claim-2/verify-bio')).toHaveLength(1));
    expect(api.sentTo('PATCH /api/admin/claims/claim-1/status').map((request) => request.body)).toEqual([
      { status: 'Successful', reason: 'Release of the held earnings' },
    ]);
    expect(api.sentTo('POST /api/admin/claims/claim-2/verify-bio')[0]?.body).toEqual({
      manualVerification: true,
    });
    expect(await screen.findByText('The claim is now verified.')).toBeTruthy();
  });
});
