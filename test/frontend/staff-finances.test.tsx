// Staff's finances screen (decision 042): the period kept in the address and asked of the server, the totals as
// figures, one figure as a chart by day with its summary as the chart's name and every day in a table, the table as
// CSV, the journal read page by page into one CSV, and the loading and error states. The API is faked at fetch, as
// the browser would reach it.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type {
  FinanceDay,
  JournalLine,
  JournalPage,
  StaffFinances,
} from '../../functions/contracts/staff-finances';
import type { SentRequest } from '../support/auth-api-stub';
import { fail, stubApi, succeed } from '../support/auth-api-stub';
import { watchDownloads } from '../support/csv-downloads';
import { renderAt } from '../support/fan-screens';
import { financeDay } from '../support/factories/replies';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const profile = { id: 'staff-1', email: 'staff@openpie.example', role: 'admin' };
const queryOf = (request: SentRequest) => Object.fromEntries(new URLSearchParams(request.search));

const day = financeDay;

function finances(period: StaffFinances['period'], days: FinanceDay[]): StaffFinances {
  const { date: _date, ...zero } = day('');
  const totals = { ...zero };
  for (const entry of days) {
    for (const name of Object.keys(totals) as (keyof typeof totals)[]) totals[name] += entry[name];
  }
  return {
    period,
    from: period === 'all' ? null : '2026-11-01T00:00:00.000Z',
    to: '2026-11-03T15:00:00.000Z',
    totals,
    days,
    transactions: 7,
  };
}

const month = finances('month', [
  day('2026-11-01', { moneyInCents: 4500, processingFeesCents: 221, refundedCents: 500 }),
  day('2026-11-02'),
  day('2026-11-03', { splitCents: 2367, heldCents: 2242, platformFeesCents: 125, paidOutCents: 664 }),
]);
const allTime = finances('all', [day('2026-10-31', { moneyInCents: 1000 }), ...month.days]);

function line(transactionId: string, accountId: string, amountCents: number): JournalLine {
  return {
    transactionId,
    kind: 'fan-payment',
    at: '2026-11-01T10:00:00.000Z',
    accountId,
    amountCents,
    stripeId: 'ch_1',
    references: 'chargeId=ch_1; pieId=p1',
  };
}

function journalPage(lines: JournalLine[], nextCursor: string | null): { body: unknown } {
  const page: JournalPage = { from: '2026-11-01', to: '2026-11-03', lines, transactions: 1, nextCursor };
  return { body: { success: true, data: page } };
}

