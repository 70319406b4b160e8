// DynamoDB Local is the local stand-in for DynamoDB (DESIGN §3): these prove the parts of it the product relies on.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  ListTablesCommand,
  TransactionCanceledException,
} from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalDynamoDbClient, LOCAL_REGION, startDynamoDbLocal } from '../../local/dynamodb-local';
import { ensureTable } from '../../local/table';
import { localCredentials } from '../../functions/runtime/dynamodb-client';

function readTableName(): string {
  const tableName = process.env.TABLE_NAME;
  if (!tableName) throw new Error('TABLE_NAME is not set: dynamodb-table-setup.ts should have set it');
  return tableName;
}

function readEndpoint(): string {
  const endpoint = process.env.DYNAMODB_ENDPOINT;
  if (!endpoint) throw new Error('DYNAMODB_ENDPOINT is not set: dynamodb-table-setup.ts should have set it');
  return endpoint;
}

describe('the shared DynamoDB Local and the per-file table', () => {
  const client = createLocalDynamoDbClient(readEndpoint());
  const documents = DynamoDBDocumentClient.from(client);
  const tableName = readTableName();

  afterAll(() => {
    client.destroy();
  });

  it('creates the table with its three GSIs and TTL on expiresAt', async () => {
    // Prepare: the setup file created the table.

    // Act
    const { Table } = await client.send(new DescribeTableCommand({ TableName: tableName }));
    const { TimeToLiveDescription } = await client.send(
      new DescribeTimeToLiveCommand({ TableName: tableName }),
    );

    // Assess
    expect(tableName).toMatch(/^openpie-test-[0-9a-f]+$/);
    expect(Table?.TableStatus).toBe('ACTIVE');
    expect(Table?.KeySchema).toEqual([
      { AttributeName: 'pk', KeyType: 'HASH' },
      { AttributeName: 'sk', KeyType: 'RANGE' },
    ]);
    expect((Table?.GlobalSecondaryIndexes ?? []).map((index) => index.IndexName).sort()).toEqual([
      'gsi1',
      'gsi2',
      'gsi3',
    ]);
    expect(TimeToLiveDescription).toEqual({ TimeToLiveStatus: 'ENABLED', AttributeName: 'expiresAt' });
  });

  it('cancels a whole transaction when one condition fails, and writes nothing', async () => {
    // Prepare
    const firstKey = { pk: 'TEST#tx', sk: 'first' };
    const missingKey = { pk: 'TEST#tx', sk: 'missing' };
    const transaction = new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: tableName,
            Item: { ...firstKey, entity: 'test', v: 1 },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        {
          Update: {
            TableName: tableName,
            Key: missingKey,
            UpdateExpression: 'SET #count = #count + :one',
            ConditionExpression: 'attribute_exists(pk)',
            ExpressionAttributeNames: { '#count': 'count' },
            ExpressionAttributeValues: { ':one': 1 },
          },
        },
      ],
    });

    // Act
    const failure: unknown = await documents.send(transaction).then(
      () => undefined,
      (error: unknown) => error,
    );
    const { Item } = await documents.send(new GetCommand({ TableName: tableName, Key: firstKey }));

    // Assess
    expect(failure).toBeInstanceOf(TransactionCanceledException);
    const reasons = (failure as TransactionCanceledException).CancellationReasons?.map(
      (reason) => reason.Code,
    );
    expect(reasons).toEqual(['None', 'ConditionalCheckFailed']);
    expect(Item).toBeUndefined();
  });

  it('answers existing when the table is already there', async () => {
    // Prepare: the setup file created the table.

    // Act
    const outcome = await ensureTable(client, tableName);

    // Assess
    expect(outcome).toBe('existing');
  });
});

describe('DynamoDB Local on disk', () => {
  let dataDir: string | undefined;

  afterAll(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps items across a restart on the same data folder, and each instance stops cleanly', async () => {
    // Prepare
    dataDir = await mkdtemp(path.join(tmpdir(), 'openpie-dynamodb-'));
    const tableName = 'openpie-persistence';
    const item = {
      pk: 'TEST#persist',
      sk: 'item',
      entity: 'test',
      v: 1,
      note: 'written by the first instance',
    };
    const first = await startDynamoDbLocal({ dataDir });
    const firstClient = createLocalDynamoDbClient(first.endpoint);
    try {
      expect(await ensureTable(firstClient, tableName)).toBe('created');
      await DynamoDBDocumentClient.from(firstClient).send(
        new PutCommand({ TableName: tableName, Item: item }),
      );
    } finally {
      firstClient.destroy();
      await first.stop();
    }
    await first.stop();

    // Act
    const second = await startDynamoDbLocal({ dataDir });
    const secondClient = createLocalDynamoDbClient(second.endpoint);
    let found: Record<string, unknown> | undefined;
    let outcome: string;
    try {
      outcome = await ensureTable(secondClient, tableName);
      ({ Item: found } = await DynamoDBDocumentClient.from(secondClient).send(
        new GetCommand({ TableName: tableName, Key: { pk: item.pk, sk: item.sk } }),
      ));
    } finally {
      secondClient.destroy();
      await second.stop();
    }

    // Assess
    expect(outcome).toBe('existing');
    expect(found).toEqual(item);
    // One database file per access key and region: every local client must use the same pair.
    expect(await readdir(dataDir)).toContain(`${localCredentials.accessKeyId}_${LOCAL_REGION}.db`);
    await expectNothingListening(first.endpoint);
    await expectNothingListening(second.endpoint);
  });
});

async function expectNothingListening(endpoint: string): Promise<void> {
  const client = createLocalDynamoDbClient(endpoint);
  try {
    await expect(client.send(new ListTablesCommand({}))).rejects.toThrow();
  } finally {
    client.destroy();
  }
}
