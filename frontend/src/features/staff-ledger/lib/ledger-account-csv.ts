// An account's entries as a CSV: every entry the ledger holds for it, newest first as on screen (every page, not
// only the one shown), read 100 a call by following the API's cursor.
import type { StaffLedgerAccountPage } from '@contracts/admin-ledger';
import type { PreparedCsv } from '../../../components/csv-download';
import type { CsvColumn } from '../../../lib/csv';
import { buildCsv, writeDollars } from '../../../lib/csv';
import { fetchLedgerAccount, ledgerCsvEntriesPerPage } from '../api/get-ledger-account';

type LedgerEntry = StaffLedgerAccountPage['entries'][number];

const entryCsvColumns = (accountId: string): readonly CsvColumn<LedgerEntry>[] => [
  { name: 'account_id', value: () => accountId },
  { name: 'at', value: (entry) => entry.at },
  { name: 'transaction_id', value: (entry) => entry.transactionId },
  { name: 'kind', value: (entry) => entry.kind },
  { name: 'amount_cents', value: (entry) => entry.amountCents },
  { name: 'amount_dollars', value: (entry) => writeDollars(entry.amountCents) },
];

/** `pie-funds:pie_1` → `openpie-ledger-pie-funds-pie_1.csv`: a file name every system accepts. */
export function ledgerAccountCsvFile(accountId: string): string {
  return `openpie-ledger-${accountId.replace(/[^A-Za-z0-9_-]+/g, '-')}.csv`;
}

/** Every entry of the account, page after page until the ledger has no older one; a page that fails fails the CSV. */
export async function prepareLedgerAccountCsv(accountId: string): Promise<PreparedCsv> {
  const entries: LedgerEntry[] = [];
  const seen = new Set<string>();
  let cursor: string | null = null;
  do {
    const page: StaffLedgerAccountPage = await fetchLedgerAccount(accountId, cursor, ledgerCsvEntriesPerPage);
    entries.push(...page.entries);
    // A cursor the ledger already gave would read the same entries again: stop rather than loop.
    cursor = page.nextCursor !== null && !seen.has(page.nextCursor) ? page.nextCursor : null;
    if (cursor !== null) seen.add(cursor);
  } while (cursor !== null);
  return { text: buildCsv(entries, entryCsvColumns(accountId)), rows: entries.length };
}
