// Staff's ledger drill-down (decision 039): from a fan's refund to its whole transaction, its Stripe refund and the
// pie's receipt; an account's balance and entries a page at a time; the platform's accounts; the transaction page
// when Stripe did not answer; the links from an office's payable and the fan's wallet. The API is faked at fetch, as
// the browser would reach it.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type {
  StaffLedgerAccountPage,
  StaffLedgerTransaction,
  StaffPieReceipt,
} from '../../functions/contracts/admin-ledger';
import type { StaffFanDetail, StaffOfficeDetail } from '../../functions/contracts/admin-people';
import { fail, stubApi, succeed } from '../support/auth-api-stub';
import { csvLines, watchDownloads } from '../support/csv-downloads';
import { renderAt } from '../support/fan-screens';
import { makeDetail, makeStats } from '../support/pie-split-fixtures';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const profile = { id: 'staff-1', email: 'staff@openpie.example', role: 'admin' };
// Three screens and a receipt chart on a shared machine.
const slow = { timeout: 20_000 };

const noOwner = { fanId: null, officeId: null, pieId: null, artistId: null };

const fan: StaffFanDetail = {
  _id: 'fan-3',
  name: 'Refunded Fan',
  email: 'refunded@example.com',
  status: 'active',
  createdAt: '2026-10-01T10:00:00.000Z',
  deletedAt: null,
  spentCents: 1000,
  payments: 1,
  activePie: false,
  usedPromotion: false,
  walletBalanceCents: 0,
  pies: [
    {
      _id: 'pie_1',
      promo: false,
      status: 'split',
      inactiveReason: null,
      periodStart: '2026-10-25T10:00:00.000Z',
      periodEnd: '2026-11-24T10:00:00.000Z',
      amountCents: 1000,
      processingFeeCents: 59,
      platformFeeCents: 0,
    },
  ],
  paymentList: [
    {
      transactionId: 'tx-payment',
      pieId: 'pie_1',
      invoiceId: 'in_1',
      chargeId: 'ch_1',
      grossCents: 1000,
      at: '2026-10-25T10:00:00.000Z',
    },
  ],
  refunds: [
    {
      refundId: 're_1',
      chargeId: 'ch_1',
      pieId: 'pie_1',
      amountCents: 500,
      status: 'succeeded',
      createdAt: '2026-11-25T10:00:00.000Z',
      transactionId: 'tx-refund',
    },
  ],
  disputes: [],
  listening: { days: 30, msPlayed: 0, plays: 0, daysListened: 0, topArtists: [] },
};

function refundTransaction(stripe: Partial<StaffLedgerTransaction['stripe']> = {}): StaffLedgerTransaction {
  return {
    transactionId: 'tx-refund',
    kind: 'refund',
    at: '2026-11-25T10:00:01.000Z',
    idempotencyKey: 'refund:re_1',
    status: 'complete',
    lines: [
      {
        account: {
          accountId: 'artist-name-earnings:ledger band',
          type: 'artist-name-earnings',
          owner: 'ledger band',
          ownerKind: 'artist-name',
          ...noOwner,
        },
        amountCents: -375,
      },
      {
        account: {
          accountId: 'artist-name-earnings:ledger duo',
          type: 'artist-name-earnings',
          owner: 'ledger duo',
          ownerKind: 'artist-name',
          ...noOwner,
        },
        amountCents: -125,
      },
      {
        account: {
          accountId: 'stripe-clearing:platform',
          type: 'stripe-clearing',
          owner: 'platform',
          ownerKind: 'platform',
          ...noOwner,
        },
        amountCents: 500,
      },
    ],
    references: { refundId: 're_1', chargeId: 'ch_1', pieId: 'pie_1' },
    belongsTo: {
      pieId: 'pie_1',
      fanId: 'fan-3',
      claimId: null,
      officeId: null,
      payoutId: null,
      artistId: null,
    },
    reverses: null,
    reversedBy: null,
    stripe: {
      state: 'found',
      type: 'refund',
      id: 're_1',
      object: {
        type: 'refund',
        id: 're_1',
        amountCents: 500,
        currency: 'usd',
        status: 'succeeded',
        feeCents: 0,
        createdAt: '2026-11-25T10:00:00.000Z',
        dashboardUrl: null,
      },
      message: 'The refund re_1, as Stripe has it now.',
      ...stripe,
    },
  };
}

