// Every item of a test's own table, read with consistent reads page by page: for the checks that look at the whole of
// what a test or a simulated day left behind (the ledger audit, the simulation's auditor, a write compared item by
// item). A Scan is fine here: a test's own table, never a request path.
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { TableRef } from '../../functions/data/table';

export type StoredItem = Record<string, NativeAttributeValue>;

export async function scanTable(table: TableRef): Promise<StoredItem[]> {
  const items: StoredItem[] = [];
  let startKey: StoredItem | undefined;
  do {
    const page = await table.client.send(
      new ScanCommand({ TableName: table.name, ExclusiveStartKey: startKey, ConsistentRead: true }),
    );
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}
