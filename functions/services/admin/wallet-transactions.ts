// Every fan's wallet movements for staff (SPEC §2 /admin/wallet-transactions, §7 `wallet-transactions` and its
// `stats`; docs/decisions/041-staff-escrow-and-wallet-transactions.md). A line is exactly what the fan's own wallet
// shows (services/wallet/wallet.ts), with whose it is.
// - Searched, the list reads the fans' directory (one index partition, decision 037), keeps the fans the search
//   names (a part of the name or e-mail, or the id) and reads each kept fan's wallet, a few at a time.
// - Unsearched, and the stats, read the ledger by date instead (data/ledger-index.ts, the wallet index): the
//   transactions that touch a fan's wallet in the span, each turned into one line per fan it moved (the net of that
//   fan's wallet accounts, as the wallet does), so nothing is read per fan. The list then reads the wallets of the
//   page's own fans for the lines' words, so a line is the wallet's own.
import type {
  StaffWalletStats,
  StaffWalletTransaction,
  staffWalletPeriods,
  staffWalletSorts,
  staffWalletTypes,
} from '../../contracts/admin-escrow';
import type { Pagination } from '../../contracts/envelope';
import type { WalletTransaction } from '../../contracts/payments';
import { walletTransactionKinds } from '../../contracts/payments';
import type { DirectoryAccount } from '../../data/directories';
import { listAccountDirectory } from '../../data/directories';
import type { IndexedTransaction } from '../../data/ledger-index';
import { firstLedgerInstant, listIndexedTransactions } from '../../data/ledger-index';
import { fanIdsOfPies } from '../../data/pie-owners';
import type { TableRef } from '../../data/table';
import { forEachItem } from '../../data/table';
import { getTakeBack } from '../../data/take-backs';
import { fanOfAccount, parseAccountId } from '../../domain/money/ledger';
import type { Clock } from '../../runtime/clock';
import { getClock } from '../../runtime/clock';
import { getTable } from '../../runtime/table';
import { listWalletTransactions, walletKindOf } from '../wallet/wallet';
import { fullNameOf, matchesSearch } from './staff-lists';

export interface StaffWalletDependencies {
  table: TableRef;
  clock: Clock;
}

export function staffWalletDependencies(): StaffWalletDependencies {
  return { table: getTable(), clock: getClock() };
}

/** Fans whose wallets are read at once. */
const parallelFans = 8;
/** The most lines a stats read takes of one fan's wallet per call (the wallet's own page limit). */
const statsPageSize = 100;

export interface StaffWalletListQuery {
  page: number;
  limit: number;
  search?: string | undefined;
  type?: (typeof staffWalletTypes)[number] | undefined;
  /** The kind of line (SPEC §7's `status`). */
  status?: WalletTransaction['kind'] | undefined;
  sortBy?: (typeof staffWalletSorts)[number] | undefined;
  sortOrder?: 'asc' | 'desc' | undefined;
}

function fansMatching(fans: readonly DirectoryAccount[], search: string | undefined): DirectoryAccount[] {
  return fans.filter((fan) =>
    matchesSearch(search, fan.id, [fullNameOf(fan.firstName, fan.lastName), fan.email]),
  );
}

function withFan(fan: DirectoryAccount, line: WalletTransaction): StaffWalletTransaction {
  return {
    id: line.id,
    fanId: fan.id,
    fanName: fullNameOf(fan.firstName, fan.lastName),
    fanEmail: fan.email,
    kind: line.kind,
    type: line.type,
    amountCents: line.amountCents,
    description: line.description,
    createdAt: line.createdAt,
    pieId: line.pieId,
  };
}

/** Newest first; equal instants by fan and line id, so a line keeps its place from page to page. */
function byDate(a: StaffWalletTransaction, b: StaffWalletTransaction): number {
  return b.createdAt.localeCompare(a.createdAt) || a.fanId.localeCompare(b.fanId) || a.id.localeCompare(b.id);
}

