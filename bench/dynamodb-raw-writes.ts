// DynamoDB Local's own write throughput, the physical limit the history import and the end-of-period split are
// measured against in the same run (issue #20's budgets as ratios): plain BatchWriteItem calls of 25 puts, and
// TransactWriteItems calls of the size the product's path sends, on the product's own table, with as many calls in
// flight as the product's path keeps, and items about the size of the product's. Nothing is read and nothing is
// checked: what no code of ours can beat. The items are written under a partition of their own and deleted after.
import { BatchWriteCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { TableRef } from '../functions/data/table';

export interface RawWrites {
  kind: 'batch-write' | 'transact-write';
  itemsPerCall: number;
  parallel: number;
  items: number;
  seconds: number;
  itemsPerSecond: number;
}

export interface RawWritesOptions {
  kind: RawWrites['kind'];
  /** Items a call: 25 for BatchWriteItem; the product's transaction size for TransactWriteItems (at most 100). */
  itemsPerCall: number;
  /** Calls in flight at once. */
  parallel: number;
  /** Items to write in all (rounded up to whole calls). */
  items: number;
  /** About how many bytes of payload an item carries. */
  itemBytes?: number;
}

/** Writes `items` items as fast as DynamoDB Local takes them, `parallel` calls at once; items per wall second. */
export async function measureRawWrites(
  table: TableRef,
  { kind, itemsPerCall, parallel, items, itemBytes = 300 }: RawWritesOptions,
): Promise<RawWrites> {
  const run = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  const payload = 'x'.repeat(itemBytes);
  const calls = Math.ceil(items / itemsPerCall);
  const itemOf = (call: number, index: number) => ({
    // A partition per call, as the product's writes spread over fans' partitions.
    pk: `BENCHRAW#${run}#${call}`,
    sk: `ITEM#${String(index).padStart(3, '0')}`,
    entity: 'bench-raw',
    payload,
    n: call * itemsPerCall + index,
  });
  const write = async (call: number) => {
    const callItems = Array.from({ length: itemsPerCall }, (_, index) => itemOf(call, index));
    if (kind === 'transact-write') {
      await table.client.send(
        new TransactWriteCommand({
          TransactItems: callItems.map((Item) => ({ Put: { TableName: table.name, Item } })),
        }),
      );
      return;
    }
    let pending = callItems.map((Item) => ({ PutRequest: { Item } }));
    while (pending.length > 0) {
      const reply = await table.client.send(
        new BatchWriteCommand({ RequestItems: { [table.name]: pending } }),
      );
      pending = (reply.UnprocessedItems?.[table.name] ?? []) as typeof pending;
    }
  };
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(parallel, calls) }, async () => {
      for (let call = next++; call < calls; call = next++) await write(call);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  // Cleared after the clock stopped, so the product's table holds only what it held before.
  next = 0;
  await Promise.all(
    Array.from({ length: Math.min(parallel, calls) }, async () => {
      for (let call = next++; call < calls; call = next++) {
        const keys = Array.from({ length: itemsPerCall }, (_, index) => itemOf(call, index));
        for (let first = 0; first < keys.length; first += 25) {
          let pending = keys
            .slice(first, first + 25)
            .map(({ pk, sk }) => ({ DeleteRequest: { Key: { pk, sk } } }));
          while (pending.length > 0) {
            const reply = await table.client.send(
              new BatchWriteCommand({ RequestItems: { [table.name]: pending } }),
            );
            pending = (reply.UnprocessedItems?.[table.name] ?? []) as typeof pending;
          }
        }
      }
    }),
  );
  const written = calls * itemsPerCall;
  return { kind, itemsPerCall, parallel, items: written, seconds, itemsPerSecond: written / seconds };
}
