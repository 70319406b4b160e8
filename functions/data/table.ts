// The table an access pattern works on: the document client and the table's name, passed together.
import type {
  DynamoDBDocumentClient,
  NativeAttributeValue,
  QueryCommandInput,
  TransactWriteCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { BatchGetCommand, BatchWriteCommand, paginateQuery } from '@aws-sdk/lib-dynamodb';
import type { ItemKey } from './keys';

export interface TableRef {
  client: DynamoDBDocumentClient;
  name: string;
}

/**
 * One write of a TransactWriteItems. Access patterns that change state take extra items `alongside` (a link token, a
 * mail for the outbox), so what belongs together is written together or not at all.
 */
export type TransactionItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** DynamoDB's TTL reads epoch seconds. */
export function toEpochSeconds(at: Date): number {
  return Math.floor(at.getTime() / 1000);
}

/** True for a failed ConditionExpression, alone or inside a cancelled transaction. */
export function isConditionFailure(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'ConditionalCheckFailedException';
}

/** The cancellation codes of a failed TransactWriteItems, one per item in order; null for other errors. */
export function transactionCancellationCodes(error: unknown): (string | undefined)[] | null {
  const candidate = error as { name?: unknown; CancellationReasons?: { Code?: string }[] } | null;
  if (candidate?.name !== 'TransactionCanceledException') return null;
  return (candidate.CancellationReasons ?? []).map((reason) => reason.Code);
}

/**
 * Runs `work` on each chunk of `items` (`size` at a time), at most `parallel` chunks at once: batch reads and writes
 * of hundreds of items, which one after another would spend most of a request waiting on round trips.
 */
export async function forEachChunk<T>(
  items: readonly T[],
  size: number,
  parallel: number,
  work: (chunk: T[]) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const chunk = items.slice(next, next + size);
      next += size;
      await work(chunk);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, Math.ceil(items.length / size)) }, worker));
}

/** The wait before retrying a batch's unprocessed items: exponential from 50 ms, at most a second. */
export function backOff(attempt: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.min(1000, 25 * 2 ** attempt)));
}

/** Runs `work` on each item, at most `parallel` at once (single-item requests: conditional writes, queries). */
export async function forEachItem<T>(
  items: readonly T[],
  parallel: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  await forEachChunk(items, 1, parallel, async (chunk) => {
    for (const item of chunk) await work(item);
  });
}

/** Every item a Query finds, through all its pages (the SDK's paginator); for partitions known to stay small. */
export async function queryAll(
  table: TableRef,
  input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>,
): Promise<Record<string, NativeAttributeValue>[]> {
  const items: Record<string, NativeAttributeValue>[] = [];
  for await (const page of paginateQuery({ client: table.client }, { ...input, TableName: table.name })) {
    items.push(...(page.Items ?? []));
  }
  return items;
}

/** One request of a BatchWriteItem: a put or a delete. */
export type BatchWriteRequest =
  { PutRequest: { Item: Record<string, unknown> } } | { DeleteRequest: { Key: Record<string, unknown> } };

/**
 * BatchWriteItem of any number of puts and deletes: 25 a call, at most `parallel` calls at once, each retrying what
 * DynamoDB left unprocessed after a back-off.
 */
export async function batchWriteAll(
  table: TableRef,
  requests: readonly BatchWriteRequest[],
  { parallel = 1 }: { parallel?: number } = {},
): Promise<void> {
  await forEachChunk(requests, 25, parallel, async (chunk) => {
    let batch: BatchWriteRequest[] | undefined = chunk;
    for (let attempt = 0; batch && batch.length > 0; attempt += 1) {
      if (attempt > 0) await backOff(attempt);
      const reply = await table.client.send(new BatchWriteCommand({ RequestItems: { [table.name]: batch } }));
      batch = reply.UnprocessedItems?.[table.name] as BatchWriteRequest[] | undefined;
    }
  });
}

/**
 * BatchGetItem of any number of keys: 100 a call, at most `parallel` calls at once, each retrying the keys DynamoDB
 * left unprocessed after a back-off. Items come back in no particular order.
 */
export async function batchGetAll(
  table: TableRef,
  keys: readonly ItemKey[],
  {
    projection,
    names,
    parallel = 1,
    consistent = false,
  }: { projection: string; names?: Record<string, string>; parallel?: number; consistent?: boolean },
): Promise<Record<string, NativeAttributeValue>[]> {
  const items: Record<string, NativeAttributeValue>[] = [];
  await forEachChunk(keys, 100, parallel, async (chunk) => {
    let batch: ItemKey[] | undefined = chunk;
    for (let attempt = 0; batch && batch.length > 0; attempt += 1) {
      if (attempt > 0) await backOff(attempt);
      const reply = await table.client.send(
        new BatchGetCommand({
          RequestItems: {
            [table.name]: {
              Keys: batch,
              ProjectionExpression: projection,
              ...(names ? { ExpressionAttributeNames: names } : {}),
              ...(consistent ? { ConsistentRead: true } : {}),
            },
          },
        }),
      );
      items.push(...(reply.Responses?.[table.name] ?? []));
      batch = reply.UnprocessedKeys?.[table.name]?.Keys as ItemKey[] | undefined;
    }
  });
  return items;
}
