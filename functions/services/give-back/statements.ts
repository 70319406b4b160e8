// The office's statements (decision 030): its ledger lines (the office payable's entries: date,
// kind, description, amount, balance after) or its payouts for a period of whole UTC days, as CSV for bookkeeping.
// `read-money`: admins and accountants.
import type { StatementQuery, StatementReply } from '../../contracts/give-back';
import type { LedgerEntry } from '../../data/ledger';
import { listOfficePayouts } from '../../data/payouts';
import { AppError } from '../../domain/errors';
import { accountIdOf } from '../../domain/money/ledger';
import { centsToDecimal, describeStatementKind, toCsv } from '../../domain/money/statement-csv';
import { getBalance, listEntries } from '../ledger';
import { requireOffice } from '../offices/office-gate';
import type { GiveBackDependencies } from './give-back';

/** A statement reads at most this many ledger entries back from now (years of an office's activity). */
export const maxStatementEntriesRead = 20_000;

function periodOf(query: Pick<StatementQuery, 'from' | 'to'>): { start: string; end: string } {
  const end = new Date(`${query.to}T00:00:00.000Z`);
  end.setUTCDate(end.getUTCDate() + 1);
  return { start: `${query.from}T00:00:00.000Z`, end: end.toISOString() };
}

/** The payable's entries from `start` (inclusive) to `end` (exclusive), oldest first, each with its balance after. */
async function readLedgerLines(
  deps: GiveBackDependencies,
  officeId: string,
  period: { start: string; end: string },
): Promise<{ entry: LedgerEntry; balanceAfter: number }[]> {
  const accountId = accountIdOf('office-payable', officeId);
  // Entries come newest first: walking back from today's balance gives each entry's balance after it.
  let running = await getBalance(deps, accountId);
  const lines: { entry: LedgerEntry; balanceAfter: number }[] = [];
  let cursor: string | null = null;
  let read = 0;
  do {
    const page = await listEntries(deps, accountId, { limit: 100, cursor });
    for (const entry of page.entries) {
      if (entry.at < period.start) return lines.reverse();
      if (entry.at < period.end) lines.push({ entry, balanceAfter: running });
      running -= entry.amountCents;
    }
    read += page.entries.length;
    cursor = page.cursor;
    if (read >= maxStatementEntriesRead && cursor) {
      throw new AppError('conflict', 'This period is too far back to read at once. Please ask us for it.');
    }
  } while (cursor);
  return lines.reverse();
}

/** `GET statements`: the CSV of one kind for [from, to] (UTC days, both included). */
export async function readStatement(
  deps: GiveBackDependencies,
  userId: string,
  query: StatementQuery,
): Promise<StatementReply> {
  await requireOffice(deps, userId, query.officeId, 'read-money');
  const period = periodOf(query);
  const fileName = `openpie-${query.kind}-${query.from}-to-${query.to}.csv`;
  if (query.kind === 'transactions') {
    const lines = await readLedgerLines(deps, query.officeId, period);
    const csv = toCsv(
      ['date', 'kind', 'description', 'amount_usd', 'balance_after_usd', 'transaction_id'],
      lines.map(({ entry, balanceAfter }) => [
        entry.at,
        entry.kind,
        describeStatementKind(entry.kind),
        centsToDecimal(entry.amountCents),
        centsToDecimal(balanceAfter),
        entry.transactionId,
      ]),
    );
    return { fileName, contentType: 'text/csv', rowCount: lines.length, csv };
  }
  const payouts = (await listOfficePayouts(deps.table, query.officeId))
    .filter((payout) => payout.createdAt >= period.start && payout.createdAt < period.end)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  const csv = toCsv(
    ['date', 'payout_id', 'status', 'amount_usd', 'fees_usd', 'net_usd', 'completed_at', 'failure_reason'],
    payouts.map((payout) => [
      payout.createdAt,
      payout.id,
      payout.status,
      centsToDecimal(payout.amountCents),
      centsToDecimal(payout.feesCents),
      centsToDecimal(payout.netCents),
      payout.completedAt ?? '',
      payout.failureReason ?? '',
    ]),
  );
  return { fileName, contentType: 'text/csv', rowCount: payouts.length, csv };
}
