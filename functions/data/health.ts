// Access pattern `probeTable`: proves the table answers a read (GET /api/health). Reads one fixed key that never
// exists, so it needs only dynamodb:GetItem and costs half a read unit.
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { healthProbeKey } from './keys';
import type { TableRef } from './table';

export async function probeTable(table: TableRef): Promise<void> {
  await table.client.send(new GetCommand({ TableName: table.name, Key: healthProbeKey }));
}
