// Dumps of the table of the local product the suite starts, read through the product's own table handle (as the
// personas are written): the whole table, to prove that bad input writes nothing, and one person's partition, to prove
// that another fan's calls change nothing of theirs.
import { QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { testTable } from '../support/test-table';

export type TableItem = Record<string, unknown>;
/** Items by `pk | sk`, each as JSON, so two dumps compare item by item. */
export type TableDump = Map<string, string>;

/**
 * Items a refused or invalid request may legitimately write, each with its reason. Today validation runs before any
 * counting, so bad input writes none of them; the exclusion stays because counting an attempt before reading it
 * (slowing a flood whatever it sends) would be a sound design, not a leak.
 */
const legitimateWrites: readonly { prefix: string; why: string }[] = [
  { prefix: 'RATE#', why: 'rate-limit counters of login, register and forgot-password count attempts' },
];

function isLegitimateWrite(item: TableItem): boolean {
  const pk = String(item['pk'] ?? '');
  return legitimateWrites.some(({ prefix }) => pk.startsWith(prefix));
}

function keep(dump: TableDump, items: readonly TableItem[] | undefined): void {
  for (const item of items ?? []) {
    if (!isLegitimateWrite(item))
      dump.set(`${String(item['pk'])} | ${String(item['sk'])}`, JSON.stringify(item));
  }
}

/** Every item of the table, but the legitimate writes above. */
export async function dumpTable(): Promise<TableDump> {
  const { client, name } = testTable();
  const dump: TableDump = new Map();
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await client.send(new ScanCommand({ TableName: name, ExclusiveStartKey: startKey }));
    keep(dump, page.Items);
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return dump;
}

/** Every item of one partition: a fan's `FAN#<id>` holds the account, sessions, profile, plays and sync state. */
export async function dumpPartition(pk: string): Promise<TableDump> {
  const { client, name } = testTable();
  const dump: TableDump = new Map();
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await client.send(
      new QueryCommand({
        TableName: name,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': pk },
        ExclusiveStartKey: startKey,
      }),
    );
    keep(dump, page.Items);
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return dump;
}

/** What changed between two dumps: keys added, removed or rewritten. */
export function diffDumps(before: TableDump, after: TableDump): string[] {
  const changes: string[] = [];
  for (const [key, value] of after) {
    if (!before.has(key)) changes.push(`added ${key}`);
    else if (before.get(key) !== value) changes.push(`changed ${key}`);
  }
  for (const key of before.keys()) if (!after.has(key)) changes.push(`removed ${key}`);
  return changes;
}
