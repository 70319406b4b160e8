// The audit trail of staff actions (docs/decisions/043-audit-trail-and-staff-actions.md): one item per thing staff did
// (decided a claim, removed an office's Stripe connection, refunded a payment, ran the escrow job…), with who, when,
// what it touched, the state before and after, and staff's reason. An action writes its entry in the same
// TransactWriteItems as its change (`auditEntryPut`), so there is never a change without its entry or an entry
// without its change; the entry's id comes from what changed, so a retried request writes it once. Staff read the
// trail newest first, all of it (gsi1) or one target's (gsi2) or one staff member's (gsi3), a page at a time.
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import type { AuditTargetType } from '../contracts/admin-audit';
import { auditTargetTypes } from '../contracts/admin-audit';
import {
  auditActorPartition,
  auditBackfillKey,
  auditEntriesPartition,
  auditEntryKey,
  auditTargetPartition,
} from './keys';
import { readStored } from './stored-item';
import type { TableRef, TransactionItem } from './table';
import { isConditionFailure } from './table';

const entity = 'audit-entry';
const version = 1;

export type { AuditTargetType } from '../contracts/admin-audit';
export { auditTargetTypes };

/** Any JSON value: the state an action found and left, as staff should read it. */
export type AuditJson = string | number | boolean | null | AuditJson[] | { [key: string]: AuditJson };

export interface AuditEntry {
  /** Derived from what changed (an idempotency key), so the same action retried is one entry. */
  id: string;
  at: string;
  actor: { id: string; email: string };
  /** What was done, in kebab case: `claim-status-changed`, `office-stripe-connection-removed`, … */
  action: string;
  target: { type: AuditTargetType; id: string };
  before: AuditJson;
  after: AuditJson;
  reason: string;
}

const itemSchema = z.object({
  id: z.string(),
  at: z.string(),
  actorId: z.string(),
  actorEmail: z.string(),
  action: z.string(),
  targetType: z.enum(auditTargetTypes),
  targetId: z.string(),
  /** JSON text: the states keep any shape, and an empty string or a missing field survives the round trip. */
  beforeJson: z.string(),
  afterJson: z.string(),
  reason: z.string(),
});

function toAuditEntry(item: Record<string, NativeAttributeValue>): AuditEntry {
  const parsed = readStored('audit entry', itemSchema, item);
  return {
    id: parsed.id,
    at: parsed.at,
    actor: { id: parsed.actorId, email: parsed.actorEmail },
    action: parsed.action,
    target: { type: parsed.targetType, id: parsed.targetId },
    before: JSON.parse(parsed.beforeJson) as AuditJson,
    after: JSON.parse(parsed.afterJson) as AuditJson,
    reason: parsed.reason,
  };
}

function sortKeyOf(at: string, id: string): string {
  return `${at}#${id}`;
}

function auditItem(entry: AuditEntry): Record<string, NativeAttributeValue> {
  const sortKey = sortKeyOf(entry.at, entry.id);
  return {
    ...auditEntryKey(entry.id),
    entity,
    v: version,
    id: entry.id,
    at: entry.at,
    actorId: entry.actor.id,
    actorEmail: entry.actor.email,
    action: entry.action,
    targetType: entry.target.type,
    targetId: entry.target.id,
    beforeJson: JSON.stringify(entry.before),
    afterJson: JSON.stringify(entry.after),
    reason: entry.reason,
    gsi1pk: auditEntriesPartition,
    gsi1sk: sortKey,
    gsi2pk: auditTargetPartition(entry.target.type, entry.target.id),
    gsi2sk: sortKey,
    gsi3pk: auditActorPartition(entry.actor.id),
    gsi3sk: sortKey,
  };
}

/**
 * Access pattern `auditEntryPut`: the TransactWriteItems `Put` of an entry (condition: no entry of its id yet), to
 * write alongside the action's own change. A transaction cancelled on this item's condition means the action was
 * recorded before: the caller treats it as done.
 */
export function auditEntryPut(table: TableRef, entry: AuditEntry): TransactionItem {
  return {
    Put: { TableName: table.name, Item: auditItem(entry), ConditionExpression: 'attribute_not_exists(pk)' },
  };
}

/**
 * Access pattern `putAuditEntry`: an entry alone (an action whose change is not in the table, e.g. a refund Stripe
 * makes). True when written, false when an entry of its id exists already.
 */
