// Reads of the ledger by time, for staff's finances and the accountant's journal (decision 042). An account's entries
// are sorted by the instant of their transaction (`ENTRY#<at>#<transactionId>#<chunk>`, data/keys.ts), so the entries
// of a period are one key-range Query of the account's partition: no Scan and no index. Read-only; the ledger's own
// access functions (data/ledger.ts) write these items.
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import type { AccountId } from '../domain/money/ledger';
import { parseAccountId, transactionKinds } from '../domain/money/ledger';
import type { LedgerEntry } from './ledger';
import { ledgerAccountPartition, ledgerEntrySortPrefix } from './keys';
import type { TableRef } from './table';
import { queryPages } from './table';

const entrySchema = z.object({
  accountId: z.string().check(z.refine((id) => isAccountId(id))),
  transactionId: z.string(),
  kind: z.enum(transactionKinds),
  amountCents: z.number().check(z.int()),
  at: z.string(),
});

function isAccountId(id: string): boolean {
  try {
    parseAccountId(id);
    return true;
  } catch {
    return false;
  }
}

function toEntry(item: Record<string, NativeAttributeValue>): LedgerEntry {
  const entry = entrySchema.parse(item);
  return { ...entry, accountId: entry.accountId as AccountId };
}

/** Where a range of entries starts and ends: instants (ISO 8601), `from` included and `to` left out. */
export interface EntryRange {
  /** The first instant; null from the ledger's beginning. */
  from: string | null;
  /** Null to the end. */
  to: string | null;
  /** Entries strictly after this transaction (a page's last: its instant and id), when set. */
  after?: { at: string; transactionId: string } | null;
}

/** The sort keys of a range: a sort key is `ENTRY#<at>#<transactionId>#<chunk>`, and `~` sorts after every digit. */
function sortKeyBounds(range: EntryRange): { lower: string; upper: string } {
  const from = range.from ? `${ledgerEntrySortPrefix}${range.from}` : ledgerEntrySortPrefix;
  const after = range.after
    ? `${ledgerEntrySortPrefix}${range.after.at}#${range.after.transactionId}#~`
    : null;
  return {
    lower: after !== null && after > from ? after : from,
    // Every entry at `to` has a longer key than `ENTRY#<to>`, so BETWEEN leaves it out: the range ends before `to`.
    upper: range.to ? `${ledgerEntrySortPrefix}${range.to}` : `${ledgerEntrySortPrefix}~`,
  };
}

/**
 * Access pattern `listLedgerEntriesInRange`: an account's entries in a range, oldest first, all of them or at most
 * `limit` (a journal page needs no more from one account than the page holds).
 */
export async function listLedgerEntriesInRange(
  table: TableRef,
  accountId: AccountId,
  range: EntryRange,
  { limit = null }: { limit?: number | null } = {},
): Promise<LedgerEntry[]> {
  const { lower, upper } = sortKeyBounds(range);
  if (lower >= upper) return [];
  const entries: LedgerEntry[] = [];
  if (limit !== null) {
    const reply = await table.client.send(
      new QueryCommand({
        TableName: table.name,
        KeyConditionExpression: 'pk = :pk AND sk BETWEEN :lower AND :upper',
        ExpressionAttributeValues: {
          ':pk': ledgerAccountPartition(accountId),
          ':lower': lower,
          ':upper': upper,
        },
        Limit: limit,
      }),
    );
    return (reply.Items ?? []).map(toEntry);
  }
  for await (const page of queryPages(table, {
    KeyConditionExpression: 'pk = :pk AND sk BETWEEN :lower AND :upper',
    ExpressionAttributeValues: {
      ':pk': ledgerAccountPartition(accountId),
      ':lower': lower,
      ':upper': upper,
    },
  })) {
    entries.push(...(page.Items ?? []).map(toEntry));
  }
  return entries;
}
