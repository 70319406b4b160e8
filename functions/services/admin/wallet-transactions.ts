// Every fan's wallet movements for staff (SPEC §2 /admin/wallet-transactions, §7 `wallet-transactions` and its
// `stats`; docs/decisions/041-staff-escrow-and-wallet-transactions.md). A line is exactly what the fan's own wallet
// shows (services/wallet/wallet.ts), with whose it is. No index lists wallet lines across fans and no Scan is allowed,
// so the list reads the fans' directory (one index partition, decision 037), keeps the fans the search names (a part
// of the name or e-mail, or the id), and reads each kept fan's wallet, a few at a time; the lines are merged newest
// first. A page needs only each fan's first `page × limit` lines; the totals count them all.
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
import type { TableRef } from '../../data/table';
import { forEachItem } from '../../data/table';
import type { Clock } from '../../runtime/clock';
import { getClock } from '../../runtime/clock';
import { getTable } from '../../runtime/table';
import { listWalletTransactions } from '../wallet/wallet';
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

/**
 * `GET /api/admin/wallet-transactions`: every wallet line of the fans the search names (all fans without one), money
 * in or out (`type`), of one kind (`status`), newest first unless sorted by amount, a page of `limit` (10 by default,
 * SPEC §9). Newest first and of every kind, each fan's wallet is read only as far as the page reaches; else whole.
 */
export async function listWalletTransactionsForStaff(
  deps: StaffWalletDependencies,
  query: StaffWalletListQuery,
): Promise<{ transactions: StaffWalletTransaction[]; pagination: Pagination }> {
  const fans = fansMatching(await listAccountDirectory(deps.table, 'fan'), query.search);
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
 * time, UTC), every fan's, totalled by kind: how many, the money in and the money out. A fan's wallet is read newest
 * first and only until its lines are older than the period.
 */
export async function readWalletStatsForStaff(
  deps: StaffWalletDependencies,
  period: (typeof staffWalletPeriods)[number],
): Promise<StaffWalletStats> {
  const now = deps.clock.now();
  const from = periodStartOf(period, now);
  const fromIso = from?.toISOString() ?? '';
  const fans = await listAccountDirectory(deps.table, 'fan');
  const byKind = new Map(
    walletTransactionKinds.map((kind) => [kind, { kind, lines: 0, creditCents: 0, debitCents: 0 }]),
  );
  const fansWithLines = new Set<string>();
  await forEachItem(fans, parallelFans, async (fan) => {
    for (let page = 1; ; page += 1) {
      const { transactions, pagination } = await listWalletTransactions(deps, fan.id, {
        page,
        limit: statsPageSize,
        type: 'all',
      });
      let older = false;
      for (const line of transactions) {
        if (line.createdAt < fromIso || line.createdAt > now.toISOString()) {
          older ||= line.createdAt < fromIso;
          continue;
        }
        const totals = byKind.get(line.kind);
        if (!totals) continue;
        fansWithLines.add(fan.id);
        totals.lines += 1;
        if (line.amountCents > 0) totals.creditCents += line.amountCents;
        else totals.debitCents += -line.amountCents;
      }
      if (older || page >= pagination.pages) return;
    }
  });
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
