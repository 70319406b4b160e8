// queryPagesOfEach (functions/data/table.ts): the sharded jobs' reads (the pies due, the lots due, the syncable fans)
// ask for every shard's first page at once and still hand the pages over shard after shard, in order.
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { queryPagesOfEach } from '../../functions/data/table';
import { createLocalDynamoDbClient } from '../../local/dynamodb-local';

const tableName = process.env.TABLE_NAME ?? '';
const client = createLocalDynamoDbClient(process.env.DYNAMODB_ENDPOINT ?? '');
const documents = DynamoDBDocumentClient.from(client);
/** What each Query asked for, in the order the client sent them: the partition, and whether it was a later page. */
const sent: string[] = [];
documents.middlewareStack.add(
  (next, context) => async (args) => {
    const input = args.input as {
      ExpressionAttributeValues?: Record<string, unknown>;
      ExclusiveStartKey?: unknown;
    };
    if (context.commandName === 'QueryCommand') {
      sent.push(
        `${String(input.ExpressionAttributeValues?.[':pk'])}${input.ExclusiveStartKey ? ' next' : ''}`,
      );
    }
    return next(args);
  },
  { step: 'initialize', name: 'recordQueries' },
);
const table = { client: documents, name: tableName };

const partitionQuery = (pk: string) => ({
  KeyConditionExpression: 'pk = :pk',
  ExpressionAttributeValues: { ':pk': pk },
  Limit: 2,
});

async function putItems(pk: string, sortKeys: readonly string[]): Promise<void> {
  for (const sk of sortKeys) {
    await documents.send(new PutCommand({ TableName: tableName, Item: { pk, sk } }));
  }
}

afterAll(() => client.destroy());

describe('queryPagesOfEach', () => {
  it('hands over each partition’s pages in order, partition after partition, having asked for every first page at once', async () => {
    // Prepare: three shards of five, none and three items, read two items a page
    await putItems('SHARDED#0', ['a', 'b', 'c', 'd', 'e']);
    await putItems('SHARDED#2', ['f', 'g', 'h']);
    sent.length = 0;
    // Act
    const pages: string[][] = [];
    for await (const page of queryPagesOfEach(table, [
      partitionQuery('SHARDED#0'),
      partitionQuery('SHARDED#1'),
      partitionQuery('SHARDED#2'),
    ])) {
      pages.push((page.Items ?? []).map((item) => String(item['sk'])));
    }
    // Assess: the same pages as reading the shards one by one, the three first pages sent before any later one
    expect(pages.flat()).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']);
    expect(pages.filter((page) => page.length > 0)).toEqual([
      ['a', 'b'],
      ['c', 'd'],
      ['e'],
      ['f', 'g'],
      ['h'],
    ]);
    expect(sent.slice(0, 3)).toEqual(['SHARDED#0', 'SHARDED#1', 'SHARDED#2']);
    expect(sent.slice(3).every((query) => query.endsWith(' next'))).toBe(true);
  });

  it('lets a caller stop after the first page, though a later shard’s first page fails, and reports a failure it reaches', async () => {
    // Prepare: the second query names an index the table does not have, so DynamoDB refuses it
    await putItems('EARLY#0', ['a', 'b', 'c']);
    const inputs = [partitionQuery('EARLY#0'), { ...partitionQuery('EARLY#1'), IndexName: 'no-such-index' }];
    // Act: stop at the first page (the refused page is read ahead and dropped: no unhandled rejection fails the run)
    const first: string[] = [];
    for await (const page of queryPagesOfEach(table, inputs)) {
      first.push(...(page.Items ?? []).map((item) => String(item['sk'])));
      break;
    }
    const reading = (async () => {
      for await (const page of queryPagesOfEach(table, inputs)) void page;
    })();
    // Assess
    expect(first).toEqual(['a', 'b']);
    await expect(reading).rejects.toThrow(/index/i);
  });
});