function pieReceipt(): StaffPieReceipt {
  const stats = makeStats([{ id: 'art-1', name: 'Aurora Lane', ms: 3_600_000, cents: 441 }], {
    periodStart: '2026-10-25T10:00:00.000Z',
    periodEnd: '2026-11-24T10:00:00.000Z',
  });
  return {
    pieId: 'pie_1',
    fanId: 'fan-3',
    detail: makeDetail(stats, {
      outcome: 'split',
      splitAt: '2026-11-24T11:00:00.000Z',
      allocatedCents: 941,
      keptInWalletCents: 0,
      transactionId: 'tx-split',
      held: { artistCount: 1, cents: 441, returnsOn: '2027-11-24' },
      returnedCents: 0,
      releasedCents: 0,
      lots: [],
      takeBacks: [
        {
          kind: 'refund',
          at: '2026-11-25T10:00:01.000Z',
          amountCents: 500,
          fromWalletCents: 0,
          fromHeldCents: 500,
          coveredByOpenPieCents: 0,
          reinstated: false,
        },
      ],
    }),
  };
}

function accountPage(cursor: string | null): StaffLedgerAccountPage {
  const entry = (n: number) => ({
    transactionId: `tx-${n}`,
    kind: n === 1 ? 'refund' : 'split',
    amountCents: n === 1 ? -500 : 941,
    at: `2026-11-2${n}T10:00:00.000Z`,
  });
  return {
    account: {
      accountId: 'pie-funds:pie_1',
      type: 'pie-funds',
      owner: 'pie_1',
      ownerKind: 'pie',
      fanId: 'fan-3',
      officeId: null,
      pieId: 'pie_1',
      artistId: null,
    },
    balanceCents: 441,
    entries: cursor ? [entry(1)] : [entry(5), entry(4)],
    nextCursor: cursor ? null : 'older',
  };
}

