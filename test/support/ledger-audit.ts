// The reconciliation-style check every integration test file ends with (after the whole suite every transaction
// sums to zero and every balance equals its entries): it reads the file's whole table, so whatever
// money a test moved, by whatever path, the ledger it left behind is balanced.
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import type { TableRef } from '../../functions/data/table';
import { scanTable } from './table-scan';

export interface LedgerAudit {
  transactions: number;
  accounts: number;
  entries: number;
  /** One sentence per problem found; empty when the ledger is balanced. */
  problems: string[];
}

export async function auditLedger(table: TableRef): Promise<LedgerAudit> {
  return auditLedgerItems(await scanTable(table));
}

/** The same audit over items already read (the simulation reads its table once a day for every check). */
export function auditLedgerItems(items: readonly Record<string, NativeAttributeValue>[]): LedgerAudit {
  const problems: string[] = [];
  const balances = new Map<string, number>();
  const entrySums = new Map<string, number>();
  const entriesOfTransaction = new Map<string, number>();
  let transactions = 0;
  let entries = 0;
  for (const item of items) {
    if (item['entity'] === 'ledger-transaction') {
      transactions += 1;
      const postings = item['postings'] as { accountId: string; amountCents: number }[];
      const sum = postings.reduce((total, posting) => total + posting.amountCents, 0);
      if (sum !== 0) problems.push(`transaction ${String(item['id'])} sums to ${sum}, not 0`);
      if (postings.some((posting) => !Number.isInteger(posting.amountCents))) {
        problems.push(`transaction ${String(item['id'])} has a posting that is not whole cents`);
      }
    } else if (item['entity'] === 'ledger-balance') {
      // A sharded account has several balance items (`BALANCE#<shard>`): its balance is their sum.
      const pk = String(item['pk']);
      balances.set(pk, (balances.get(pk) ?? 0) + Number(item['balance']));
    } else if (item['entity'] === 'ledger-entry') {
      entries += 1;
      const pk = String(item['pk']);
      entrySums.set(pk, (entrySums.get(pk) ?? 0) + Number(item['amountCents']));
      const transactionId = String(item['transactionId']);
      entriesOfTransaction.set(
        transactionId,
        (entriesOfTransaction.get(transactionId) ?? 0) + Number(item['amountCents']),
      );
    }
  }
  for (const [pk, balance] of balances) {
    const sum = entrySums.get(pk) ?? 0;
    if (sum !== balance) problems.push(`${pk} has balance ${balance} but its entries sum to ${sum}`);
  }
  for (const pk of entrySums.keys()) {
    if (!balances.has(pk)) problems.push(`${pk} has entries but no balance item`);
  }
  for (const item of items) {
    if (item['entity'] !== 'ledger-transaction' || item['status'] !== 'complete') continue;
    const sum = entriesOfTransaction.get(String(item['id'])) ?? 0;
    if (sum !== 0) problems.push(`the entries of complete transaction ${String(item['id'])} sum to ${sum}`);
  }
  return { transactions, accounts: balances.size, entries, problems };
}