/** A wallet line as the ledger by date gives it: whose, which transaction, how much, when, and its kind. */
interface DatedLine {
  fanId: string;
  id: string;
  kind: WalletTransaction['kind'];
  amountCents: number;
  createdAt: string;
}

/** Whether a transaction is a refund's or dispute's first part, which the wallet shows even when it moved nothing. */
function mayBeTakeBack(transaction: IndexedTransaction): transaction is IndexedTransaction & {
  kind: 'refund' | 'dispute';
} {
  return (
    (transaction.kind === 'refund' || transaction.kind === 'dispute') &&
    transaction.references['pieId'] !== undefined &&
    !transaction.idempotencyKey.includes(':part:')
  );
}

/**
 * The wallet lines of the wallet index's transactions, by the wallet's rules: per transaction, one line for each fan
 * whose wallet accounts (their `fan-wallet`, and the `pie-funds` of each of their pies) it moved, of the net amount;
 * a net of zero is no line, unless the transaction is a refund's or dispute's (its take-back), which is a line even
 * when none of its money was in the wallet (dated when the take-back was planned). The pies' fans are read in
 * batches (a pie with no item is no fan's).
 */
async function datedLinesOf(
  table: TableRef,
  transactions: readonly IndexedTransaction[],
): Promise<DatedLine[]> {
  const pieIds = transactions.flatMap((transaction) => [
    ...transaction.postings.flatMap((posting) => {
      const account = parseAccountId(posting.accountId);
      return account.type === 'pie-funds' ? [account.owner] : [];
    }),
    ...(mayBeTakeBack(transaction) ? [transaction.references['pieId'] ?? ''] : []),
  ]);
  const fanOfPie = await fanIdsOfPies(table, pieIds);
  const lines: DatedLine[] = [];
  const takeBackChecks: { fanId: string; pieId: string; transaction: IndexedTransaction }[] = [];
  for (const transaction of transactions) {
    const byFan = new Map<string, number>();
    for (const posting of transaction.postings) {
      const fanId = fanOfAccount(posting.accountId, fanOfPie);
      if (fanId !== undefined) byFan.set(fanId, (byFan.get(fanId) ?? 0) + posting.amountCents);
    }
    const takeBackPie = mayBeTakeBack(transaction) ? (transaction.references['pieId'] ?? '') : null;
    const takeBackFan = takeBackPie === null ? undefined : fanOfPie.get(takeBackPie);
    for (const [fanId, cents] of byFan) {
      if (cents !== 0) {
        lines.push({
          fanId,
          id: transaction.id,
          kind: walletKindOf[transaction.kind],
          amountCents: cents,
          createdAt: transaction.at,
        });
      } else if (fanId === takeBackFan && takeBackPie !== null) {
        takeBackChecks.push({ fanId, pieId: takeBackPie, transaction });
      }
    }
    if (takeBackFan !== undefined && takeBackPie !== null && !byFan.has(takeBackFan)) {
      takeBackChecks.push({ fanId: takeBackFan, pieId: takeBackPie, transaction });
    }
  }
  // A take-back of a pie is rare: each is read alone.
  await forEachItem(takeBackChecks, parallelFans, async ({ fanId, pieId, transaction }) => {
    const takeBack = await getTakeBack(table, pieId, transaction.idempotencyKey);
    if (!takeBack) return;
    const touched = transaction.postings.some(
      (posting) => fanOfAccount(posting.accountId, fanOfPie) === fanId,
    );
    // A zero line from the fan's own entries is the transaction's; one without any is the take-back's, once planned.
    if (touched) {
      lines.push({
        fanId,
        id: transaction.id,
        kind: walletKindOf[transaction.kind],
        amountCents: 0,
        createdAt: transaction.at,
      });
    } else if (takeBack.outcome !== null) {
      lines.push({
        fanId,
        id: transaction.id,
        kind: walletKindOf[takeBack.kind],
        amountCents: 0,
        createdAt: takeBack.at,
      });
    }
  });
  return lines;
}

