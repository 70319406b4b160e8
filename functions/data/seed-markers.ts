// Seed markers: local demo data is written once per data folder. The marker is written after the data, so a first
// start that fails halfway seeds again next time (the seeding itself tolerates what already exists).
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { seedMarkerKey } from './keys';
import type { TableRef } from './table';

/** isSeeded: local/seed.ts skips work done on an earlier start. */
export async function isSeeded(table: TableRef, name: string): Promise<boolean> {
  const { Item } = await table.client.send(
    new GetCommand({ TableName: table.name, Key: seedMarkerKey(name), ConsistentRead: true }),
  );
  return Item !== undefined;
}

/** markSeeded: local/seed.ts after writing its data. */
export async function markSeeded(table: TableRef, name: string, at: Date): Promise<void> {
  await table.client.send(
    new PutCommand({
      TableName: table.name,
      Item: { ...seedMarkerKey(name), entity: 'seed-marker', v: 1, seededAt: at.toISOString() },
    }),
  );
}
