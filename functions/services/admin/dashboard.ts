// Staff's dashboard (SPEC §2 admin dashboard; decision 040): the product's figures, the health of its background
// work, and money by month, each read through keys and indexes, never a Scan.
// - Fans and active pies are the fans' directory (decision 037): the same rows, and the same active-pie rule, as the
//   fans list; what fans spent in all is the sum of the directory's spent copies.
// - Money in and paid out are the Stripe clearing account's entries in the period (newest first, read back to its
//   start): a card payment takes its gross from clearing (`fan-payment`), a bank payout of an office puts its net back
//   (`transfer`, less a `transfer-reversal` when the bank sent it back).
// - What was split, and of it what was held, is the receipt totals of the pies those payments (and promo fundings)
//   opened, counted in the month the pie was split: pies are read from the payments of the period and of the two
//   months before it, so a monthly pie paid last month and split this month counts this month.
// - Held now is every escrow lot still held (the lots' due index read to the end of time).
// - Health is each job's run record (data/job-runs.ts), the outbox's pending events, the pies past their end and not
//   split (the due index), the raised pies, and the last reconciliation's findings.
import type {
  DashboardFinancial,
  DashboardHealth,
  DashboardStats,
  FinancialMonth,
  JobHealth,
  JobHealthState,
} from '../../contracts/admin-dashboard';
import { scheduledJobNames } from '../../contracts/admin-dashboard';
import { countClaimsByStatus } from '../../data/staff-counts';
import { listAccountDirectory } from '../../data/directories';
import { pagesOfLotsDue } from '../../data/escrow-lots';
import type { StoredJobRun } from '../../data/job-runs';
import { listJobRuns } from '../../data/job-runs';
import type { LedgerEntry } from '../../data/ledger';
import { getLedgerTransaction, listLedgerEntries } from '../../data/ledger';
import { countPendingOutboxEvents } from '../../data/outbox';
import type { StoredPie } from '../../data/pies';
import { getPie, listRaisedPies, pagesOfPiesDue } from '../../data/pies';
import type { TableRef } from '../../data/table';
import { addUtcMonths, utcMonthOf } from '../../domain/calendar';
import { accountIdOf, platformOwner } from '../../domain/money/ledger';
import { dailyJobGraceMs } from '../../domain/reconciliation/checks';
import type { Clock } from '../../runtime/clock';
import { getClock } from '../../runtime/clock';
import { readDeadLetterDepths } from '../../runtime/dead-letters';
import { getTable } from '../../runtime/table';

export interface DashboardDependencies {
  table: TableRef;
  clock: Clock;
}

export function dashboardDependencies(): DashboardDependencies {
  return { table: getTable(), clock: getClock() };
}

const stripeClearing = accountIdOf('stripe-clearing', platformOwner);
const promoFunding = accountIdOf('promo-funding', platformOwner);
/** Entries read a page at a time. */
const entryPageSize = 500;
/** Ledger transactions and pies read at once. */
const readsAtOnce = 8;
/** A pie split in a month was paid in it or in the two months before (a monthly pie, or a longer promo one). */
const pieLookBackMonths = 2;
/** Held lots are read to the end of time: every lot still held, whenever its holding ends. */
const endOfTime = new Date('9999-12-31T23:59:59.999Z');
/** Raised pies listed on the health figure at most (the count is of all of them up to this). */
const raisedPiesListed = 100;

function monthStart(month: string): string {
  return `${month}-01T00:00:00.000Z`;
}

/** An account's entries from `since` on, newest first, a page at a time until one is older. */
async function entriesSince(
  table: TableRef,
  accountId: typeof stripeClearing,
  since: string,
): Promise<LedgerEntry[]> {
  const entries: LedgerEntry[] = [];
  let cursor: string | null = null;
  do {
    const page = await listLedgerEntries(table, accountId, { limit: entryPageSize, cursor });
    for (const entry of page.entries) {
      if (entry.at < since) return entries;
      entries.push(entry);
    }
    cursor = page.cursor;
  } while (cursor);
  return entries;
}

/** `work` over `items`, `readsAtOnce` at a time, answers in order. */
async function mapAtOnce<T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(readsAtOnce, items.length) }, async () => {
      for (let index = next++; index < items.length; index = next++) {
        const item = items[index] as T;
        results[index] = await work(item);
      }
    }),
  );
  return results;
}