describe('the staff ledger drill-down', () => {
  it('follows a fan’s refund to its transaction, its Stripe refund and the pie’s receipt', slow, async () => {
    // Prepare
    stubApi({
      'GET /api/admin/profile': succeed(profile),
      'GET /api/admin/fans/fan-3': succeed(fan),
      'GET /api/admin/ledger/transactions/tx-refund': succeed(refundTransaction()),
      'GET /api/admin/ledger/pies/pie_1': succeed(pieReceipt()),
    });
    const user = userEvent.setup();
    // Act
    renderAt('/admin/fans/fan-3');
    await screen.findByRole('heading', { level: 1, name: 'Refunded Fan' }, { timeout: 5000 });
    await user.click(await screen.findByRole('link', { name: 'Booked: the transaction' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Refund' }, { timeout: 5000 });
    const lines = screen.getByRole('table', { name: /Every line of the transaction/ });
    const stripe = screen.getByRole('region', { name: 'At Stripe' });
    // Assess: every line with its account and amount, summing to zero; the Stripe refund's id, amount, status, fee
    expect(heading).toBeTruthy();
    expect(
      within(lines).getAllByRole('link', { name: 'Held for an artist known only by name' }),
    ).toHaveLength(2);
    expect(
      within(lines).getByRole('link', { name: 'Stripe clearing (money at Stripe)' }).getAttribute('href'),
    ).toBe('/admin/ledger/accounts/stripe-clearing%3Aplatform');
    expect(within(lines).getByText('−$3.75')).toBeTruthy();
    expect(within(lines).getByText('+$5.00')).toBeTruthy();
    expect(within(lines).getByRole('rowheader', { name: 'Sum' }).nextElementSibling?.textContent).toBe(
      '$0.00',
    );
    expect(within(stripe).getByText('re_1')).toBeTruthy();
    expect(within(stripe).getByText('$5.00')).toBeTruthy();
    expect(within(stripe).getByText('succeeded')).toBeTruthy();
    expect(within(stripe).queryByRole('link', { name: /Stripe’s dashboard/ })).toBeNull();
    // The pie's receipt, as its fan reads it
    await user.click(screen.getByRole('link', { name: 'The pie’s receipt' }));
    await screen.findByRole('heading', { level: 1, name: 'Pie receipt' }, { timeout: 5000 });
    expect(await screen.findByText(/Refunded to your card/, {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'The fan’s page' }).getAttribute('href')).toBe(
      '/admin/fans/fan-3',
    );
  });

  it('still shows the transaction when Stripe did not answer, says so, and asks again', async () => {
    // Prepare
    const api = stubApi({
      'GET /api/admin/profile': succeed(profile),
      'GET /api/admin/ledger/transactions/tx-refund': succeed(
        refundTransaction({
          state: 'unavailable',
          object: null,
          message: 'Stripe did not answer, so the refund re_1 is not shown.',
        }),
      ),
    });
    const user = userEvent.setup();
    // Act
    renderAt('/admin/ledger/transactions/tx-refund');
    const alert = await screen.findByRole('alert');
    await user.click(screen.getByRole('button', { name: 'Ask Stripe again' }));
    // Assess
    expect(alert.textContent).toMatch(/Stripe did not answer/);
    expect(screen.getByRole('table', { name: /Every line/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: '← Platform accounts' }).getAttribute('href')).toBe(
      '/admin/ledger',
    );
    await vi.waitFor(() =>
      expect(api.sentTo('GET /api/admin/ledger/transactions/tx-refund')).toHaveLength(2),
    );
  });

  it('shows an account’s balance and its entries newest first, a page at a time', async () => {
    // Prepare
    const api = stubApi({
      'GET /api/admin/profile': succeed(profile),
      'GET /api/admin/ledger/accounts/pie-funds%3Apie_1': (request) =>
        succeed(accountPage(new URLSearchParams(request.search).get('cursor'))),
    });
    const user = userEvent.setup();
    // Act
    renderAt('/admin/ledger/accounts/pie-funds%3Apie_1');
    await screen.findByRole('heading', { level: 1, name: 'A pie’s money in the fan’s wallet' });
    const firstPage = screen.getAllByRole('row').length;
    await user.click(screen.getByRole('button', { name: 'Older entries' }));
    await screen.findByText('−$5.00');
    // Assess
    expect(firstPage).toBe(3);
    expect(screen.getByText('$4.41')).toBeTruthy();
    expect(screen.getByRole('link', { name: '← Platform accounts' }).getAttribute('href')).toBe(
      '/admin/ledger',
    );
    expect(screen.getByRole('link', { name: 'The pie’s receipt' }).getAttribute('href')).toBe(
      '/admin/ledger/pies/pie_1',
    );
    expect(screen.getByRole('button', { name: 'Older entries' })).toHaveProperty('disabled', true);
    expect(api.sentTo('GET /api/admin/ledger/accounts/pie-funds%3Apie_1').map((r) => r.search)).toEqual([
      '?limit=25',
      '?limit=25&cursor=older',
    ]);
  });

  it('downloads every entry of the account as CSV, following the cursor 100 entries a call', async () => {
    // Prepare: 230 entries, newest first; the screen shows the newest 25, the CSV reads them all.
    const entries = Array.from({ length: 230 }, (_, index) => ({
      transactionId: `tx-${230 - index}`,
      kind: index % 2 === 0 ? 'split' : 'refund',
      amountCents: index % 2 === 0 ? 941 : -5,
      at: new Date(Date.UTC(2026, 10, 25, 10) - index * 60_000).toISOString(),
    }));
    const api = stubApi({
      'GET /api/admin/profile': succeed(profile),
      'GET /api/admin/ledger/accounts/pie-funds%3Apie_1': (request) => {
        const query = new URLSearchParams(request.search);
        const from = Number(query.get('cursor') ?? '0');
        const limit = Number(query.get('limit'));
        const next = from + limit < entries.length ? String(from + limit) : null;
        return succeed({
          ...accountPage(null),
          entries: entries.slice(from, from + limit),
          nextCursor: next,
        });
      },
    });
    const downloads = watchDownloads();
    const user = userEvent.setup();
    renderAt('/admin/ledger/accounts/pie-funds%3Apie_1');
    await screen.findByRole('heading', { level: 1, name: 'A pie’s money in the fan’s wallet' });
    // Act
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    // Assess
    expect(await screen.findByText('Downloaded 230 rows.')).toBeTruthy();
    expect(
      api
        .sentTo('GET /api/admin/ledger/accounts/pie-funds%3Apie_1')
        .map((request) => request.search)
        .filter((search) => search.includes('limit=100')),
    ).toEqual(['?limit=100', '?limit=100&cursor=100', '?limit=100&cursor=200']);
    expect(downloads.names()).toEqual(['openpie-ledger-pie-funds-pie_1.csv']);
    const [csv = ''] = await downloads.texts();
    const lines = csvLines(csv);
    expect(lines).toHaveLength(231);
    expect(lines[0]).toBe('account_id,at,transaction_id,kind,amount_cents,amount_dollars');
    expect(lines[1]).toBe('pie-funds:pie_1,2026-11-25T10:00:00.000Z,tx-230,split,941,9.41');
    expect(lines[2]).toBe('pie-funds:pie_1,2026-11-25T09:59:00.000Z,tx-229,refund,-5,-0.05');
    expect(lines.slice(1).map((line) => line.split(',')[2])).toEqual(
      entries.map((entry) => entry.transactionId),
    );
  });

  it('says why the account’s CSV could not be made when a page fails, and downloads nothing', async () => {
    // Prepare: the CSV's second call fails.
    stubApi({
      'GET /api/admin/profile': succeed(profile),
      'GET /api/admin/ledger/accounts/pie-funds%3Apie_1': (request) =>
        new URLSearchParams(request.search).get('cursor') === 'older'
          ? fail(503, 'unavailable', 'The ledger is busy. Please try again.')
          : succeed(accountPage(null)),
    });
    const downloads = watchDownloads();
    const user = userEvent.setup();
    renderAt('/admin/ledger/accounts/pie-funds%3Apie_1');
    await screen.findByRole('heading', { level: 1, name: 'A pie’s money in the fan’s wallet' });
    // Act
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    // Assess
    expect(await screen.findByText('The ledger is busy. Please try again.')).toBeTruthy();
    expect(await downloads.texts()).toEqual([]);
  });

  it('says no money moved through an account it does not know', async () => {
    // Prepare
    stubApi({
      'GET /api/admin/profile': succeed(profile),
      'GET /api/admin/ledger/accounts/fan-wallet%3Anobody': fail(
        404,
        'not_found',
        'There is no such ledger account.',
      ),
    });
    // Act
    renderAt('/admin/ledger/accounts/fan-wallet%3Anobody');
    // Assess
    expect(
      await screen.findByRole('heading', { level: 1, name: 'No money has moved through this account.' }),
    ).toBeTruthy();
  });

  it('lists the platform’s accounts, each a link to its entries, with no way back to the list it is', async () => {
    // Prepare
    stubApi({
      'GET /api/admin/profile': succeed(profile),
      'GET /api/admin/ledger/platform-accounts': succeed([
        { accountId: 'stripe-clearing:platform', type: 'stripe-clearing', balanceCents: -1000 },
        { accountId: 'processing-fees:platform', type: 'processing-fees', balanceCents: 59 },
      ]),
    });
    // Act
    renderAt('/admin/ledger');
    const table = await screen.findByRole('table', { name: /OpenPie’s accounts/ });
    // Assess
    expect(within(table).getByRole('link', { name: 'Stripe’s fees' }).getAttribute('href')).toBe(
      '/admin/ledger/accounts/processing-fees%3Aplatform',
    );
    expect(within(table).getByText('$0.59')).toBeTruthy();
    // A balance below zero carries the same true minus as the account's entries, not a hyphen.
    expect(within(table).getByText('−$10.00')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Platform accounts/ })).toBeNull();
  });

  it('links the balances of a fan’s wallet and an office’s money to their accounts', async () => {
    // Prepare
    const office: StaffOfficeDetail = {
      _id: 'office-1',
      name: 'Harbour Records',
      type: 'Label',
      memberCount: 0,
      createdAt: '2026-11-01T00:00:00.000Z',
      connect: 'in_progress',
      updatedAt: '2026-11-01T00:00:00.000Z',
      members: [],
      claims: [],
      funds: { availableCents: 700, inFlightCents: 0, paidOutCents: 1200, minimumCents: 1000 },
      payouts: [],
      connectAccount: {
        accountId: 'acct_1',
        chargesEnabled: false,
        payoutsEnabled: false,
        detailsSubmitted: true,
        currentlyDue: [],
        disabledReason: null,
        checkedAt: '2026-11-01T00:00:00.000Z',
      },
    };
    stubApi({
      'GET /api/admin/profile': succeed(profile),
      'GET /api/admin/fans/fan-3': succeed(fan),
      'GET /api/admin/offices/office-1': succeed(office),
    });
    // Act
    const router = renderAt('/admin/fans/fan-3');
    const wallet = await screen.findByRole('link', { name: 'Wallet credit' });
    const pieMoney = screen.getByRole('link', { name: /^Pie of / });
    const payment = screen.getByRole('link', { name: 'tx-payment' });
    await router.navigate('/admin/offices/office-1');
    const payable = await screen.findByRole('link', { name: '$7.00' });
    // Assess
    expect(wallet.getAttribute('href')).toBe('/admin/ledger/accounts/fan-wallet%3Afan-3');
    expect(pieMoney.getAttribute('href')).toBe('/admin/ledger/accounts/pie-funds%3Apie_1');
    expect(payment.getAttribute('href')).toBe('/admin/ledger/transactions/tx-payment');
    expect(payable.getAttribute('href')).toBe('/admin/ledger/accounts/office-payable%3Aoffice-1');
  });
});
