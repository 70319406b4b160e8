// Staff's finances (SPEC §2 /admin/finances, §7 `GET finances`, decision 042): the money through OpenPie over a period,
// totals and day by day, and the accountant's journal of a span of days, every ledger line with its transaction,
// a page at a time.
//
// Read without a Scan and without an index: every transaction touches one of the accounts listed here (the platform's
// own accounts, every fan's wallet accounts, every office's payable and money in flight, and the names whose held
// money moved to their artist), and each account's entries are sorted by their transaction's instant, so a period is
// one key-range Query per account (data/ledger-periods.ts). The figures come from those entries alone; the journal
// reads each transaction of its page for all its lines.
import { listAccountDirectory, listOfficeDirectory } from '../../data/directories';
import { getLedgerTransaction } from '../../data/ledger';
import type { EntryRange } from '../../data/ledger-periods';
import { listLedgerEntriesInRange } from '../../data/ledger-periods';
import { pagesOfNameOnlyArtists } from '../../data/name-only-artists';
import { listAllFanPies } from '../../data/pies';
import type { TableRef } from '../../data/table';
import type { FinancePeriod, JournalLine, JournalPage, StaffFinances } from '../../contracts/staff-finances';
import { AppError } from '../../domain/errors';
import { utcDateOf } from '../../domain/calendar';
import type { JournalCursor } from '../../domain/money/finances';
import {
  compareTransactions,
  journalBounds,
  journalLinesOf,
  periodBounds,
  summariseFinances,
} from '../../domain/money/finances';
import type { AccountId, AccountType } from '../../domain/money/ledger';
import { accountIdOf, platformOwner } from '../../domain/money/ledger';
import type { Clock } from '../../runtime/clock';
import { getClock } from '../../runtime/clock';
import { getTable } from '../../runtime/table';
import { connectInFlightOf, officePayableOf } from '../connect/money';
import { accountOfArtistKey } from '../pie/pie-split';

export interface FinancesDependencies {
  table: TableRef;
  clock: Clock;
  /** Transactions on one journal page (tests make it small to see pages turn). */
  journalPageTransactions?: number;
}

export function financesDependencies(): FinancesDependencies {
  return { table: getTable(), clock: getClock() };
}

/** The platform's own accounts: where money enters and leaves. */
const platformAccountTypes: readonly AccountType[] = [
  'stripe-clearing',
  'processing-fees',
  'platform-fees',
  'promo-funding',
  'dispute-losses',
  'platform-losses',
  'deleted-fan-returns',
];

/** Reads at once: a staff screen should not take a table's whole capacity. */
const parallelReads = 8;

async function inParallel<T, R>(items: readonly T[], read: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await read(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallelReads, items.length) }, worker));
  return results;
}

/**
 * The accounts every ledger transaction touches at least one of: money enters and leaves through the platform's
 * accounts, a split and an escrow return post to a fan's pie money, a release, a payout and a give-back to an office,
 * and a held name moved to its artist (the only move between artists) debits the name's account. Deleted fans stay in
 * their directory; a deleted office leaves it, and its releases with it (its payouts still show through fees).
 */
async function accountsTouchedByEveryTransaction(table: TableRef): Promise<AccountId[]> {
  const [fans, offices] = await Promise.all([listAccountDirectory(table, 'fan'), listOfficeDirectory(table)]);
  const piesOfFans = await inParallel(fans, (fan) => listAllFanPies(table, fan.id));
  const names: AccountId[] = [];
  for await (const page of pagesOfNameOnlyArtists(table, 'resolved')) {
    for (const name of page) names.push(accountOfArtistKey(`name:${name.normalisedName}`));
  }
  return [
    ...new Set<AccountId>([
      ...platformAccountTypes.map((type) => accountIdOf(type, platformOwner)),
      ...fans.flatMap((fan, index) => [
        accountIdOf('fan-wallet', fan.id),
        ...(piesOfFans[index] ?? []).map((pie) => accountIdOf('pie-funds', pie.id)),
      ]),
      ...offices.flatMap((office) => [officePayableOf(office.id), connectInFlightOf(office.id)]),
      ...names,
    ]),
  ];
}

