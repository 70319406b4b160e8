// The money on the funds screen (decision 029): the balances, "Request a payout" showing its fees
// before the admin confirms and refreshing the payouts, transactions and balances after (SPEC §7's effect), the
// transactions' filter and pages, an accountant without the request, and the payout and transaction screens. The API
// is faked at fetch, as the browser would reach it.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FundsScreen, PayoutDetailScreen, TransactionDetailScreen } from '../../frontend/src/features/funds';
import {
  connectAccountFixture,
  officeFixture,
  readyConnectAccount,
  stubArtistApi,
  success,
} from '../support/artist-api-stub';
import { renderScreenAt } from '../support/artist-screens';
import { expectStacksOnPhones } from '../support/stacked-table';

const payout = (overrides: Record<string, unknown> = {}) => ({
  id: 'payout-1',
  officeId: 'office-1',
  status: 'in_progress',
  amountCents: 10_000,
  payoutFeeCents: 50,
  monthlyFeeCents: 200,
  feesCents: 250,
  netCents: 9750,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  arrivalDate: '2026-11-22T10:00:00.000Z',
  completedAt: null,
  failureReason: null,
  transferId: 'tr_1',
  stripePayoutId: 'po_1',
  transactionId: 'tx-payout-1',
  ...overrides,
});

const line = (id: string, kind: string, amountCents: number, description: string) => ({
  id,
  kind,
  description,
  amountCents,
  at: '2026-11-20T10:00:00.000Z',
  payoutId: kind === 'payout' ? 'payout-1' : null,
  artistId: kind === 'earnings' ? 'artist-9' : null,
});

/** An office with $100.00 to pay out, one earnings line and one payout; state changes after a payout request. */
function stubOffice(role: 'admin' | 'accountant') {
  let paid = false;
  return stubArtistApi(({ method, path, search }) => {
    if (method === 'GET' && path === '/api/for-artists/offices') {
      return success([officeFixture(role, { members: [] })]);
    }
    if (
      path.startsWith('/api/for-artists/stripe/') &&
      search.get('officeId') !== 'office-1' &&
      method === 'GET'
    ) {
      return undefined;
    }
    switch (`${method} ${path}`) {
      case 'GET /api/for-artists/stripe/account-status':
        return success(connectAccountFixture({ ...readyConnectAccount, canManage: role === 'admin' }));
      case 'GET /api/for-artists/stripe/wallet-balance':
        return success({
          availableCents: paid ? 0 : 10_000,
          inFlightCents: paid ? 9750 : 0,
          paidOutCents: 0,
          minimumCents: 1000,
        });
      case 'GET /api/for-artists/stripe/connected-account-balance':
        return success({ hasAccount: true, availableCents: 0, pendingCents: 0 });
      case 'GET /api/for-artists/stripe/check-monthly-fee':
        return success({
          month: '2026-11',
          monthlyFeePaid: false,
          monthlyFeeCents: 200,
          payableCents: paid ? 0 : 10_000,
          minimumCents: 1000,
          preview: paid
            ? null
            : {
                amountCents: 10_000,
                payoutFeeCents: 50,
                monthlyFeeCents: 200,
                feesCents: 250,
                netCents: 9750,
              },
          blockedBy: paid ? 'below_minimum' : null,
        });
      case 'GET /api/for-artists/stripe/payouts':
        return success({ data: paid ? [payout()] : [], total: { totalCents: 0, count: 0 } });
      case 'GET /api/for-artists/stripe/transactions': {
        const all = [line('tx-earn-1', 'earnings', 10_000, "Fans' earnings released to the office")];
        const page = Number(search.get('page'));
        const filter = search.get('filter');
        const rows = filter === 'payout' ? [] : all;
        return success(rows, {
          pagination: { page, limit: 10, total: rows.length === 0 ? 0 : 12, pages: 2 },
        });
      }
      case 'POST /api/for-artists/stripe/create-payout':
        paid = true;
        return success(payout());
      default:
        return undefined;
    }
  });
}

