// The ledger by date for transactions written before it (docs/decisions/042-staff-finances-and-journal.md): staff's
// finances, journal and wallet lines read the ledger's date indexes, which writeLedgerTransaction keys on every new
// transaction item; this gives the older items the same keys. An operator runs it once after deploying the indexes
// (`npm run ledger:index-backfill`, with STAGE=dev or prod for AWS). It reads the table whole (a Scan: it is no
// request's path) and sets the keys only on an item that has none, so running it again, or while the product writes,
// sets each item's keys once.
import { indexLedgerTransaction, pagesOfUnindexedLedgerTransactions } from '../../data/ledger-index';
import type { TableRef } from '../../data/table';
import { forEachItem } from '../../data/table';

/** Items updated at once. */
const parallelWrites = 8;

export interface LedgerIndexBackfillResult {
  /** Transaction items found without the index keys. */
  found: number;
  /** Of those, the ones this run gave their keys (another writer may have been first). */
  indexed: number;
}

export async function backfillLedgerIndex(table: TableRef): Promise<LedgerIndexBackfillResult> {
  const result: LedgerIndexBackfillResult = { found: 0, indexed: 0 };
  for await (const page of pagesOfUnindexedLedgerTransactions(table)) {
    result.found += page.length;
    await forEachItem(page, parallelWrites, async (transaction) => {
      if (await indexLedgerTransaction(table, transaction)) result.indexed += 1;
    });
  }
  return result;
}
