// One transaction of named operations (`transact` in functions/data/table.ts), on DynamoDB Local: all of it is written
// or none of it, and when DynamoDB cancels it the error names the operations whose condition failed, not their places.
import { randomUUID } from 'node:crypto';
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { TableRef, TransactionItem } from '../../functions/data/table';
import { cancelledTransaction, putNewItem, transact, TransactionCancelled } from '../../functions/data/table';
import { testTable } from '../support/test-table';

const pk = () => `TRANSACT-TEST#${randomUUID()}`;

function putIfAbsent(table: TableRef, key: string): TransactionItem {
  return putNewItem(table, { pk: key, sk: 'ITEM', entity: 'transact-test', v: 1 });
}

function updateIfVersion(table: TableRef, key: string, version: number): TransactionItem {
  return {
    Update: {
      TableName: table.name,
      Key: { pk: key, sk: 'ITEM' },
      UpdateExpression: 'SET #version = :next',
      ConditionExpression: '#version = :version',
      ExpressionAttributeNames: { '#version': 'version' },
      ExpressionAttributeValues: { ':version': version, ':next': version + 1 },
    },
  };
}

async function putVersioned(table: TableRef, key: string, version: number): Promise<void> {
  await table.client.send(
    new PutCommand({
      TableName: table.name,
      Item: { pk: key, sk: 'ITEM', entity: 'transact-test', v: 1, version },
    }),
  );
}

async function exists(table: TableRef, key: string): Promise<boolean> {
  const { Item } = await table.client.send(
    new GetCommand({ TableName: table.name, Key: { pk: key, sk: 'ITEM' }, ConsistentRead: true }),
  );
  return Item !== undefined;
}

describe('transact: one transaction of named operations', () => {
  it('writes every operation when every condition holds', async () => {
    // Prepare
    const table = testTable();
    const [first, second, guarded] = [pk(), pk(), pk()];
    await putVersioned(table, guarded, 1);

    // Act
    await transact(table, {
      first: putIfAbsent(table, first),
      second: putIfAbsent(table, second),
      guard: updateIfVersion(table, guarded, 1),
    });

    // Assess
    expect(await exists(table, first)).toBe(true);
    expect(await exists(table, second)).toBe(true);
  });

  it('names the one operation of three whose condition failed, and writes none of them', async () => {
    // Prepare: the middle operation's item exists already, so its "not there yet" condition fails.
    const table = testTable();
    const [invitation, member, counter] = [pk(), pk(), pk()];
    await putVersioned(table, member, 1);
    await putVersioned(table, counter, 4);

    // Act
    const failure = await transact(table, {
      invitation: putIfAbsent(table, invitation),
      member: putIfAbsent(table, member),
      counter: updateIfVersion(table, counter, 4),
    }).catch((error: unknown) => error);

    // Assess
    expect(failure).toBeInstanceOf(TransactionCancelled);
    const cancelled = cancelledTransaction(failure);
    expect(cancelled?.conditionsFailed).toEqual(['member']);
    expect(cancelled?.failed('member')).toBe(true);
    expect(cancelled?.failed('invitation')).toBe(false);
    expect(cancelled?.failed('counter')).toBe(false);
    expect(cancelled?.conflicted).toBe(false);
    expect(cancelled?.message).toContain('member');
    expect(await exists(table, invitation)).toBe(false);
  });

  it('names a group of items once when one of them fails, and every failed name in the order given', async () => {
    // Prepare: the second lot of the group and the last operation fail their conditions.
    const table = testTable();
    const lots = [pk(), pk(), pk()];
    const [marker, guard] = [pk(), pk()];
    await putVersioned(table, lots[1] ?? '', 1);
    await putVersioned(table, guard, 2);

    // Act
    const failure = await transact(table, {
      marker: putIfAbsent(table, marker),
      lots: lots.map((lot) => putIfAbsent(table, lot)),
      alongside: [],
      skipped: null,
      guard: updateIfVersion(table, guard, 1),
    }).catch((error: unknown) => error);

    // Assess
    expect(cancelledTransaction(failure)?.conditionsFailed).toEqual(['lots', 'guard']);
    expect(await exists(table, marker)).toBe(false);
    expect(await exists(table, lots[0] ?? '')).toBe(false);
  });

  it("says when another transaction writing the same item cancelled it (DynamoDB's reply stubbed: Local does not race)", async () => {
    // Prepare: DynamoDB Local runs transactions one at a time, so the client answers as DynamoDB does under a race.
    const table = testTable();
    const raced: TableRef = {
      name: table.name,
      client: {
        send: () =>
          Promise.reject(
            new TransactionCanceledException({
              message: 'Transaction cancelled',
              $metadata: {},
              CancellationReasons: [{ Code: 'None' }, { Code: 'TransactionConflict' }],
            }),
          ),
      } as unknown as TableRef['client'],
    };

    // Act
    const failure = await transact(raced, {
      marker: putIfAbsent(table, pk()),
      counter: updateIfVersion(table, pk(), 1),
    }).catch((error: unknown) => error);

    // Assess
    expect(cancelledTransaction(failure)?.conflicted).toBe(true);
    expect(cancelledTransaction(failure)?.conditionsFailed).toEqual([]);
  });

  it('throws any other failure as it came, not as a cancelled transaction', async () => {
    // Prepare: an item names a table that does not exist.
    const table = testTable();
    const elsewhere: TransactionItem = {
      Put: { TableName: `${table.name}-missing`, Item: { pk: pk(), sk: 'ITEM' } },
    };

    // Act
    const failure = await transact(table, { elsewhere }).catch((error: unknown) => error);

    // Assess
    expect(failure).toBeInstanceOf(Error);
    expect(cancelledTransaction(failure)).toBeNull();
    expect((failure as Error).name).toBe('ResourceNotFoundException');
  });
});