/** The pies the payments and promo fundings among `entries` opened (each payment's transaction names its pie). */
async function piesOpenedBy(table: TableRef, entries: readonly LedgerEntry[]): Promise<StoredPie[]> {
  const funding = entries.filter((entry) => entry.kind === 'fan-payment' || entry.kind === 'promo-funding');
  const transactionIds = [...new Set(funding.map((entry) => entry.transactionId))];
  const transactions = await mapAtOnce(transactionIds, (id) => getLedgerTransaction(table, id));
  const pieIds = [
    ...new Set(
      transactions.flatMap((transaction) => {
        const pieId = transaction?.references['pieId'];
        return pieId ? [pieId] : [];
      }),
    ),
  ];
  const pies = await mapAtOnce(pieIds, (id) => getPie(table, id));
  return pies.filter((pie): pie is StoredPie => pie !== null);
}

/**
 * Money in, split, held at the split and paid out for each month from `fromMonth` to the month of `now`, oldest
 * first.
 */
export async function readMoneyByMonth(
  deps: DashboardDependencies,
  fromMonth: string,
): Promise<FinancialMonth[]> {
  const now = deps.clock.now();
  const lastMonth = utcMonthOf(now);
  const months: FinancialMonth[] = [];
  for (let month = fromMonth; month <= lastMonth; month = addUtcMonths(month, 1)) {
    months.push({ month, moneyInCents: 0, splitCents: 0, heldCents: 0, paidOutCents: 0 });
  }
  const byMonth = new Map(months.map((row) => [row.month, row]));
  const since = monthStart(fromMonth);
  const readSince = monthStart(addUtcMonths(fromMonth, -pieLookBackMonths));
  const [clearing, promo] = await Promise.all([
    entriesSince(deps.table, stripeClearing, readSince),
    entriesSince(deps.table, promoFunding, readSince),
  ]);
  for (const entry of clearing) {
    if (entry.at < since) continue;
    const row = byMonth.get(utcMonthOf(entry.at));
    if (!row) continue;
    if (entry.kind === 'fan-payment') row.moneyInCents += -entry.amountCents;
    if (entry.kind === 'transfer' || entry.kind === 'transfer-reversal')
      row.paidOutCents += entry.amountCents;
  }
  for (const pie of await piesOpenedBy(deps.table, [...clearing, ...promo])) {
    const receipt = pie.receipt;
    if (!receipt || receipt.splitAt < since) continue;
    const row = byMonth.get(utcMonthOf(receipt.splitAt));
    if (!row) continue;
    row.splitCents += receipt.allocatedCents;
    row.heldCents += receipt.heldCents;
  }
  return months;
}

/** Every escrow lot still held: their cents and how many. */
async function readHeldNow(table: TableRef): Promise<{ cents: number; lots: number }> {
  let cents = 0;
  let lots = 0;
  for await (const page of pagesOfLotsDue(table, endOfTime, 1000)) {
    for (const lot of page) {
      if (lot.status !== 'held') continue;
      cents += lot.cents;
      lots += 1;
    }
  }
  return { cents, lots };
}

/** `GET /api/admin/dashboard/stats`. */
export async function readDashboardStats(deps: DashboardDependencies): Promise<DashboardStats> {
  const now = deps.clock.now();
  const month = utcMonthOf(now);
  const [fans, money, held, pending, verified] = await Promise.all([
    listAccountDirectory(deps.table, 'fan'),
    readMoneyByMonth(deps, month),
    readHeldNow(deps.table),
    countClaimsByStatus(deps.table, 'Pending'),
    countClaimsByStatus(deps.table, 'Verified'),
  ]);
  const thisMonth = money[money.length - 1];
  return {
    asOf: now.toISOString(),
    month,
    fans: { total: fans.length, deleted: fans.filter((fan) => fan.status === 'deleted').length },
    activePies: fans.filter((fan) => fan.pieEndsAt !== null && Date.parse(fan.pieEndsAt) > now.getTime())
      .length,
    moneyInCents: thisMonth?.moneyInCents ?? 0,
    splitCents: thisMonth?.splitCents ?? 0,
    heldCents: held.cents,
    heldLots: held.lots,
    paidOutCents: thisMonth?.paidOutCents ?? 0,
    claimsWaiting: { pending, verified },
    spentAllTimeCents: fans.reduce((sum, fan) => sum + fan.spentCents, 0),
  };
}