describe('the staff finances screen', () => {
  it('shows this month’s totals, its chart and every day, and asks for another period when one is chosen', async () => {
    // Prepare
    const api = stubApi({
      'GET /api/admin/profile': succeed(profile),
      'GET /api/admin/finances': (request) => succeed(queryOf(request)['period'] === 'all' ? allTime : month),
    });
    const user = userEvent.setup();
    // Act
    renderAt('/admin/finances');
    // Assess: one heading, the month chosen, the figures, the chart's summary and the table of days.
    expect(await screen.findByRole('heading', { level: 1, name: 'Finances' })).toBeTruthy();
    expect((await screen.findByRole('radio', { name: 'This month' })) as HTMLInputElement).toHaveProperty(
      'checked',
      true,
    );
    const totals = await screen.findByRole('region', { name: 'Totals' });
    expect(within(totals).getByText('Money in').nextElementSibling?.textContent).toBe('$45.00');
    expect(within(totals).getByText('Paid out').nextElementSibling?.textContent).toBe('$6.64');
    expect(
      screen.getByRole('img', {
        name: 'Money in by day, November 1, 2026 to November 3, 2026: $45.00 in all; the most in one day was $45.00 on November 1, 2026.',
      }),
    ).toBeTruthy();
    const table = screen.getByRole('table', { name: /Finances by day/ });
    // The days when money moved, and the total; then every day.
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(rows[1]?.textContent).toContain('$45.00');
    expect(rows.at(-1)?.textContent).toContain('Total');
    await user.click(screen.getByRole('checkbox', { name: 'Show the days when nothing moved too' }));
    expect(within(screen.getByRole('table', { name: /Finances by day/ })).getAllByRole('row')).toHaveLength(
      5,
    );
    expect(queryOf(api.sentTo('GET /api/admin/finances')[0] as SentRequest)).toEqual({ period: 'month' });

    // Act: all time, then the chart of what was paid out.
    await user.click(screen.getByRole('radio', { name: 'All time' }));
    await screen.findByText(/^Everything up to November 3, 2026 \(UTC\)/, {}, { timeout: 5000 });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Chart' }), 'Paid out');
    // Assess
    expect(
      await screen.findByRole(
        'img',
        { name: /^Paid out by day, October 31, 2026 to November 3, 2026: \$6\.64 in all/ },
        { timeout: 5000 },
      ),
    ).toBeTruthy();
    expect(api.sentTo('GET /api/admin/finances').map(queryOf).at(-1)).toEqual({ period: 'all' });
    // Every day still shown: all time's four and the total.
    expect(within(screen.getByRole('table', { name: /Finances by day/ })).getAllByRole('row')).toHaveLength(
      6,
    );
  });

  it('keeps the period and chart in the address', async () => {
    stubApi({
      'GET /api/admin/profile': succeed(profile),
      'GET /api/admin/finances': succeed({ ...month, period: 'year' }),
    });
    renderAt('/admin/finances?period=year&chart=splitCents');
    expect(((await screen.findByRole('radio', { name: 'This year' })) as HTMLInputElement).checked).toBe(
      true,
    );
    expect(await screen.findByRole('img', { name: /^Split by day/ })).toBeTruthy();
  });

  it('writes the table of days on screen as CSV, in cents and dollars', async () => {
    stubApi({ 'GET /api/admin/profile': succeed(profile), 'GET /api/admin/finances': succeed(month) });
    const downloads = watchDownloads();
    const user = userEvent.setup();
    renderAt('/admin/finances');
    // Act
    await user.click(await screen.findByRole('button', { name: 'Download table (CSV)' }));
    // Assess
    const [csv = ''] = await downloads.texts();
    const lines = csv.trim().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]?.split(',').slice(0, 5)).toEqual([
      'date',
      'money_in_cents',
      'money_in_dollars',
      'processing_fees_cents',
      'processing_fees_dollars',
    ]);
    expect(lines[1]?.split(',').slice(0, 5)).toEqual(['2026-11-01', '4500', '45.00', '221', '2.21']);
    expect(downloads.names()).toEqual(['openpie-finances-month-2026-11-03.csv']);
  });

  it('reads every page of the period’s journal into one CSV and says how much it wrote', async () => {
    // Prepare: two pages, the second after the first's cursor.
    const api = stubApi({
      'GET /api/admin/profile': succeed(profile),
      'GET /api/admin/finances': succeed(month),
      'GET /api/admin/finances/journal': (request) =>
        queryOf(request)['cursor'] === 'page-2'
          ? journalPage([line('t2', 'stripe-clearing:platform', -500), line('t2', 'pie-funds:p2', 500)], null)
          : journalPage(
              [line('t1', 'stripe-clearing:platform', -1000), line('t1', 'pie-funds:p1', 1000)],
              'page-2',
            ),
    });
    const downloads = watchDownloads();
    const user = userEvent.setup();
    renderAt('/admin/finances');
    // Act
    await user.click(await screen.findByRole('button', { name: 'Download journal (CSV)' }));
    // Assess
    expect(await screen.findByText('Downloaded 4 lines of 2 transactions.')).toBeTruthy();
    expect(api.sentTo('GET /api/admin/finances/journal').map(queryOf)).toEqual([
      { from: '2026-11-01', to: '2026-11-03' },
      { from: '2026-11-01', to: '2026-11-03', cursor: 'page-2' },
    ]);
    const [csv = ''] = await downloads.texts();
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe(
      'booked_at,transaction_id,kind,account,amount_cents,amount_dollars,stripe_id,references',
    );
    expect(lines.slice(1)).toEqual([
      '2026-11-01T10:00:00.000Z,t1,fan-payment,stripe-clearing:platform,-1000,-10.00,ch_1,chargeId=ch_1; pieId=p1',
      '2026-11-01T10:00:00.000Z,t1,fan-payment,pie-funds:p1,1000,10.00,ch_1,chargeId=ch_1; pieId=p1',
      '2026-11-01T10:00:00.000Z,t2,fan-payment,stripe-clearing:platform,-500,-5.00,ch_1,chargeId=ch_1; pieId=p1',
      '2026-11-01T10:00:00.000Z,t2,fan-payment,pie-funds:p2,500,5.00,ch_1,chargeId=ch_1; pieId=p1',
    ]);
    expect(downloads.names()).toEqual(['openpie-journal-2026-11-01-to-2026-11-03.csv']);
  });

  it('says when the finances cannot be loaded, with a retry, and keeps its heading', async () => {
    stubApi({
      'GET /api/admin/profile': succeed(profile),
      'GET /api/admin/finances': fail(503, 'unavailable', 'The service is busy. Please try again.'),
    });
    renderAt('/admin/finances');
    expect(await screen.findByText('The service is busy. Please try again.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Finances' })).toBeTruthy();
  });
});