function renderAt(path: string) {
  renderScreenAt(
    path,
    <Routes>
      <Route path="/for-artists/funds" element={<FundsScreen />} />
      <Route path="/for-artists/funds/payouts/:id" element={<PayoutDetailScreen />} />
      <Route path="/for-artists/funds/transactions/:id" element={<TransactionDetailScreen />} />
    </Routes>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the money on the funds screen', () => {
  it('shows the fees before the admin confirms a payout, then requests it and refreshes the money', async () => {
    // Prepare
    const calls = stubOffice('admin');
    renderAt('/for-artists/funds');
    const request = await screen.findByRole('button', { name: 'Request a payout' });
    await waitFor(() => expect((request as HTMLButtonElement).disabled).toBe(false));
    expect(screen.getByText('Ready to pay out').nextSibling?.textContent).toBe('$100.00');
    // Act: open the confirmation
    await userEvent.click(request);
    // Assess: the fees, before anything is requested
    const dialog = await screen.findByRole('dialog', { name: 'Request a payout' });
    const fees = within(dialog);
    expect(fees.getByText('Stripe payout fee (0.25% + $0.25)').nextSibling?.textContent).toBe('−$0.50');
    expect(fees.getByText('Stripe monthly active-account fee (once a month)').nextSibling?.textContent).toBe(
      '−$2.00',
    );
    expect(fees.getByText('You receive').nextSibling?.textContent).toBe('$97.50');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    const payoutReadsBefore = calls.filter((call) => call.path === '/api/for-artists/stripe/payouts').length;
    // Act: confirm
    await userEvent.click(fees.getByRole('button', { name: 'Confirm payout' }));
    // Assess
    expect(
      await screen.findByText('Payout of $97.50 requested. It usually reaches your bank in 2 business days.'),
    ).toBeTruthy();
    const posted = calls.filter((call) => call.method === 'POST');
    expect(posted.map((call) => [call.path, call.body])).toEqual([
      ['/api/for-artists/stripe/create-payout', { officeId: 'office-1' }],
    ]);
    expect(await screen.findByRole('link', { name: 'Nov 20, 2026' })).toBeTruthy();
    expect(calls.filter((call) => call.path === '/api/for-artists/stripe/payouts').length).toBeGreaterThan(
      payoutReadsBefore,
    );
    expect(screen.getByText('On its way to your bank').nextSibling?.textContent).toBe('$97.50');
    expect(screen.getByText('Payouts start at $10.00.')).toBeTruthy();
  });

  it('filters the transactions and turns their pages', async () => {
    // Prepare
    const calls = stubOffice('accountant');
    renderAt('/for-artists/funds');
    expect(await screen.findByRole('link', { name: "Fans' earnings released to the office" })).toBeTruthy();
    // Act
    await userEvent.click(screen.getByRole('button', { name: /2/ }));
    await waitFor(() =>
      expect(
        calls.some((call) => call.path.endsWith('/transactions') && call.search.get('page') === '2'),
      ).toBe(true),
    );
    await userEvent.selectOptions(screen.getByLabelText('Show'), 'Payouts');
    // Assess
    expect(await screen.findByText('No transactions of this kind yet.')).toBeTruthy();
    const last = calls.filter((call) => call.path.endsWith('/transactions')).at(-1);
    expect(last?.search.get('filter')).toBe('payout');
    expect(last?.search.get('page')).toBe('1');
    expect(screen.queryByRole('button', { name: 'Request a payout' })).toBeNull();
    expect(screen.getByText('Only an admin of this office can request payouts.')).toBeTruthy();
  });

  it('shows one payout with its fees, dates and Stripe ids', async () => {
    // Prepare
    stubArtistApi(({ path, search }) => {
      if (path === '/api/for-artists/offices') {
        return success([officeFixture('admin', { members: [] })]);
      }
      if (path === '/api/for-artists/stripe/payout-details' && search.get('payoutId') === 'payout-1') {
        return success(payout({ status: 'completed', completedAt: '2026-11-22T10:00:00.000Z' }));
      }
      return undefined;
    });
    // Act
    renderAt('/for-artists/funds/payouts/payout-1?office=office-1');
    // Assess
    expect(await screen.findByText('Completed')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Payout' })).toBeTruthy();
    expect(screen.getByText('You receive').nextSibling?.textContent).toBe('$97.50');
    expect(screen.getByText('po_1')).toBeTruthy();
    expect(screen.getByText('Reached your bank')).toBeTruthy();
  });

  it('shows one transaction and where its money went, and says so when it is not the office’s', async () => {
    // Prepare
    stubArtistApi(({ path, search }) => {
      if (path === '/api/for-artists/offices') {
        return success([officeFixture('admin', { members: [] })]);
      }
      if (
        path === '/api/for-artists/stripe/transaction-details' &&
        search.get('transactionId') === 'tx-payout-1'
      ) {
        return success({
          ...line('tx-payout-1', 'payout', -10_000, 'Payout to the bank account'),
          postings: [
            { account: 'office-payable:office-1', amountCents: -10_000 },
            { account: 'connect-in-flight:office-1', amountCents: 9750 },
            { account: 'processing-fees:platform', amountCents: 250 },
          ],
          references: { payoutId: 'payout-1' },
        });
      }
      return undefined;
    });
    // Act
    renderAt('/for-artists/funds/transactions/tx-payout-1?office=office-1');
    // Assess
    const table = await screen.findByRole('table', { name: 'Where the money went' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual(['Your balance−$100.00', 'On its way to your bank$97.50', 'Stripe fees$2.50']);
    expect(screen.getByRole('link', { name: 'payout-1' }).getAttribute('href')).toBe(
      '/for-artists/funds/payouts/payout-1?office=office-1',
    );

    // Prepare: another office's transaction
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
    stubArtistApi(({ path }) =>
      path === '/api/for-artists/offices' ? success([officeFixture('admin', { members: [] })]) : undefined,
    );
    // Act
    renderAt('/for-artists/funds/transactions/tx-other?office=office-1');
    // Assess
    expect(await screen.findByText('There is no such transaction in this office.')).toBeTruthy();
  });

  it('says before a payout is sent that its fees take more than 5% and how much to wait for, and shows each payout’s amount, fees and net', async () => {
    // Prepare: $17.68 with the month's $2 fee: $2.29 of fees, $15.39 to the bank; the server says from $47.40 on.
    const fees = {
      amountCents: 1768,
      payoutFeeCents: 29,
      monthlyFeeCents: 200,
      feesCents: 229,
      netCents: 1539,
    };
    stubArtistApi(({ method, path }) => {
      if (method === 'GET' && path === '/api/for-artists/offices') {
        return success([officeFixture('admin', { members: [] })]);
      }
      switch (`${method} ${path}`) {
        case 'GET /api/for-artists/stripe/account-status':
          return success(connectAccountFixture(readyConnectAccount));
        case 'GET /api/for-artists/stripe/wallet-balance':
          return success({ availableCents: 1768, inFlightCents: 0, paidOutCents: 1539, minimumCents: 1000 });
        case 'GET /api/for-artists/stripe/connected-account-balance':
          return success({ hasAccount: false, availableCents: 0, pendingCents: 0 });
        case 'GET /api/for-artists/stripe/check-monthly-fee':
          return success({
            month: '2026-11',
            monthlyFeePaid: false,
            monthlyFeeCents: 200,
            payableCents: 1768,
            minimumCents: 1000,
            preview: fees,
            blockedBy: null,
            feeAdvice: { feesShareBasisPoints: 1296, worthWaitingForCents: 4740, moreToWaitForCents: 2972 },
          });
        case 'GET /api/for-artists/stripe/payouts':
          return success({
            data: [payout({ status: 'completed', ...fees })],
            total: { totalCents: 1539, count: 1 },
          });
        case 'GET /api/for-artists/stripe/transactions':
          return success(
            [{ ...line('tx-payout-1', 'payout', -1768, 'Payout to the bank account'), payout: fees }],
            {
              pagination: { page: 1, limit: 10, total: 1, pages: 1 },
            },
          );
        default:
          return undefined;
      }
    });
    renderAt('/for-artists/funds');
    const request = await screen.findByRole('button', { name: 'Request a payout' });
    await waitFor(() => expect((request as HTMLButtonElement).disabled).toBe(false));
    const warning =
      'The fees take 13% of this payout ($2.29 of $17.68). From $47.40 they take 5% or less: wait for $29.72 more to keep more of it.';
    // Act
    await userEvent.click(request);
    const dialog = await screen.findByRole('dialog', { name: 'Request a payout' });
    // Assess
    expect(screen.getAllByText(warning, { ignore: 'script' })).toHaveLength(2);
    expect(within(dialog).getByText(warning)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const transactions = await screen.findByRole('table', { name: 'Transactions of Night Owls Records' });
    const payoutLine = within(transactions).getAllByRole('row')[1];
    expect(payoutLine?.textContent).toContain('Payout to the bank account');
    expect(payoutLine?.textContent).toContain('$15.39 to your bank after $2.29 of fees');
    expect(payoutLine?.textContent).toContain('−$17.68');
    expectStacksOnPhones(transactions);
    const payouts = screen.getByRole('table', { name: 'Payouts of Night Owls Records' });
    expectStacksOnPhones(payouts);
    expect(
      within(payouts)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Requested', 'Status', 'Amount', 'Fees', 'Net']);
    expect(within(payouts).getAllByRole('row')[1]?.textContent).toBe(
      'Nov 20, 2026Completed$17.68−$2.29$15.39',
    );
  });
});