/** `GET /api/admin/finances?period=`: the period's totals and its days. */
export async function readFinances(
  deps: FinancesDependencies,
  period: FinancePeriod,
): Promise<StaffFinances> {
  const bounds = periodBounds(period, deps.clock.now());
  const accounts = await accountsTouchedByEveryTransaction(deps.table);
  const entries = await inParallel(accounts, (accountId) =>
    listLedgerEntriesInRange(deps.table, accountId, bounds),
  );
  return { period, ...bounds, ...summariseFinances(entries.flat(), bounds) };
}

/** Transactions on one journal page, and the most lines a page carries (a split may have hundreds). */
export const journalPageTransactions = 100;
export const journalPageLines = 2000;

function readCursor(cursor: string | undefined): JournalCursor | null {
  if (cursor === undefined || cursor === '') return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString());
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      'at' in parsed &&
      'transactionId' in parsed &&
      typeof parsed.at === 'string' &&
      typeof parsed.transactionId === 'string' &&
      !Number.isNaN(Date.parse(parsed.at))
    ) {
      return { at: parsed.at, transactionId: parsed.transactionId };
    }
  } catch {
    // Not base64url JSON: the same answer as a cursor of the wrong shape.
  }
  throw new AppError('bad_request', 'This page cursor is not valid.');
}

function writeCursor(cursor: JournalCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

/**
 * `GET /api/admin/finances/journal`: the lines of the transactions booked from the first day to the last (both
 * included; the ledger's beginning and today when absent), oldest first, a page at a time.
 */
export async function readJournal(
  deps: FinancesDependencies,
  query: { from?: string | undefined; to?: string | undefined; cursor?: string | undefined },
): Promise<JournalPage> {
  const fromDate = query.from ?? null;
  const toDate = query.to ?? utcDateOf(deps.clock.now());
  if (fromDate !== null && fromDate > toDate) {
    throw new AppError('validation_failed', 'The first day comes after the last.', {
      fields: { from: 'Choose a first day on or before the last day' },
    });
  }
  const after = readCursor(query.cursor);
  const pageTransactions = deps.journalPageTransactions ?? journalPageTransactions;
  const range: EntryRange = { ...journalBounds(fromDate, toDate), after };
  const accounts = await accountsTouchedByEveryTransaction(deps.table);
  // The page's transactions are the first of the merged accounts, and an account's entries come in the same order,
  // so no account needs to give more entries than the page has transactions.
  const entriesOf = await inParallel(accounts, (accountId) =>
    listLedgerEntriesInRange(deps.table, accountId, range, { limit: pageTransactions }),
  );
  const seen = new Map<string, JournalCursor>();
  for (const entry of entriesOf.flat()) seen.set(entry.transactionId, entry);
  const ordered = [...seen.values()]
    .map(({ at, transactionId }) => ({ at, transactionId }))
    .sort(compareTransactions)
    .slice(0, pageTransactions);
  const transactions = await inParallel(ordered, ({ transactionId }) =>
    getLedgerTransaction(deps.table, transactionId),
  );
  const lines: JournalLine[] = [];
  let included = 0;
  for (const transaction of transactions) {
    if (included > 0 && lines.length + (transaction?.postings.length ?? 0) > journalPageLines) break;
    included += 1;
    // An entry that names no transaction is reconciliation's to find (its ledger check); it has no lines here.
    if (transaction) lines.push(...journalLinesOf(transaction));
  }
  const last = ordered[included - 1];
  const mayHaveMore =
    included < seen.size || entriesOf.some((entries) => entries.length === pageTransactions);
  return {
    from: fromDate,
    to: toDate,
    lines,
    transactions: included,
    nextCursor: last && mayHaveMore ? writeCursor(last) : null,
  };
}