/** `GET /api/admin/dashboard/financial`: `months` months, the current one last. */
export async function readDashboardFinancial(
  deps: DashboardDependencies,
  months: number,
): Promise<DashboardFinancial> {
  const now = deps.clock.now();
  const fromMonth = addUtcMonths(utcMonthOf(now), -(months - 1));
  return { asOf: now.toISOString(), months: await readMoneyByMonth(deps, fromMonth) };
}

function stateOf(run: StoredJobRun | undefined): JobHealthState {
  if (!run) return 'never_run';
  switch (run.outcome) {
    case 'completed':
      return 'ok';
    case 'failed':
      return 'failing';
    case 'not_built':
      return 'not_built';
    case 'running':
      return 'running';
  }
}

function toJobHealth(job: string, run: StoredJobRun | undefined): JobHealth {
  return {
    job,
    state: stateOf(run),
    lastRun: run
      ? {
          runId: run.runId,
          scheduledAt: run.scheduledAt,
          startedAt: run.startedAt,
          finishedAt: run.finishedAt,
          outcome: run.outcome,
          error: run.error,
          counts: run.counts,
        }
      : null,
    consecutiveFailures: run?.consecutiveFailures ?? 0,
    failureCount: run?.failureCount ?? 0,
    lastSuccessAt: run?.lastSuccessAt ?? null,
    lastFailureAt: run?.lastFailureAt ?? null,
    lastFailure: run?.lastFailure ?? null,
  };
}

/** The pies whose period ended and that are not split: how many, how many past the daily grace, the oldest end. */
async function readPiesPastEnd(
  table: TableRef,
  now: Date,
): Promise<{ count: number; overdue: number; oldestEnd: string | null }> {
  let count = 0;
  let overdue = 0;
  let oldestEnd: string | null = null;
  for await (const page of pagesOfPiesDue(table, now, 1000)) {
    for (const pie of page) {
      count += 1;
      if (Date.parse(pie.periodEnd) + dailyJobGraceMs < now.getTime()) overdue += 1;
      if (oldestEnd === null || pie.periodEnd < oldestEnd) oldestEnd = pie.periodEnd;
    }
  }
  return { count, overdue, oldestEnd };
}

/** `GET /api/admin/dashboard/health`. */
export async function readDashboardHealth(deps: DashboardDependencies): Promise<DashboardHealth> {
  const now = deps.clock.now();
  const [runs, outbox, piesPastEnd, raised] = await Promise.all([
    listJobRuns(deps.table),
    countPendingOutboxEvents(deps.table),
    readPiesPastEnd(deps.table, now),
    listRaisedPies(deps.table, raisedPiesListed),
  ]);
  const runOf = new Map(runs.map((run) => [run.job, run]));
  const jobs = [...scheduledJobNames, ...runs.map((run) => run.job).filter((job) => !isScheduledJob(job))];
  const reconciliation = runOf.get('reconciliation');
  const deadLetters = readDeadLetterDepths();
  return {
    asOf: now.toISOString(),
    jobs: jobs.map((job) => toJobHealth(job, runOf.get(job))),
    deadLetters: {
      localOnly: true,
      queues: deadLetters,
      note:
        deadLetters === null
          ? 'Not known here: in AWS the dead-letter queues are watched by CloudWatch alarms, which page staff.'
          : 'Counted by the local runtime’s queue stand-in; in AWS CloudWatch alarms watch the dead-letter queues.',
    },
    outboxBacklog: outbox,
    webhookBacklog: {
      known: false,
      note: 'Stripe keeps the webhooks it could not deliver and retries them for three days; the product records only those it handled.',
    },
    piesPastEnd,
    raisedPies: {
      count: raised.length,
      pies: raised.map((pie) => ({
        _id: pie.id,
        fanId: pie.fanId,
        periodEnd: pie.periodEnd,
        splitAttempts: pie.splitAttempts ?? 0,
        lastSplitError: pie.lastSplitError ?? null,
        splitRaisedAt: pie.splitRaisedAt ?? null,
      })),
    },
    reconciliation: reconciliation
      ? {
          runId: reconciliation.runId,
          startedAt: reconciliation.startedAt,
          finishedAt: reconciliation.finishedAt,
          outcome: reconciliation.outcome,
          problemCount: (reconciliation.findings ?? []).reduce(
            (sum, finding) => sum + finding.problemCount,
            0,
          ),
          findings: reconciliation.findings ?? [],
        }
      : null,
  };
}

function isScheduledJob(job: string): boolean {
  return (scheduledJobNames as readonly string[]).includes(job);
}
