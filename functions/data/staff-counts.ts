// Counts staff's dashboard reads without reading the items: the claims of one status (gsi3 `CLAIMS#<status>`, the
// staff queue's index of data/claims.ts), by Select COUNT.
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { ClaimStatus } from '../domain/claims/claim-status';
import { claimsByStatusPartition } from './keys';
import type { TableRef } from './table';

/** countClaimsByStatus: how many claims have one status (no item is returned, only the count). */
export async function countClaimsByStatus(table: TableRef, status: ClaimStatus): Promise<number> {
  let count = 0;
  let startKey: Record<string, NativeAttributeValue> | undefined;
  do {
    const reply = await table.client.send(
      new QueryCommand({
        TableName: table.name,
        IndexName: 'gsi3',
        KeyConditionExpression: 'gsi3pk = :pk',
        ExpressionAttributeValues: { ':pk': claimsByStatusPartition(status) },
        Select: 'COUNT',
        ...(startKey ? { ExclusiveStartKey: startKey } : {}),
      }),
    );
    count += reply.Count ?? 0;
    startKey = reply.LastEvaluatedKey;
  } while (startKey);
  return count;
}
