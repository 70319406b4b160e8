// Access pattern `probeTable`: proves the table answers a read (GET /api/health). Reads one fixed key that never
// exists, so it needs only dynamodb:GetItem and costs half a read unit.
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { healthProbeKey } from './keys';

export async function probeTable(client: DynamoDBDocumentClient, tableName: string): Promise<void> {
  await client.send(new GetCommand({ TableName: tableName, Key: healthProbeKey }));
}
