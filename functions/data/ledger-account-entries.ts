// An account's entries in the ledger, as the table holds them (the account's partition, sort keys under `ENTRY#`):
// the one query that reads them, a page at a time, for the wallet's transactions and for the ledger's first instant.
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { AccountId } from '../domain/money/ledger';
import { ledgerAccountPartition, ledgerEntrySortPrefix } from './keys';
import type { TableRef } from './table';

/**
 * One page of an account's entries, oldest first unless `newestFirst`, from after `startKey` when given, only those
 * booked from `from` on when given.
 */
export async function queryAccountEntries(
  table: TableRef,
  accountId: AccountId,
  page: {
    limit: number;
    newestFirst?: boolean;
    startKey?: Record<string, NativeAttributeValue> | null;
    /** Only these attributes, by name. */
    attributes?: readonly string[];
    /** Only the entries booked at or after this instant (ISO). */
    from?: string;
  },
): Promise<{
  items: Record<string, NativeAttributeValue>[];
  lastKey: Record<string, NativeAttributeValue> | null;
}> {
  const names = page.attributes?.map((attribute, index) => [`#a${index}`, attribute] as const);
  const reply = await table.client.send(
    new QueryCommand({
      TableName: table.name,
      // Entries sort by instant under `ENTRY#`; `ENTRY$` sorts just after the last of them.
      ...(page.from === undefined
        ? {
            KeyConditionExpression: 'pk = :pk AND begins_with(sk, :entry)',
            ExpressionAttributeValues: {
              ':pk': ledgerAccountPartition(accountId),
              ':entry': ledgerEntrySortPrefix,
            },
          }
        : {
            KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :end',
            ExpressionAttributeValues: {
              ':pk': ledgerAccountPartition(accountId),
              ':from': `${ledgerEntrySortPrefix}${page.from}`,
              ':end': 'ENTRY$',
            },
          }),
      ...(names
        ? {
            ProjectionExpression: names.map(([name]) => name).join(', '),
            ExpressionAttributeNames: Object.fromEntries(names),
          }
        : {}),
      ...(page.newestFirst ? { ScanIndexForward: false } : {}),
      Limit: page.limit,
      ...(page.startKey ? { ExclusiveStartKey: page.startKey } : {}),
    }),
  );
  return { items: reply.Items ?? [], lastKey: reply.LastEvaluatedKey ?? null };
}
