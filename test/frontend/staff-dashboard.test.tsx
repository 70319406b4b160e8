// Staff's dashboard (decision 040): the figures as cards with links to the claims waiting, money by month as a chart
// with its table, each job's last run with its state, the last reconciliation's findings, raised pies linked to their
// fan; loading, empty and error states, and a retry. The API is faked at fetch, as the browser would reach it.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type {
  DashboardFinancial,
  DashboardHealth,
  DashboardStats,
  JobHealth,
} from '../../functions/contracts/admin-dashboard';
import { createHeldReply, fail, stubApi, succeed } from '../support/auth-api-stub';
import { csvLines, watchDownloads } from '../support/csv-downloads';
import { renderAt } from '../support/fan-screens';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const profile = { id: 'staff-1', email: 'staff@openpie.example', role: 'admin' };

const stats: DashboardStats = {
  asOf: '2026-11-27T12:00:00.000Z',
  month: '2026-11',
  fans: { total: 1204, deleted: 3 },
  activePies: 980,
  moneyInCents: 1_234_500,
  splitCents: 987_600,
  heldCents: 45_600,
  heldLots: 321,
  paidOutCents: 500_000,
  claimsWaiting: { pending: 4, verified: 2 },
  spentAllTimeCents: 9_876_500,
};

const financial: DashboardFinancial = {
  asOf: '2026-11-27T12:00:00.000Z',
  months: [
    {
      month: '2026-10',
      moneyInCents: 1_000_000,
      splitCents: 800_000,
      heldCents: 40_000,
      paidOutCents: 300_000,
    },
    {
      month: '2026-11',
      moneyInCents: 1_234_500,
      splitCents: 987_600,
      heldCents: 45_600,
      paidOutCents: 500_000,
    },
  ],
};

function job(name: string, overrides: Partial<JobHealth> = {}): JobHealth {
  return {
    job: name,
    state: 'ok',
    lastRun: {
      runId: `run-${name}`,
      scheduledAt: '2026-11-27T11:00:00.000Z',
      startedAt: '2026-11-27T11:00:00.000Z',
      finishedAt: '2026-11-27T11:00:05.000Z',
      outcome: 'completed',
      error: null,
      counts: {},
    },
    consecutiveFailures: 0,
    failureCount: 0,
    lastSuccessAt: '2026-11-27T11:00:05.000Z',
    lastFailureAt: null,
    lastFailure: null,
    ...overrides,
  };
}

const health: DashboardHealth = {
  asOf: '2026-11-27T12:00:00.000Z',
  jobs: [
    job('listening-sync'),
    job('pie-renewals', {
      state: 'failing',
      consecutiveFailures: 3,
      failureCount: 3,
      lastFailure: 'The fan-work queue refused the messages',
      lastFailureAt: '2026-11-27T11:00:05.000Z',
      lastRun: {
        runId: 'run-pie',
        scheduledAt: '2026-11-27T11:00:00.000Z',
        startedAt: '2026-11-27T11:00:00.000Z',
        finishedAt: '2026-11-27T11:00:05.000Z',
        outcome: 'failed',
        error: 'The fan-work queue refused the messages',
        counts: {},
      },
    }),
    job('escrow-aging', {
      state: 'never_run',
      lastRun: null,
      lastSuccessAt: null,
    }),
    job('reconciliation'),
  ],
  deadLetters: {
    localOnly: true,
    queues: [{ queue: 'fan-work', depth: 2 }],
    note: 'Counted by the local runtime’s queue stand-in; in AWS CloudWatch alarms watch the dead-letter queues.',
  },
  outboxBacklog: { pending: 0, oldestAt: null, capped: false },
  webhookBacklog: { known: false, note: 'Stripe keeps the webhooks it could not deliver.' },
  piesPastEnd: { count: 2, overdue: 1, oldestEnd: '2026-11-25T00:00:00.000Z' },
  raisedPies: {
    count: 1,
    pies: [
      {
        _id: 'pie-9',
        fanId: 'fan-9',
        periodEnd: '2026-11-20T00:00:00.000Z',
        splitAttempts: 5,
        lastSplitError: 'Conflict on the balance',
        splitRaisedAt: '2026-11-21T00:00:00.000Z',
      },
    ],
  },
  reconciliation: {
    runId: 'run-reconciliation',
    startedAt: '2026-11-27T03:30:00.000Z',
    finishedAt: '2026-11-27T03:31:00.000Z',
    outcome: 'completed',
    problemCount: 1,
    findings: [
      {
        check: 'ledger',
        checked: 120,
        problemCount: 1,
        firstProblems: [
          {
            subject: 'platform-fees:platform',
            expected: '100',
            found: '101',
            message: 'The balance is not the sum of its entries.',
          },
        ],
      },
      { check: 'wallet', checked: 30, problemCount: 0, firstProblems: [] },
    ],
  },
};

