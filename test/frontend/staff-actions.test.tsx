// Staff's actions with a reason (decision 043): on the office page, removing the Stripe connection in a dialog that
// needs the reason and the office's name typed, and inviting a new admin when the office has none; on the fan page, a
// refund per payment with its amount, reason and what will happen; and the audit log with its filters and pages.
// The API is faked at fetch, as the browser would reach it.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StaffAuditEntry } from '../../functions/contracts/admin-audit';
import type { StaffFanDetail, StaffOfficeDetail } from '../../functions/contracts/admin-people';
import type { SentRequest } from '../support/auth-api-stub';
import { fail, stubApi, succeed } from '../support/auth-api-stub';
import { csvLines, watchDownloads } from '../support/csv-downloads';
import { renderAt } from '../support/fan-screens';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const profile = { id: 'staff-1', email: 'staff@openpie.example', role: 'admin' };
const queryOf = (request: SentRequest) => Object.fromEntries(new URLSearchParams(request.search));
const createdAt = '2026-11-01T00:00:00.000Z';

function officeDetail(overrides: Partial<StaffOfficeDetail> = {}): StaffOfficeDetail {
  return {
    _id: 'office-1',
    name: 'Harbour Records',
    type: 'Label',
    memberCount: 1,
    createdAt,
    updatedAt: createdAt,
    connect: 'ready',
    members: [{ userId: 'user-1', email: 'ada@example.com', role: 'admin', joinedAt: createdAt }],
    claims: [],
    funds: { availableCents: 0, inFlightCents: 0, paidOutCents: 0, minimumCents: 1000 },
    payouts: [],
    connectAccount: {
      accountId: 'acct_1',
      chargesEnabled: true,
      payoutsEnabled: true,
      detailsSubmitted: true,
      currentlyDue: [],
      disabledReason: null,
      checkedAt: createdAt,
    },
    ...overrides,
  };
}

function entry(index: number, overrides: Partial<StaffAuditEntry> = {}): StaffAuditEntry {
  return {
    id: `entry-${index}`,
    at: '2026-11-20T10:00:00.000Z',
    actor: { id: 'staff-1', email: 'staff@openpie.example' },
    action: 'office-stripe-connection-removed',
    target: { type: 'office', id: 'office-1' },
    before: { stripeAccountId: 'acct_1' },
    after: { stripeAccountId: null },
    reason: `Reason ${index}`,
    ...overrides,
  };
}

