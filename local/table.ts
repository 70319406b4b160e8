// Creates the one table (DESIGN §4) in DynamoDB Local from the same definition the CDK stack uses.
import {
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  ResourceInUseException,
  ResourceNotFoundException,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import type { DynamoDBClient, TableDescription } from '@aws-sdk/client-dynamodb';
import { buildCreateTableInput, tableDefinition } from '../functions/data/table-definition';

const ACTIVE_POLL_MS = 100;
const ACTIVE_TIMEOUT_MS = 60_000;

/** Creates the table (with its GSIs and TTL) unless it is there already. */
export async function ensureTable(
  client: DynamoDBClient,
  tableName: string,
): Promise<'created' | 'existing'> {
  const existing = await describeTable(client, tableName);
  if (existing) {
    await waitUntilActive(client, tableName, existing);
    // A first start interrupted between CreateTable and UpdateTimeToLive would otherwise never get TTL.
    await enableTimeToLive(client, tableName);
    return 'existing';
  }
  try {
    await client.send(new CreateTableCommand(buildCreateTableInput(tableName)));
  } catch (error) {
    // Someone else (another process on the same data) created it between our describe and create.
    if (!(error instanceof ResourceInUseException)) throw error;
    await waitUntilActive(client, tableName);
    await enableTimeToLive(client, tableName);
    return 'existing';
  }
  await waitUntilActive(client, tableName);
  await enableTimeToLive(client, tableName);
  return 'created';
}

/** Deletes the table; a table that is already gone is fine. */
export async function deleteTable(client: DynamoDBClient, tableName: string): Promise<void> {
  try {
    await client.send(new DeleteTableCommand({ TableName: tableName }));
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
}

async function describeTable(
  client: DynamoDBClient,
  tableName: string,
): Promise<TableDescription | undefined> {
  try {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    return Table;
  } catch (error) {
    if (error instanceof ResourceNotFoundException) return undefined;
    throw error;
  }
}

function isActive(table: TableDescription | undefined): boolean {
  return (
    table?.TableStatus === 'ACTIVE' &&
    (table.GlobalSecondaryIndexes ?? []).every((index) => index.IndexStatus === 'ACTIVE')
  );
}

// Our own short poll rather than the SDK waiter, whose minimum delay is whole seconds.
async function waitUntilActive(
  client: DynamoDBClient,
  tableName: string,
  known?: TableDescription,
): Promise<void> {
  const deadline = Date.now() + ACTIVE_TIMEOUT_MS;
  let table = known ?? (await describeTable(client, tableName));
  while (!isActive(table)) {
    if (Date.now() > deadline) {
      throw new Error(
        `Table ${tableName} is not ACTIVE after ${ACTIVE_TIMEOUT_MS / 1000} s (${table?.TableStatus})`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, ACTIVE_POLL_MS));
    table = await describeTable(client, tableName);
  }
}

async function enableTimeToLive(client: DynamoDBClient, tableName: string): Promise<void> {
  const { TimeToLiveDescription } = await client.send(
    new DescribeTimeToLiveCommand({ TableName: tableName }),
  );
  const status = TimeToLiveDescription?.TimeToLiveStatus;
  if (status === 'ENABLED' || status === 'ENABLING') return;
  await client.send(
    new UpdateTimeToLiveCommand({
      TableName: tableName,
      TimeToLiveSpecification: { AttributeName: tableDefinition.ttlAttribute, Enabled: true },
    }),
  );
}