describe("staff's dashboard", () => {
  it('shows the figures, money by month with its table, and the health of every job', async () => {
    // Prepare
    const api = stubApi({
      'GET /api/admin/profile': succeed(profile),
      'GET /api/admin/dashboard/stats': succeed(stats),
      'GET /api/admin/dashboard/health': succeed(health),
      'GET /api/admin/dashboard/financial': succeed(financial),
    });

    // Act
    renderAt('/admin/dashboard');

    // Assess: the figures
    const cards = await screen.findByRole('list', { name: 'OpenPie in figures' });
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    expect(cards.textContent).toContain('1,204');
    expect(cards.textContent).toContain('3 deleted');
    expect(cards.textContent).toContain('Money in, Nov 2026$12,345.00');
    expect(cards.textContent).toContain('Held now$456.00');
    expect(cards.textContent).toContain('Paid out, Nov 2026$5,000.00');
    expect(within(cards).getByRole('link', { name: '4 pending' }).getAttribute('href')).toBe(
      '/admin/claims?status=Pending',
    );
    expect(within(cards).getByRole('link', { name: '2 verified' }).getAttribute('href')).toBe(
      '/admin/claims?status=Verified',
    );
    // The chart and its table
    const chart = await screen.findByRole('img', { name: /Money by month from Oct 2026 to Nov 2026/ });
    expect(chart.querySelectorAll('rect')).toHaveLength(8);
    const table = screen.getByRole('table', { name: 'Money by month' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'MonthMoney inSplit to artistsHeld when splitPaid out',
      'Oct 2026$10,000.00$8,000.00$400.00$3,000.00',
      'Nov 2026$12,345.00$9,876.00$456.00$5,000.00',
    ]);
    expect(api.sentTo('GET /api/admin/dashboard/financial')[0]?.search).toBe('?months=6');
    // Health: each job with its state
    const jobs = await screen.findByRole('list', { name: 'Scheduled jobs' });
    const jobRows = within(jobs).getAllByRole('listitem');
    expect(jobRows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Listening syncOKLast run /),
      expect.stringMatching(
        /^Pie renewals and splitsFailingLast run .* Failed 3 times in a row\.The fan-work queue refused the messages$/,
      ),
      'Escrow agingNever runNo run recorded yet.',
      expect.stringMatching(/^ReconciliationOKLast run /),
    ]);
    // The last reconciliation and what it found, and the way to it
    const findings = screen.getByRole('list', { name: 'What reconciliation found' });
    expect(findings.textContent).toContain('ledger: 1 of 120 checked');
    expect(findings.textContent).toContain(
      'platform-fees:platform The balance is not the sum of its entries. Expected 100, found 101.',
    );
    expect(findings.textContent).not.toContain('wallet');
    expect(screen.getByRole('link', { name: 'Open reconciliation' }).getAttribute('href')).toBe(
      '/admin/finances',
    );
    // Pies waiting and raised, backlogs
    expect(screen.getByText(/2 past their end and not split \(1 for more than a day\)/)).toBeTruthy();
    const raised = screen.getByRole('list', { name: 'Raised pies' });
    expect(within(raised).getByRole('link').getAttribute('href')).toBe('/admin/fans/fan-9');
    expect(raised.textContent).toContain('5 attempts — Conflict on the balance');
    expect(screen.getByText('fan-work: 2')).toBeTruthy();
    expect(screen.getByText('Dead letters (local only)')).toBeTruthy();
  });

  it('downloads the months the money-by-month table shows as CSV, in cents and dollars', async () => {
    // Prepare
    stubApi({
      'GET /api/admin/profile': succeed(profile),
      'GET /api/admin/dashboard/stats': succeed(stats),
      'GET /api/admin/dashboard/health': succeed(health),
      'GET /api/admin/dashboard/financial': succeed(financial),
    });
    const downloads = watchDownloads();
    const user = userEvent.setup();
    renderAt('/admin/dashboard');
    const table = await screen.findByRole('table', { name: 'Money by month' });
    // Act
    await user.click(screen.getByRole('button', { name: 'Download CSV of money by month' }));
    // Assess
    expect(await screen.findByText('Downloaded 2 rows.')).toBeTruthy();
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(downloads.names()).toEqual(['openpie-money-by-month.csv']);
    const [csv = ''] = await downloads.texts();
    expect(csvLines(csv)).toEqual([
      'month,money_in_cents,money_in_dollars,split_to_artists_cents,split_to_artists_dollars,held_when_split_cents,held_when_split_dollars,paid_out_cents,paid_out_dollars',
      '2026-10,1000000,10000.00,800000,8000.00,40000,400.00,300000,3000.00',
      '2026-11,1234500,12345.00,987600,9876.00,45600,456.00,500000,5000.00',
    ]);
  });

  it('says so while loading, when no money moved, and when the figures fail, with a retry that works', async () => {
    // Prepare
    const heldFailure = createHeldReply(fail(503, 'unavailable', 'The service is busy. Please try again.'));
    let statsCalls = 0;
    stubApi({
      'GET /api/admin/profile': succeed(profile),
      'GET /api/admin/dashboard/stats': () => {
        statsCalls += 1;
        return statsCalls === 1 ? heldFailure.handler() : succeed(stats);
      },
      'GET /api/admin/dashboard/health': fail(500, 'internal', 'Something went wrong on our side.'),
      'GET /api/admin/dashboard/financial': succeed({
        ...financial,
        months: financial.months.map((row) => ({
          ...row,
          moneyInCents: 0,
          splitCents: 0,
          heldCents: 0,
          paidOutCents: 0,
        })),
      }),
    });
    const user = userEvent.setup();

    // Act
    renderAt('/admin/dashboard');

    // Assess
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeTruthy();
    expect(await screen.findByText('Loading the figures…')).toBeTruthy();
    heldFailure.release();
    expect(await screen.findByText('No money has moved in the last 6 months.')).toBeTruthy();
    const figures = screen.getByRole('region', { name: 'Figures' });
    expect((await within(figures).findByRole('alert')).textContent).toContain(
      'The service is busy. Please try again.',
    );
    const healthPart = screen.getByRole('region', { name: 'Health' });
    expect((await within(healthPart).findByRole('alert')).textContent).toContain(
      'Something went wrong on our side.',
    );
    await user.click(within(figures).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'OpenPie in figures' })).toBeTruthy();
  });
});
