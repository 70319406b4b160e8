// The table an access pattern works on: the document client and the table's name, passed together.
import type {
  DynamoDBDocumentClient,
  NativeAttributeValue,
  QueryCommandInput,
  TransactWriteCommandInput,
  UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import {
  BatchGetCommand,
  BatchWriteCommand,
  paginateQuery,
  QueryCommand,
  PutCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { ItemKey } from './keys';
import { dueIndexShards, dueUpTo } from './keys';
import type { IndexName } from './table-definition';

export interface TableRef {
  client: DynamoDBDocumentClient;
  name: string;
}

/**
 * One write of a TransactWriteItems. Access patterns that change state take extra items `alongside` (a link token, a
 * mail for the outbox), so what belongs together is written together or not at all.
 */
export type TransactionItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** True for a failed ConditionExpression, alone or inside a cancelled transaction. */
export function isConditionFailure(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'ConditionalCheckFailedException';
}

/** A transaction's Put of an item that must not exist yet: a new record, or a guard that makes a value unique. */
export function putNewItem(table: TableRef, item: Record<string, NativeAttributeValue>): TransactionItem {
  return { Put: { TableName: table.name, Item: item, ConditionExpression: 'attribute_not_exists(pk)' } };
}

/**
 * A PutItem of an item that must not exist yet, on its own (outside a transaction): a record written once. A second
 * write of the same key throws the condition's failure.
 */
export async function putNewItemAlone(
  table: TableRef,
  item: Record<string, NativeAttributeValue>,
): Promise<void> {
  await table.client.send(
    new PutCommand({ TableName: table.name, Item: item, ConditionExpression: 'attribute_not_exists(pk)' }),
  );
}

/** An UpdateItem whose ConditionExpression decides: true when the update was made, false when the condition failed. */
export async function updateIfCondition(
  table: TableRef,
  input: Omit<UpdateCommandInput, 'TableName'>,
): Promise<boolean> {
  try {
    await table.client.send(new UpdateCommand({ ...input, TableName: table.name }));
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * The cancellation codes of a failed TransactWriteItems, one per item in order; null for other errors. Positional:
 * read here only, where `transact` turns them into the names of its operations.
 */
function cancellationCodes(error: unknown): (string | undefined)[] | null {
  const candidate = error as { name?: unknown; CancellationReasons?: { Code?: string }[] } | null;
  if (candidate?.name !== 'TransactionCanceledException') return null;
  return (candidate.CancellationReasons ?? []).map((reason) => reason.Code);
}

/**
 * The operations of one transaction by name, in the order they are written: one item, several items under one name
 * (the lots a release moves, the items written `alongside`), or nothing (an optional operation left out).
 */
export type NamedTransactionItems = Readonly<
  Record<string, TransactionItem | readonly TransactionItem[] | null | undefined>
>;

/**
 * A transaction DynamoDB cancelled, and nothing of it written: `conditionsFailed` names the operations whose
 * ConditionExpression failed, in the order they were given; none when it was cancelled for another reason (another
 * transaction writing the same items at the same moment). `conflicted` says another transaction wrote one of its
 * items at that moment: the same write tried again may go through.
 */
export class TransactionCancelled extends Error {
  override readonly name = 'TransactionCancelled';
  readonly conditionsFailed: readonly string[];
  readonly conflicted: boolean;

  constructor(conditionsFailed: readonly string[], cause: unknown, { conflicted = false } = {}) {
    super(
      conditionsFailed.length > 0
        ? `The transaction was cancelled: the condition of ${conditionsFailed.join(', ')} failed.`
        : 'The transaction was cancelled by a conflicting write; no condition failed.',
      { cause },
    );
    this.conditionsFailed = conditionsFailed;
    this.conflicted = conflicted;
  }

  /** True when the condition of the operation (or of one of the items) named `name` failed. */
  failed(name: string): boolean {
    return this.conditionsFailed.includes(name);
  }
}

function itemsOf(operation: NamedTransactionItems[string]): readonly TransactionItem[] {
  if (operation === null || operation === undefined) return [];
  return isItemList(operation) ? operation : [operation];
}

function isItemList(
  operation: TransactionItem | readonly TransactionItem[],
): operation is readonly TransactionItem[] {
  return Array.isArray(operation);
}

/**
 * Writes `operations` in one TransactWriteItems, all or nothing. When DynamoDB cancels it, throws
 * `TransactionCancelled` naming the operations whose condition failed; any other failure is thrown as it came. Names
 * are words (`invitation`, `memberGuard`), never numbers: the order of the operations is the order of their names.
 */
export async function transact(table: TableRef, operations: NamedTransactionItems): Promise<void> {
  const names: string[] = [];
  const items: TransactionItem[] = [];
  for (const [name, operation] of Object.entries(operations)) {
    for (const item of itemsOf(operation)) {
      names.push(name);
      items.push(item);
    }
  }
  try {
    await table.client.send(new TransactWriteCommand({ TransactItems: items }));
  } catch (error) {
    const codes = cancellationCodes(error);
    if (codes === null) throw error;
    const failed = names.filter((_, index) => codes[index] === 'ConditionalCheckFailed');
    throw new TransactionCancelled([...new Set(failed)], error, {
      conflicted: codes.includes('TransactionConflict'),
    });
  }
}

/**
 * `transact`, answering false (and nothing written) when the condition of the operation named `guard` failed: a
 * uniqueness guard already taken, a record already there. Any other failure throws.
 */
export async function transactUnlessFailed(
  table: TableRef,
  operations: NamedTransactionItems,
  guard: string,
): Promise<boolean> {
  try {
    await transact(table, operations);
    return true;
  } catch (error) {
    if (cancelledTransaction(error)?.failed(guard)) return false;
    throw error;
  }
}

/** The cancelled transaction `error` is, or null for any other error (to rethrow). */
export function cancelledTransaction(error: unknown): TransactionCancelled | null {
  return error instanceof TransactionCancelled ? error : null;
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

/**
 * Runs `work` on each item, at most `parallel` at once (single-item requests: reads, conditional writes, queries),
 * and answers each item's result in the items' order.
 */
export async function mapItems<T, R>(
  items: readonly T[],
  parallel: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, items.length) }, worker));
  return results;
}

/** Runs `work` on each item, at most `parallel` at once (single-item requests: conditional writes, queries). */
export async function forEachItem<T>(
  items: readonly T[],
  parallel: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  await mapItems(items, parallel, work);
}

/** The pages of a Query, one after another (the SDK's paginator): stop early by leaving the loop. */
export function queryPages(
  table: TableRef,
  input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>,
) {
  return paginateQuery({ client: table.client }, { ...input, TableName: table.name });
}

/**
 * The pages of several Queries (the shards of a sharded index), each Query's pages in order and the Queries one after
 * another, as if `queryPages` ran on each in turn; but every Query's first page is asked for at once, so a job that
 * reads ten shards, most of them empty or one page long, waits for one round trip instead of ten. Only the first pages
 * are read ahead (at most one page per Query held); the rest follow page by page as the caller asks. A first page
 * the caller never reaches (it left the loop early) is still read, and its failure is dropped with it.
 */
export async function* queryPagesOfEach(
  table: TableRef,
  inputs: readonly Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>[],
): AsyncGenerator<{
  Items?: Record<string, NativeAttributeValue>[];
  LastEvaluatedKey?: Record<string, NativeAttributeValue>;
}> {
  const firstPages = inputs.map((input) =>
    table.client.send(new QueryCommand({ ...input, TableName: table.name })),
  );
  // Awaited in order below; a page left unread when the caller stops early must not become an unhandled rejection.
  for (const page of firstPages) page.catch(() => undefined);
  for (const [index, input] of inputs.entries()) {
    let page = await (firstPages[index] as (typeof firstPages)[number]);
    yield page;
    while (page.LastEvaluatedKey) {
      page = await table.client.send(
        new QueryCommand({ ...input, TableName: table.name, ExclusiveStartKey: page.LastEvaluatedKey }),
      );
      yield page;
    }
  }
}

/**
 * The Queries of a sparse due index (gsi2, spread over `dueIndexShards` partitions named by `partitionOf`): each shard's
 * items due at or before `now`, `pageSize` a page, for `queryPagesOfEach`.
 */
export function dueIndexQueries(partitionOf: (shard: number) => string, now: Date, pageSize: number) {
  return Array.from({ length: dueIndexShards }, (_, shard) => ({
    IndexName: 'gsi2',
    KeyConditionExpression: 'gsi2pk = :pk AND gsi2sk <= :upTo',
    ExpressionAttributeValues: { ':pk': partitionOf(shard), ':upTo': dueUpTo(now) },
    Limit: pageSize,
  }));
}

/** The index and key condition of a Query of one partition of an index (`gsi1pk = :pk`), items in sort-key order. */
export function indexPartitionQuery(index: IndexName, partition: string) {
  return {
    IndexName: index,
    KeyConditionExpression: `${index}pk = :pk`,
    ExpressionAttributeValues: { ':pk': partition },
  };
}

/** Every item a Query finds, through all its pages; for partitions known to stay small. */
export async function queryAll(
  table: TableRef,
  input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>,
): Promise<Record<string, NativeAttributeValue>[]> {
  const items: Record<string, NativeAttributeValue>[] = [];
  for await (const page of queryPages(table, input)) items.push(...(page.Items ?? []));
  return items;
}

/** The first `most` items a Query finds, reading page after page until it has them or the query ends. */
export async function queryUpTo(
  table: TableRef,
  input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>,
  most: number,
): Promise<Record<string, NativeAttributeValue>[]> {
  const items: Record<string, NativeAttributeValue>[] = [];
  for await (const page of queryPages(table, input)) {
    items.push(...(page.Items ?? []));
    if (items.length >= most) break;
  }
  return items.slice(0, most);
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

/** Deletes every item of `keys` by BatchWriteItem (see `batchWriteAll`). */
export async function deleteAllKeys(table: TableRef, keys: readonly ItemKey[]): Promise<void> {
  await batchWriteAll(
    table,
    keys.map(({ pk, sk }) => ({ DeleteRequest: { Key: { pk, sk } } })),
  );
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
