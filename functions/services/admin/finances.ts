// Staff's finances (SPEC §2 /admin/finances, §7 `GET finances`, decision 042): the money through OpenPie over a period,
// totals and day by day, and the accountant's journal of a span of days, every ledger line with its transaction,
// a page at a time.
//
// Read from the ledger by date (data/ledger-index.ts): every transaction item carries the index keys of its month,
// shard and instant, so a period is one Query per shard of each month it spans, and each transaction gives its
// postings, which make the figures and the journal's lines. Nothing is read per fan, office or account.
import type { IndexedTransaction } from '../../data/ledger-index';
import {
  firstLedgerInstant,
  listIndexedTransactions,
  pageOfIndexedTransactions,
} from '../../data/ledger-index';
import type { TableRef } from '../../data/table';
import type { FinancePeriod, JournalLine, JournalPage, StaffFinances } from '../../contracts/staff-finances';
import { AppError } from '../../domain/errors';
import { utcDateOf } from '../../domain/calendar';
import type { FinanceEntry, JournalCursor } from '../../domain/money/finances';
import { journalBounds, journalLinesOf, periodBounds, summariseFinances } from '../../domain/money/finances';
import type { Clock } from '../../runtime/clock';
import { getClock } from '../../runtime/clock';
import { getTable } from '../../runtime/table';

export interface FinancesDependencies {
  table: TableRef;
  clock: Clock;
  /** Transactions on one journal page (tests make it small to see pages turn). */
  journalPageTransactions?: number;
}

export function financesDependencies(): FinancesDependencies {
  return { table: getTable(), clock: getClock() };
}

/** A transaction's postings as the entries the figures are made of. */
function entriesOf(transactions: readonly IndexedTransaction[]): FinanceEntry[] {
  return transactions.flatMap((transaction) =>
    transaction.postings.map((posting) => ({
      accountId: posting.accountId,
      transactionId: transaction.id,
      kind: transaction.kind,
      amountCents: posting.amountCents,
      at: transaction.at,
    })),
  );
}

/** `GET /api/admin/finances?period=`: the period's totals and its days. */
export async function readFinances(
  deps: FinancesDependencies,
  period: FinancePeriod,
): Promise<StaffFinances> {
  const bounds = periodBounds(period, deps.clock.now());
  const from = bounds.from ?? (await firstLedgerInstant(deps.table));
  const transactions =
    from === null ? [] : await listIndexedTransactions(deps.table, 'ledger', { from, to: bounds.to });
  return { period, ...bounds, ...summariseFinances(entriesOf(transactions), bounds) };
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
  const bounds = journalBounds(fromDate, toDate);
  const from = bounds.from ?? (await firstLedgerInstant(deps.table));
  const { transactions, more } =
    from === null
      ? { transactions: [], more: false }
      : await pageOfIndexedTransactions(
          deps.table,
          { from, to: bounds.to, after: after ? { at: after.at, id: after.transactionId } : null },
          pageTransactions,
        );
  const lines: JournalLine[] = [];
  let included = 0;
  for (const transaction of transactions) {
    if (included > 0 && lines.length + transaction.postings.length > journalPageLines) break;
    included += 1;
    lines.push(...journalLinesOf(transaction));
  }
  const last = transactions[included - 1];
  const mayHaveMore = included < transactions.length || more;
  return {
    from: fromDate,
    to: toDate,
    lines,
    transactions: included,
    nextCursor: last && mayHaveMore ? writeCursor({ at: last.at, transactionId: last.id }) : null,
  };
}