/** Every wallet line from the ledger's first transaction up to now (the wallet index, month by month). */
async function datedLinesUpTo(table: TableRef, now: Date, from: string | null): Promise<DatedLine[]> {
  const first = from ?? (await firstLedgerInstant(table));
  if (first === null) return [];
  // Up to now included: the index range leaves its end out, so it ends a millisecond later.
  const to = new Date(now.getTime() + 1).toISOString();
  return datedLinesOf(table, await listIndexedTransactions(table, 'wallet', { from: first, to }));
}

/**
 * `GET /api/admin/wallet-transactions`: every wallet line of the fans the search names (all fans without one), money
 * in or out (`type`), of one kind (`status`), newest first unless sorted by amount, a page of `limit` (10 by default,
 * SPEC §9). Newest first and of every kind, each fan's wallet is read only as far as the page reaches; else whole.
 */
export async function listWalletTransactionsForStaff(
  deps: StaffWalletDependencies,
  query: StaffWalletListQuery,
): Promise<{ transactions: StaffWalletTransaction[]; pagination: Pagination }> {
  const directory = await listAccountDirectory(deps.table, 'fan');
  if (!query.search?.trim()) return listEveryFansLines(deps, directory, query);
  const fans = fansMatching(directory, query.search);
  const sortBy = query.sortBy ?? 'date';
  const order = query.sortOrder ?? 'desc';
  const wanted = query.page * query.limit;
  let total = 0;
  const lines: StaffWalletTransaction[] = [];
  await forEachItem(fans, parallelFans, async (fan) => {
    const type = query.type ?? 'all';
    if (sortBy === 'date' && order === 'desc' && query.status === undefined) {
      // Newest first: no line past a fan's first `page × limit` can be on this page.
      const { transactions, pagination } = await listWalletTransactions(deps, fan.id, {
        page: 1,
        limit: wanted,
        type,
      });
      total += pagination.total;
      lines.push(...transactions.map((line) => withFan(fan, line)));
      return;
    }
    const all = (await allLinesOf(deps, fan, type)).filter(
      (line) => query.status === undefined || line.kind === query.status,
    );
    total += all.length;
    lines.push(...all);
  });
  const direction = order === 'asc' ? 1 : -1;
  lines.sort((a, b) =>
    sortBy === 'amount' && a.amountCents !== b.amountCents
      ? (a.amountCents - b.amountCents) * direction
      : sortBy === 'date' && a.createdAt !== b.createdAt
        ? a.createdAt.localeCompare(b.createdAt) * direction
        : byDate(a, b),
  );
  return {
    transactions: lines.slice((query.page - 1) * query.limit, wanted),
    pagination: { page: query.page, limit: query.limit, total, pages: Math.ceil(total / query.limit) },
  };
}

/** The list's order: newest first by default, or by amount; ties newest first, then by fan and line id. */
function listOrder(
  sortBy: (typeof staffWalletSorts)[number],
  order: 'asc' | 'desc',
): (a: DatedLine, b: DatedLine) => number {
  const direction = order === 'asc' ? 1 : -1;
  return (a, b) =>
    sortBy === 'amount' && a.amountCents !== b.amountCents
      ? (a.amountCents - b.amountCents) * direction
      : sortBy === 'date' && a.createdAt !== b.createdAt
        ? a.createdAt.localeCompare(b.createdAt) * direction
        : b.createdAt.localeCompare(a.createdAt) ||
          a.fanId.localeCompare(b.fanId) ||
          a.id.localeCompare(b.id);
}

/**
 * Every fan's lines, unsearched: from the ledger by date (every wallet line since the ledger's first transaction,
 * without reading any fan), filtered, sorted and cut to the page; then each of the page's fans' own wallet gives its
 * lines' words, so a row is exactly the wallet's line.
 */