export async function putAuditEntry(table: TableRef, entry: AuditEntry): Promise<boolean> {
  try {
    await table.client.send(
      new PutCommand({
        TableName: table.name,
        Item: auditItem(entry),
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Access pattern `getAuditEntry`: one entry by id (consistent), or null. */
export async function getAuditEntry(table: TableRef, entryId: string): Promise<AuditEntry | null> {
  const { Item } = await table.client.send(
    new GetCommand({ TableName: table.name, Key: auditEntryKey(entryId), ConsistentRead: true }),
  );
  return Item ? toAuditEntry(Item) : null;
}

/** Access pattern `isAuditBackfilled`: whether the backfill `name` has finished. */
export async function isAuditBackfilled(table: TableRef, name: string): Promise<boolean> {
  const { Item } = await table.client.send(
    new GetCommand({ TableName: table.name, Key: auditBackfillKey(name), ConsistentRead: true }),
  );
  return Item !== undefined;
}

/** Access pattern `markAuditBackfilled`: written after the backfill's last entry, so a failed run is run again. */
export async function markAuditBackfilled(table: TableRef, name: string, at: Date): Promise<void> {
  await table.client.send(
    new PutCommand({
      TableName: table.name,
      Item: {
        ...auditBackfillKey(name),
        entity: 'audit-backfill',
        v: version,
        name,
        finishedAt: at.toISOString(),
      },
    }),
  );
}

export interface AuditFilter {
  action?: string | undefined;
  actorId?: string | undefined;
  /** With `targetId`, one target's entries (gsi2); alone, the entries of every target of the type. */
  targetType?: AuditTargetType | undefined;
  targetId?: string | undefined;
}

export interface AuditEntryPage {
  entries: AuditEntry[];
  /** Pass back for the next page; null on the last. */
  cursor: string | null;
}

interface CursorPosition {
  at: string;
  id: string;
}

function encodeCursor(entry: AuditEntry): string {
  return Buffer.from(JSON.stringify({ at: entry.at, id: entry.id })).toString('base64url');
}

const cursorSchema = z.object({ at: z.string(), id: z.string() });

/** The position a cursor names; null for a cursor that is not one of ours (the caller answers 422). */
export function decodeAuditCursor(cursor: string): CursorPosition | null {
  try {
    const parsed = cursorSchema.safeParse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/**
 * Access pattern `listAuditEntries`: entries newest first, `limit` a page (at most 100), after `cursor`. A target
 * (type and id) reads gsi2, else an actor gsi3, else gsi1 (all entries); the other filters (action, a target type
 * alone, the actor when a target is given) are a FilterExpression, so a page reads on until it is full or the index ends.
 */
export async function listAuditEntries(
  table: TableRef,
  {
    filter = {},
    limit = 10,
    cursor = null,
  }: { filter?: AuditFilter; limit?: number; cursor?: string | null } = {},
): Promise<AuditEntryPage> {
  const size = Math.max(1, Math.min(100, limit));
  const [index, partition] =
    filter.targetType && filter.targetId
      ? (['gsi2', auditTargetPartition(filter.targetType, filter.targetId)] as const)
      : filter.actorId
        ? (['gsi3', auditActorPartition(filter.actorId)] as const)
        : (['gsi1', auditEntriesPartition] as const);
  const conditions: string[] = [];
  const values: Record<string, NativeAttributeValue> = { ':pk': partition };
  const names: Record<string, string> = {};
  if (filter.action) {
    conditions.push('#action = :action');
    names['#action'] = 'action';
    values[':action'] = filter.action;
  }
  if (filter.targetType && index !== 'gsi2') {
    conditions.push('targetType = :targetType');
    values[':targetType'] = filter.targetType;
  }
  if (filter.actorId && index !== 'gsi3') {
    conditions.push('actorId = :actor');
    values[':actor'] = filter.actorId;
  }
  const position = cursor ? decodeAuditCursor(cursor) : null;
  let startKey: Record<string, NativeAttributeValue> | undefined = position
    ? {
        ...auditEntryKey(position.id),
        [`${index}pk`]: partition,
        [`${index}sk`]: sortKeyOf(position.at, position.id),
      }
    : undefined;
  const entries: AuditEntry[] = [];
  let more = true;
  while (entries.length < size && more) {
    const reply = await table.client.send(
      new QueryCommand({
        TableName: table.name,
        IndexName: index,
        KeyConditionExpression: `${index}pk = :pk`,
        ExpressionAttributeValues: values,
        ...(Object.keys(names).length > 0 ? { ExpressionAttributeNames: names } : {}),
        ...(conditions.length > 0 ? { FilterExpression: conditions.join(' AND ') } : {}),
        ScanIndexForward: false,
        Limit: size - entries.length + (conditions.length > 0 ? 25 : 0),
        ...(startKey ? { ExclusiveStartKey: startKey } : {}),
      }),
    );
    for (const item of reply.Items ?? []) {
      if (entries.length >= size) break;
      entries.push(toAuditEntry(item));
    }
    startKey = reply.LastEvaluatedKey;
    more = startKey !== undefined;
  }
  const last = entries.at(-1);
  // A full page may be the last one: the next read then finds nothing, which is cheaper than looking ahead here.
  return { entries, cursor: last && (more || entries.length === size) ? encodeCursor(last) : null };
}
