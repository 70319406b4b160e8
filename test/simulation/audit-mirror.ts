// The full audit's copy of what it checks (the ledger's items, the pies and their lots), kept up to date by what was
// written instead of by reading the whole table. Every write of the product's table client (Put, Update, Delete, a
// batch's or a transaction's items, whether it succeeded or not) notes its key when it names a ledger or pie
// partition; the weekly full audit reads those keys again (consistent BatchGets), puts what it finds into the copy and
// drops what is gone, and runs its checks over the whole copy. So the weekly audit costs what the week wrote, never
// the table. The month-end audit still scans the table, and holds the copy against the scan item by item: a write the
// log missed, or an item changed behind it, is a problem of its own, and the scan becomes the copy.
import type { DynamoDBDocumentClient, NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { BatchGetCommand } from '@aws-sdk/lib-dynamodb';
import type { TableRef } from '../../functions/data/table';

type Item = Record<string, NativeAttributeValue>;
interface Key {
  pk: string;
  sk: string;
}

/** The partitions the audited entities live in: the ledger's accounts and transactions, the pies with their lots. */
const auditedPartitions = /^(LEDGER_ACCOUNT#|LEDGER_TX#|PIE#)/;

/** Keys written since the copy last caught up, by table name. */
const written = new Map<string, Map<string, Key>>();

function text(value: unknown): string | null {
  if (typeof value === 'string') return value;
  // A request marshalled already ({ S: '…' }).
  if (value && typeof value === 'object' && 'S' in value && typeof value.S === 'string') return value.S;
  return null;
}

function note(tableName: unknown, key: unknown): void {
  if (typeof tableName !== 'string' || !key || typeof key !== 'object') return;
  const pk = text((key as Record<string, unknown>)['pk']);
  const sk = text((key as Record<string, unknown>)['sk']);
  if (pk === null || sk === null || !auditedPartitions.test(pk)) return;
  const keys = written.get(tableName) ?? new Map<string, Key>();
  keys.set(`${pk}\u0000${sk}`, { pk, sk });
  written.set(tableName, keys);
}

interface WriteInput {
  TableName?: string;
  Item?: unknown;
  Key?: unknown;
  TransactItems?: {
    Put?: { TableName?: string; Item?: unknown };
    Update?: { TableName?: string; Key?: unknown };
    Delete?: { TableName?: string; Key?: unknown };
  }[];
  RequestItems?: Record<string, { PutRequest?: { Item?: unknown }; DeleteRequest?: { Key?: unknown } }[]>;
}

/** Notes the audited keys of every write the client sends (before the document client marshals it). */
export function logAuditedWrites(client: DynamoDBDocumentClient): void {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as WriteInput;
      switch (context.commandName) {
        case 'PutItemCommand':
          note(input.TableName, input.Item);
          break;
        case 'UpdateItemCommand':
        case 'DeleteItemCommand':
          note(input.TableName, input.Key);
          break;
        case 'TransactWriteItemsCommand':
          for (const operation of input.TransactItems ?? []) {
            if (operation.Put) note(operation.Put.TableName, operation.Put.Item);
            if (operation.Update) note(operation.Update.TableName, operation.Update.Key);
            if (operation.Delete) note(operation.Delete.TableName, operation.Delete.Key);
          }
          break;
        case 'BatchWriteItemCommand':
          for (const [tableName, requests] of Object.entries(input.RequestItems ?? {})) {
            for (const request of requests) {
              if (request.PutRequest) note(tableName, request.PutRequest.Item);
              if (request.DeleteRequest) note(tableName, request.DeleteRequest.Key);
            }
          }
          break;
        default:
          break;
      }
      return next(args);
    },
    { step: 'initialize', priority: 'high', name: 'simulationAuditedWrites' },
  );
}

const keyOf = (item: Item) => `${String(item['pk'])}\u0000${String(item['sk'])}`;

export class AuditMirror {
  private readonly items = new Map<string, Item>();
  private filled = false;

  constructor(private readonly entities: readonly string[]) {}

  /** Whether the copy was filled by a scan (before, only a scan can audit). */
  get ready(): boolean {
    return this.filled;
  }

  /** The copy's items, in key order. */
  all(): Item[] {
    return [...this.items.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, item]) => item);
  }

  /** Reads again every audited key written since the last catch-up (or scan); answers how many it read. */
  async catchUp(table: TableRef): Promise<number> {
    const keys = [...(written.get(table.name)?.values() ?? [])];
    written.delete(table.name);
    const found = new Map<string, Item>();
    for (let start = 0; start < keys.length; start += 100) {
      let batch: Key[] | undefined = keys.slice(start, start + 100);
      while (batch && batch.length > 0) {
        const reply = await table.client.send(
          new BatchGetCommand({
            RequestItems: { [table.name]: { Keys: batch, ConsistentRead: true } },
          }),
        );
        for (const item of reply.Responses?.[table.name] ?? []) found.set(keyOf(item), item);
        batch = reply.UnprocessedKeys?.[table.name]?.Keys as Key[] | undefined;
      }
    }
    for (const key of keys) {
      const id = `${key.pk}\u0000${key.sk}`;
      const item = found.get(id);
      if (item && this.entities.includes(String(item['entity']))) this.items.set(id, item);
      else this.items.delete(id);
    }
    return keys.length;
  }

  /**
   * The scan's items against the copy caught up (problems: each item the copy lacks, holds differently, or holds
   * and the scan does not); then the scan is the copy.
   */
  replaceWithScan(table: TableRef, scanned: readonly Item[]): string[] {
    const problems: string[] = [];
    if (this.filled) {
      const fromScan = new Map(scanned.map((item) => [keyOf(item), item]));
      for (const [key, item] of fromScan) {
        const mine = this.items.get(key);
        if (!mine) problems.push(`the copy of the audited items lacks ${key.replace('\u0000', ' ')}`);
        else if (JSON.stringify(sortedValue(mine)) !== JSON.stringify(sortedValue(item)))
          problems.push(`the copy of the audited items holds ${key.replace('\u0000', ' ')} as it was before`);
      }
      for (const key of this.items.keys()) {
        if (!fromScan.has(key))
          problems.push(
            `the copy of the audited items holds ${key.replace('\u0000', ' ')}, gone from the table`,
          );
      }
    }
    this.items.clear();
    for (const item of scanned) this.items.set(keyOf(item), item);
    written.delete(table.name);
    this.filled = true;
    return problems;
  }
}

/** A value with every map's keys in order, to compare two readings of an item whatever order their maps came in. */
function sortedValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedValue);
  if (value instanceof Set) return [...(value as Set<unknown>)].map(String).sort();
  if (value && typeof value === 'object' && !(value instanceof Uint8Array)) {
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([key, inner]) => [key, sortedValue(inner)]),
    );
  }
  return value;
}
