// Staff's reconciliation panel (decision 038): each check runs by its own button and all by "Run all", one after
// another; each shows its state (not run, running, clean with how many things it checked, N problems, or why it
// could not run), and every finding is a row whose subject links to the ledger drill-down, the fan or the pie. The
// API is faked at fetch, as the browser would reach it.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReconciliationPanel } from '../../frontend/src/features/reconciliation';
import { createHeldReply, fail, stubApi, succeed } from '../support/auth-api-stub';
import { csvLines, watchDownloads } from '../support/csv-downloads';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const route = (check: string) => `POST /api/admin/financial-reconciliation/run-${check}-check`;
const clean = (check: string, checked: number) => succeed({ check, checked, problems: [] });

function renderPanel() {
  const router = createMemoryRouter([{ path: '*', element: <ReconciliationPanel /> }], {
    initialEntries: ['/admin/finances'],
  });
  render(<RouterProvider router={router} />);
}

const stateOf = (name: RegExp) =>
  within(screen.getByRole('heading', { name }).closest('li') as HTMLElement).getByRole('status');

describe('the reconciliation panel', () => {
  it('runs one check, showing it running and then clean with how many things it checked', async () => {
    // Prepare
    const held = createHeldReply(clean('ledger', 42));
    const api = stubApi({ [route('ledger')]: held.handler });
    renderPanel();
    expect(stateOf(/^Ledger$/).textContent).toContain('Not run');
    // Act
    await userEvent.click(screen.getByRole('button', { name: 'Run the ledger check' }));
    // Assess
    expect(stateOf(/^Ledger$/).textContent).toContain('Running…');
    expect((screen.getByRole('button', { name: 'Run all' }) as HTMLButtonElement).disabled).toBe(true);
    held.release();
    expect(await screen.findByText('Clean · 42 things checked')).toBeTruthy();
    expect(api.sentTo(route('ledger'))).toHaveLength(1);
    expect(stateOf(/^Stripe$/).textContent).toContain('Not run');
    expect(screen.getByText('No findings in the 1 check run.')).toBeTruthy();
  });

  it('runs all six in turn and lists every finding with its subject linked to where staff can look', async () => {
    // Prepare
    const api = stubApi({
      [route('ledger')]: succeed({
        check: 'ledger',
        checked: 10,
        problems: [
          {
            check: 'ledger',
            subject: 'transaction:tx1/platform-fees:platform',
            expected: '5',
            found: '6',
            message: 'Transaction tx1 posts 5 cents, its entries 6.',
          },
        ],
      }),
      [route('wallet')]: succeed({
        check: 'wallet',
        checked: 3,
        problems: [
          {
            check: 'wallet',
            subject: 'fan:f1',
            expected: '100',
            found: '99',
            message: 'Not paid in − fees.',
          },
        ],
      }),
      [route('escrow')]: clean('escrow', 4),
      [route('pie')]: succeed({
        check: 'pie',
        checked: 2,
        problems: [
          { check: 'pie', subject: 'pie:p1', expected: 'a receipt', found: 'none', message: 'No receipt.' },
        ],
      }),
      [route('payout')]: fail(
        503,
        'payment_provider_unavailable',
        'Stripe is not answering. Try again soon.',
      ),
      [route('stripe')]: succeed({
        check: 'stripe',
        checked: 8,
        problems: [
          {
            check: 'stripe',
            subject: 'ch_1',
            expected: '-700',
            found: '-699',
            message: 'Booked a cent short.',
          },
        ],
      }),
    });
    renderPanel();
    // Act
    await userEvent.click(screen.getByRole('button', { name: 'Run all' }));
    // Assess
    const table = await screen.findByRole('table', { name: /4 findings/ });
    expect(api.sent.map((request) => request.path.split('/').at(-1))).toEqual([
      'run-ledger-check',
      'run-wallet-check',
      'run-escrow-check',
      'run-pie-check',
      'run-payout-check',
      'run-stripe-check',
    ]);
    expect(stateOf(/^Ledger$/).textContent).toContain('1 problem · 10 things checked');
    expect(stateOf(/^Escrow$/).textContent).toContain('Clean · 4 things checked');
    expect(stateOf(/^Payouts$/).textContent).toContain('Stripe is not answering. Try again soon.');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual([
      'Ledger',
      'Wallets',
      'Pies',
      'Stripe',
    ]);
    expect(within(table).getByRole('link', { name: 'transaction:tx1' }).getAttribute('href')).toBe(
      '/admin/ledger/transactions/tx1',
    );
    expect(within(table).getByRole('link', { name: 'platform-fees:platform' }).getAttribute('href')).toBe(
      '/admin/ledger/accounts/platform-fees%3Aplatform',
    );
    expect(within(table).getByRole('link', { name: 'fan:f1' }).getAttribute('href')).toBe('/admin/fans/f1');
    expect(within(table).getByRole('link', { name: 'pie:p1' }).getAttribute('href')).toBe(
      '/admin/ledger/pies/p1',
    );
    expect(within(table).getByText('ch_1').closest('a')).toBeNull();
  });

  it('downloads every finding of the checks run as CSV, the ones past the table’s first 200 too', async () => {
    // Prepare: the ledger check finds one problem with a comma; the wallet check finds 250; the rest are not run.
    const walletProblems = Array.from({ length: 250 }, (_, index) => ({
      check: 'wallet',
      subject: `fan:f${index}`,
      expected: String(100 + index),
      found: String(99 + index),
      message: 'Not paid in − fees.',
    }));
    stubApi({
      [route('ledger')]: succeed({
        check: 'ledger',
        checked: 10,
        problems: [
          {
            check: 'ledger',
            subject: 'transaction:tx1/platform-fees:platform',
            expected: '5',
            found: '-6',
            message: 'Transaction tx1 posts 5 cents, its entries 6.',
          },
        ],
      }),
      [route('wallet')]: succeed({ check: 'wallet', checked: 300, problems: walletProblems }),
    });
    const downloads = watchDownloads();
    const user = userEvent.setup();
    renderPanel();
    await user.click(screen.getByRole('button', { name: 'Run the ledger check' }));
    await screen.findByText('1 problem · 10 things checked');
    await user.click(screen.getByRole('button', { name: 'Run the wallets check' }));
    const table = await screen.findByRole('table', { name: /251 findings, the first 200 shown/ });
    // Act
    await user.click(screen.getByRole('button', { name: 'Download CSV of the findings' }));
    // Assess
    expect(await screen.findByText('Downloaded 251 rows.')).toBeTruthy();
    expect(within(table).getAllByRole('row')).toHaveLength(201);
    expect(downloads.names()).toEqual(['openpie-reconciliation-findings.csv']);
    const [csv = ''] = await downloads.texts();
    const lines = csvLines(csv);
    expect(lines).toHaveLength(252);
    expect(lines[0]).toBe('check,subject,expected,found,message');
    expect(lines[1]).toBe(
      'ledger,transaction:tx1/platform-fees:platform,5,-6,"Transaction tx1 posts 5 cents, its entries 6."',
    );
    expect(lines[2]).toBe('wallet,fan:f0,100,99,Not paid in − fees.');
    expect(lines.slice(2).map((line) => line.split(',')[1])).toEqual(
      walletProblems.map((problem) => problem.subject),
    );
  });
});
