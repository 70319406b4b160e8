// Every item of a test's own table, read with consistent reads page by page: for the checks that look at the whole of
// what a test or a simulated day left behind (the ledger audit, the simulation's auditor, a write compared item by
// item). A Scan is fine here: a test's own table, never a request path.
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { TableRef } from '../../functions/data/table';

export type StoredItem = Record<string, NativeAttributeValue>;

/**
 * Every item of the table, or, given `entities`, only the items of those entities (the filter runs in DynamoDB: the
 * scan still reads every item, but sends and parses only those asked for). `segments` reads that many parts of the
 * table at once (a parallel Scan), in the order of the parts.
 */
export async function scanTable(
  table: TableRef,
  entities?: readonly string[],
  segments = 1,
): Promise<StoredItem[]> {
  const filter = entities
    ? {
        FilterExpression: `#entity IN (${entities.map((_, index) => `:entity${index}`).join(', ')})`,
        ExpressionAttributeNames: { '#entity': 'entity' },
        ExpressionAttributeValues: Object.fromEntries(
          entities.map((entity, index) => [`:entity${index}`, entity]),
        ),
      }
    : {};
  const part = async (segment: number): Promise<StoredItem[]> => {
    const items: StoredItem[] = [];
    let startKey: StoredItem | undefined;
    do {
      const page = await table.client.send(
        new ScanCommand({
          TableName: table.name,
          ExclusiveStartKey: startKey,
          ConsistentRead: true,
          ...(segments > 1 ? { Segment: segment, TotalSegments: segments } : {}),
          ...filter,
        }),
      );
      items.push(...(page.Items ?? []));
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    return items;
  };
  const parts = await Promise.all(Array.from({ length: segments }, (_, segment) => part(segment)));
  return parts.flat();
}