describe('the staff office page', () => {
  it('removes the Stripe connection only with a reason and the office’s name typed exactly', async () => {
    // Prepare
    const user = userEvent.setup();
    let connected = true;
    const api = stubApi({
      'GET /api/admin/profile': succeed(profile),
      'GET /api/admin/offices/office-1': () =>
        succeed(
          connected
            ? officeDetail()
            : officeDetail({
                connect: 'not_started',
                connectAccount: { ...officeDetail().connectAccount, accountId: null },
              }),
        ),
      'DELETE /api/admin/offices/office-1/stripe-connection': () => {
        connected = false;
        return succeed({ removedAccountId: 'acct_1', entry: entry(1) });
      },
    });
    renderAt('/admin/offices/office-1');
    // Act: open the dialog and type the name in the wrong case first
    await user.click(await screen.findByRole('button', { name: 'Remove Stripe connection' }));
    // The dialog is named by its heading (axe: aria-dialog-name)
    const dialog = await screen.findByRole('dialog', { name: 'Remove the Stripe connection' });
    const confirm = within(dialog).getByRole('button', { name: 'Remove the connection' });
    await user.type(within(dialog).getByLabelText(/Type the office's name/), 'harbour records');
    // Assess: not yet
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    // Act: the exact name, then submit without a reason
    const nameField = within(dialog).getByLabelText(/Type the office's name/);
    await user.clear(nameField);
    await user.type(nameField, 'Harbour Records');
    await user.click(confirm);
    // Assess: the reason is required, nothing sent
    expect(await within(dialog).findByText('Say why you are doing this')).toBeTruthy();
    expect(api.sentTo('DELETE /api/admin/offices/office-1/stripe-connection')).toHaveLength(0);
    // Act
    await user.type(within(dialog).getByLabelText(/Reason/), 'The office asked for a new bank');
    await user.click(confirm);
    // Assess
    expect(await screen.findByText(/The Stripe connection acct_1 was removed/)).toBeTruthy();
    expect(api.sentTo('DELETE /api/admin/offices/office-1/stripe-connection')[0]?.body).toEqual({
      reason: 'The office asked for a new bank',
      confirmation: 'Harbour Records',
    });
    await waitFor(() => expect(screen.getByText('The office has no Stripe connection.')).toBeTruthy());
  });

  it('offers to invite a new admin only when the office has none, and shows the server’s refusal', async () => {
    // Prepare
    const user = userEvent.setup();
    const api = stubApi({
      'GET /api/admin/profile': succeed(profile),
      'GET /api/admin/offices/office-1': succeed(
        officeDetail({
          members: [{ userId: 'user-1', email: 'ada@example.com', role: 'member', joinedAt: createdAt }],
        }),
      ),
      'POST /api/admin/offices/office-1/admin-invitation': fail(
        409,
        'office_has_admin',
        'This office has an admin: its admins invite new members themselves.',
      ),
    });
    renderAt('/admin/offices/office-1');
    // Act
    await user.type(await screen.findByLabelText(/E-mail of the new admin/), 'new@example.com');
    await user.type(screen.getAllByLabelText(/Reason/)[0] as HTMLElement, 'The last admin left');
    await user.click(screen.getByRole('button', { name: 'Invite a new admin' }));
    // Assess
    expect(await screen.findByText(/This office has an admin/)).toBeTruthy();
    expect(api.sentTo('POST /api/admin/offices/office-1/admin-invitation')[0]?.body).toEqual({
      email: 'new@example.com',
      reason: 'The last admin left',
    });
  });

  it('does not offer the invitation when the office has an admin', async () => {
    // Prepare
    stubApi({
      'GET /api/admin/profile': succeed(profile),
      'GET /api/admin/offices/office-1': succeed(officeDetail()),
    });
    // Act
    renderAt('/admin/offices/office-1');
    // Assess
    expect(await screen.findByRole('button', { name: 'Remove Stripe connection' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Invite a new admin' })).toBeNull();
  });
});

describe('the staff fan page', () => {
  const fan: StaffFanDetail = {
    _id: 'fan-1',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    status: 'active',
    createdAt,
    deletedAt: null,
    spentCents: 2000,
    payments: 1,
    activePie: true,
    usedPromotion: false,
    walletBalanceCents: 0,
    pies: [],
    paymentList: [
      {
        transactionId: 'tx-1',
        pieId: 'pie-1',
        invoiceId: 'in_1',
        chargeId: 'ch_1',
        grossCents: 2000,
        at: createdAt,
      },
    ],
    refunds: [
      {
        refundId: 're_0',
        chargeId: 'ch_1',
        pieId: 'pie-1',
        amountCents: 500,
        status: 'succeeded',
        createdAt,
        transactionId: 'tx-r0',
      },
    ],
    disputes: [],
    listening: { days: 30, msPlayed: 0, plays: 0, daysListened: 0, topArtists: [] },
  };

  it('refunds part of a payment with a reason, saying what will happen, with one request id', async () => {
    // Prepare
    const user = userEvent.setup();
    const api = stubApi({
      'GET /api/admin/profile': succeed(profile),
      'GET /api/admin/fans/fan-1': succeed(fan),
      'POST /api/admin/fans/fan-1/payments/tx-1/refund': succeed({
        refundId: 're_1',
        chargeId: 'ch_1',
        amountCents: 250,
        status: 'succeeded',
        entry: entry(2, { action: 'payment-refunded' }),
      }),
    });
    renderAt('/admin/fans/fan-1');
    // Act
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog');
    const amount = within(dialog).getByLabelText(/Amount to refund/);
    // Assess: all that is left is offered
    expect((amount as HTMLInputElement).value).toBe('15.00');
    expect(within(dialog).getByText(/Stripe will give \$15\.00 back to Ada Lovelace's card/)).toBeTruthy();
    // Act
    await user.clear(amount);
    await user.type(amount, '2.5');
    await user.type(within(dialog).getByLabelText(/Reason/), 'Charged for a day too many');
    await user.click(within(dialog).getByRole('button', { name: 'Refund $2.50' }));
    // Assess
    expect(await screen.findByText(/Stripe is refunding \$2\.50 \(re_1\)/)).toBeTruthy();
    const [sent] = api.sentTo('POST /api/admin/fans/fan-1/payments/tx-1/refund');
    expect(sent?.body).toEqual({
      amountCents: 250,
      reason: 'Charged for a day too many',
      requestId: expect.any(String) as unknown,
    });
  });
});

describe('the audit log', () => {
  it('lists entries with what changed (before → after) and the reason, filters by action and pages', async () => {
    // Prepare
    const user = userEvent.setup();
    const api = stubApi({
      'GET /api/admin/profile': succeed(profile),
      'GET /api/admin/audit': (request) => {
        const query = queryOf(request);
        const page = Number(query['page']);
        const rows = [entry(page, query['action'] ? { action: query['action'] } : {})];
        return {
          body: { success: true, data: rows, pagination: { page, limit: 10, total: 12, pages: 2 } },
        };
      },
    });
    renderAt('/admin/audit');
    // Assess: the first page
    expect(await screen.findByRole('heading', { level: 1, name: 'Audit log' })).toBeTruthy();
    expect(await screen.findByText('Reason 1')).toBeTruthy();
    expect(screen.getAllByText('Stripe connection removed').length).toBeGreaterThan(0);
    // The change, field by field: what the connection was, and that it became none
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toContain(
      'stripeAccountId: acct_1 → none',
    );
    // Act: filter, then the next page
    await user.selectOptions(screen.getByLabelText('Action'), 'payment-refunded');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() =>
      expect(
        api
          .sentTo('GET /api/admin/audit')
          .some((request) => queryOf(request)['action'] === 'payment-refunded'),
      ).toBe(true),
    );
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    // Assess
    expect(await screen.findByText('Reason 2')).toBeTruthy();
    expect(queryOf(api.sent.at(-1) as SentRequest)).toMatchObject({ page: '2', action: 'payment-refunded' });
  });

  it('downloads every entry the filters on screen match as CSV, 100 a call, page after page', async () => {
    // Prepare: 130 refunds match; everything else is one other entry.
    const refunds = Array.from({ length: 130 }, (_, index) =>
      entry(index + 1, {
        action: 'payment-refunded',
        reason: index === 0 ? 'Charged twice, "by mistake"' : 'Refund',
      }),
    );
    const api = stubApi({
      'GET /api/admin/profile': succeed(profile),
      'GET /api/admin/audit': (request) => {
        const query = queryOf(request);
        const page = Number(query['page']);
        const limit = Number(query['limit']);
        const found = query['action'] === 'payment-refunded' ? refunds : [entry(999)];
        return {
          body: {
            success: true,
            data: found.slice((page - 1) * limit, page * limit),
            pagination: { page, limit, total: found.length, pages: Math.ceil(found.length / limit) },
          },
        };
      },
    });
    const downloads = watchDownloads();
    const user = userEvent.setup();
    renderAt('/admin/audit');
    await screen.findByText('Reason 999');
    await user.selectOptions(screen.getByLabelText('Action'), 'payment-refunded');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await screen.findByText('Charged twice, "by mistake"');
    // Act
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    // Assess
    await waitFor(() => expect(downloads.names()).toEqual(['openpie-audit-log.csv']));
    expect(
      api
        .sentTo('GET /api/admin/audit')
        .map(queryOf)
        .filter((query) => query['limit'] === '100'),
    ).toEqual([
      { page: '1', limit: '100', action: 'payment-refunded' },
      { page: '2', limit: '100', action: 'payment-refunded' },
    ]);
    const [csv = ''] = await downloads.texts();
    const lines = csvLines(csv);
    expect(lines).toHaveLength(131);
    expect(lines[0]).toBe('at,actor_id,actor_email,action,target_type,target_id,before,after,reason');
    expect(lines[1]).toBe(
      '2026-11-20T10:00:00.000Z,staff-1,staff@openpie.example,payment-refunded,office,office-1,' +
        '"{""stripeAccountId"":""acct_1""}","{""stripeAccountId"":null}","Charged twice, ""by mistake"""',
    );
  });

  it('is in the admin sections', async () => {
    // Prepare
    stubApi({
      'GET /api/admin/profile': succeed(profile),
      'GET /api/admin/audit': {
        body: { success: true, data: [], pagination: { page: 1, limit: 10, total: 0, pages: 0 } },
      },
    });
    // Act
    renderAt('/admin/audit');
    // Assess
    const nav = await screen.findByRole('navigation', { name: 'Admin sections' });
    expect(within(nav).getByRole('link', { name: 'Audit log' }).getAttribute('href')).toBe('/admin/audit');
    expect(await screen.findByText('No staff action matches these filters.')).toBeTruthy();
  });
});