async function listEveryFansLines(
  deps: StaffWalletDependencies,
  directory: readonly DirectoryAccount[],
  query: StaffWalletListQuery,
): Promise<{ transactions: StaffWalletTransaction[]; pagination: Pagination }> {
  const fans = new Map(directory.map((fan) => [fan.id, fan]));
  const type = query.type ?? 'all';
  const lines = (await datedLinesUpTo(deps.table, deps.clock.now(), null))
    .filter(
      (line) =>
        fans.has(line.fanId) &&
        (type === 'all' || (type === 'credit' ? line.amountCents > 0 : line.amountCents <= 0)) &&
        (query.status === undefined || line.kind === query.status),
    )
    .sort(listOrder(query.sortBy ?? 'date', query.sortOrder ?? 'desc'));
  const page = lines.slice((query.page - 1) * query.limit, query.page * query.limit);
  const walletLines = new Map<string, StaffWalletTransaction>();
  await forEachItem([...new Set(page.map((line) => line.fanId))], parallelFans, async (fanId) => {
    const fan = fans.get(fanId);
    if (!fan) return;
    for (const line of await allLinesOf(deps, fan, 'all')) walletLines.set(`${fanId}#${line.id}`, line);
  });
  return {
    transactions: page.flatMap((line) => {
      const row = walletLines.get(`${line.fanId}#${line.id}`);
      return row ? [row] : [];
    }),
    pagination: {
      page: query.page,
      limit: query.limit,
      total: lines.length,
      pages: Math.ceil(lines.length / query.limit),
    },
  };
}

async function allLinesOf(
  deps: StaffWalletDependencies,
  fan: DirectoryAccount,
  type: 'all' | 'credit' | 'debit',
): Promise<StaffWalletTransaction[]> {
  const lines: StaffWalletTransaction[] = [];
  for (let page = 1; ; page += 1) {
    const { transactions, pagination } = await listWalletTransactions(deps, fan.id, {
      page,
      limit: statsPageSize,
      type,
    });
    lines.push(...transactions.map((line) => withFan(fan, line)));
    if (page >= pagination.pages) return lines;
  }
}

/** The first instant of the period that contains `now` (UTC): today, this month, this year; null for all time. */
export function periodStartOf(period: (typeof staffWalletPeriods)[number], now: Date): Date | null {
  switch (period) {
    case 'day':
      return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    case 'month':
      return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    case 'year':
      return new Date(Date.UTC(now.getUTCFullYear(), 0, 1));
    case 'all':
      return null;
  }
}

/**
 * `GET /api/admin/wallet-transactions/stats`: the wallet lines of the period (today, this month, this year or all
 * time, UTC), every fan's, totalled by kind: how many, the money in and the money out. Read from the ledger by date:
 * the period's months of the wallet index, nothing per fan.
 */
export async function readWalletStatsForStaff(
  deps: StaffWalletDependencies,
  period: (typeof staffWalletPeriods)[number],
): Promise<StaffWalletStats> {
  const now = deps.clock.now();
  const from = periodStartOf(period, now);
  const fromIso = from?.toISOString() ?? '';
  const byKind = new Map(
    walletTransactionKinds.map((kind) => [kind, { kind, lines: 0, creditCents: 0, debitCents: 0 }]),
  );
  const fansWithLines = new Set<string>();
  for (const line of await datedLinesUpTo(deps.table, now, from?.toISOString() ?? null)) {
    if (line.createdAt < fromIso || line.createdAt > now.toISOString()) continue;
    const totals = byKind.get(line.kind);
    if (!totals) continue;
    fansWithLines.add(line.fanId);
    totals.lines += 1;
    if (line.amountCents > 0) totals.creditCents += line.amountCents;
    else totals.debitCents += -line.amountCents;
  }
  const kinds = [...byKind.values()].filter((totals) => totals.lines > 0);
  return {
    period,
    from: from?.toISOString() ?? null,
    to: now.toISOString(),
    lines: kinds.reduce((sum, totals) => sum + totals.lines, 0),
    fans: fansWithLines.size,
    creditCents: kinds.reduce((sum, totals) => sum + totals.creditCents, 0),
    debitCents: kinds.reduce((sum, totals) => sum + totals.debitCents, 0),
    byKind: kinds,
  };
}
