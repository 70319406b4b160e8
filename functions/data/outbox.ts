// The transactional outbox (docs/decisions/005-identity.md, 014-domain-events.md): every mail the product sends and
// every domain event it raises is first an item in the table, written in the same transaction as the change it tells
// about, so a request never waits on SES or EventBridge, and nothing told is lost because they failed, nor told of a
// change that did not happen. Each is kept 7 days.
// Mail: in AWS the mail-sender worker (events/workers/mail-sender.ts) reads each new item from the table's stream,
// sends it and marks it sent; locally nothing is sent, and GET /api/dev/outbox and /dev/mailbox show the items.
// Events: the event-publisher worker (events/workers/event-publisher.ts) puts each on the bus and marks it published,
// from the stream in AWS and from the pending index locally.
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import type { DomainEvent } from '../contracts/events';
import { domainEventSchemas, isDomainEventType } from '../contracts/events';
import { epochSecondsOf } from '../domain/calendar';
import type { EmailMessage } from '../domain/email';
import { emailKinds } from '../domain/email';
// A partition per item (`outboxKey`) spreads the writes, and with them the stream's shards, so a mail SES keeps
// refusing holds up only its own shard; the index (`outboxListPartition`) gathers them for the mailbox.
import { outboxKey, outboxListPartition, pendingOutboxEventsPartition } from './keys';
import { readStored } from './stored-item';
import type { TableRef, TransactionItem } from './table';
import { isConditionFailure, putNewItem, updateIfCondition } from './table';

/** The entity of outbox items; the mail-sender's stream filter (events/definitions.ts) names it too. */
export const outboxMailEntity = 'outbox-mail';
const outboxVersion = 2;
const keepSeconds = 7 * 24 * 60 * 60;

export interface OutboxMail extends EmailMessage {
  id: string;
  /** When the product queued it: the time of the change it tells about. */
  createdAt: string;
  /** When the mail-sender handed it to SES; null until then, and always in local mode. */
  sentAt: string | null;
}

export interface QueuedMail {
  /** Unique per mail (a UUID). */
  id: string;
  message: EmailMessage;
  createdAt: Date;
}

/**
 * putOutboxMail: registration, forgot-password, an expired verify link, reset-password and deletion queue their mail
 * as this item inside the transaction of the change itself (`alongside` in accounts.ts and link-tokens.ts).
 */
export function buildOutboxMailPut(table: TableRef, mail: QueuedMail): TransactionItem {
  const createdAt = mail.createdAt.toISOString();
  return putNewItem(table, {
    ...outboxKey(mail.id),
    entity: outboxMailEntity,
    v: outboxVersion,
    id: mail.id,
    kind: mail.message.kind,
    to: mail.message.to,
    subject: mail.message.subject,
    text: mail.message.text,
    html: mail.message.html,
    links: [...mail.message.links],
    createdAt,
    expiresAt: epochSecondsOf(mail.createdAt) + keepSeconds,
    gsi1pk: outboxListPartition,
    gsi1sk: `${createdAt}#${mail.id}`,
  });
}

/**
 * putOutboxMailOnce: a mail no change of the table goes with (staff's reconciliation alert, a fan told of money
 * returned, released or given back, a second subscription refunded), queued once under an id the caller derives from
 * what it tells about: a PutItem on the absent key, so of two writers of one id (a redelivered event, two at once)
 * exactly one queues it. False when a mail of that id was already queued.
 */
export async function putOutboxMailOnce(table: TableRef, mail: QueuedMail): Promise<boolean> {
  const { Put } = buildOutboxMailPut(table, mail);
  if (!Put) throw new Error('An outbox mail is a Put');
  try {
    await table.client.send(new PutCommand(Put));
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

const storedMailSchema = z.object({
  id: z.string(),
  kind: z.enum(emailKinds),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  links: z.array(z.string()),
  createdAt: z.string(),
  sentAt: z.optional(z.string()),
});

function fromItem(item: Record<string, NativeAttributeValue>): OutboxMail {
  const { sentAt, ...mail } = readStored('outbox mail', storedMailSchema, item);
  return { ...mail, sentAt: sentAt ?? null };
}

// A stream record carries the item in DynamoDB's typed JSON ({ "S": "…" }); only the attributes a mail needs are read.
const textAttribute = z.object({ S: z.string() });
const streamImageSchema = z.object({
  entity: z.object({ S: z.literal(outboxMailEntity) }),
  id: textAttribute,
  kind: z.object({ S: z.enum(emailKinds) }),
  to: textAttribute,
  subject: textAttribute,
  text: textAttribute,
  html: textAttribute,
  links: z.object({ L: z.array(textAttribute) }),
  createdAt: textAttribute,
  sentAt: z.optional(textAttribute),
});

/** readOutboxMailImage: the mail-sender reads the NewImage of a stream record; throws when it is no outbox mail. */
export function readOutboxMailImage(image: unknown): OutboxMail {
  const parsed = readStored('outbox mail', streamImageSchema, image);
  return {
    id: parsed.id.S,
    kind: parsed.kind.S,
    to: parsed.to.S,
    subject: parsed.subject.S,
    text: parsed.text.S,
    html: parsed.html.S,
    links: parsed.links.L.map((link) => link.S),
    createdAt: parsed.createdAt.S,
    sentAt: parsed.sentAt?.S ?? null,
  };
}

/** getOutboxMail: the mail-sender checks a mail is still unsent before sending it (a redelivered record). */
export async function getOutboxMail(table: TableRef, id: string): Promise<OutboxMail | null> {
  const item = await getOutboxItem(table, id);
  return item ? fromItem(item) : null;
}

/** The outbox item as now stored (a consistent read: a delivery must see the mark an earlier one left). */
async function getOutboxItem(
  table: TableRef,
  id: string,
): Promise<Record<string, NativeAttributeValue> | undefined> {
  const { Item } = await table.client.send(
    new GetCommand({ TableName: table.name, Key: outboxKey(id), ConsistentRead: true }),
  );
  return Item;
}

/**
 * markOutboxMailSent: the mail-sender, once SES accepted the mail. Sets `sentAt` only where it is unset, so of two
 * deliveries of one record only one can mark it; false when the mail was already marked (or is gone).
 */
export async function markOutboxMailSent(table: TableRef, id: string, at: Date): Promise<boolean> {
  return markOutboxItemOnce(table, id, 'sentAt', at);
}

/** Sets `attribute` to `at` where it is unset (`also`: more of the same update); false when it was set or is gone. */
function markOutboxItemOnce(
  table: TableRef,
  id: string,
  attribute: 'sentAt' | 'publishedAt',
  at: Date,
  also = '',
): Promise<boolean> {
  return updateIfCondition(table, {
    Key: outboxKey(id),
    UpdateExpression: `SET ${attribute} = :at${also}`,
    ConditionExpression: `attribute_exists(pk) AND attribute_not_exists(${attribute})`,
    ExpressionAttributeValues: { ':at': at.toISOString() },
  });
}

/** The outbox's index lists (the mail list, the pending events): one partition of gsi1, read as a query. */
function indexPartition(table: TableRef, partition: string) {
  return {
    TableName: table.name,
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': partition },
  };
}

/** listOutboxMail: GET /api/dev/outbox and /dev/mailbox (local only), newest first. */
export async function listOutboxMail(table: TableRef, limit = 50): Promise<OutboxMail[]> {
  const { Items } = await table.client.send(
    new QueryCommand({
      ...indexPartition(table, outboxListPartition),
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (Items ?? []).map(fromItem);
}

// ── domain events ─────────────────────────────────────────────────────────────────────────────────────────────

/** The entity of outbox events; the event-publisher's stream filter (events/definitions.ts) names it too. */
export const outboxEventEntity = 'outbox-event';
const outboxEventVersion = 1;

/** An event as a service queues it with its change. */
export interface QueuedEvent {
  /** Unique per event (a UUID): the `eventId` consumers deduplicate on. */
  id: string;
  event: DomainEvent;
  /** When the change happened (the product clock). */
  occurredAt: Date;
}

/** An event in the outbox. */
export type OutboxEvent = DomainEvent & {
  id: string;
  occurredAt: string;
  /** When the event-publisher put it on the bus; null until then. */
  publishedAt: string | null;
};

/**
 * putOutboxEvent: a service's change and the event it raises are one transaction: this item goes `alongside` the
 * change (the change's own conditions decide for both). Throws before anything is written when the detail does not
 * match its type's schema. Until published the item sits in a sparse index (`pendingOutboxEventsPartition`), so
 * events not yet on the bus are found without Scan (the local runtime publishes from it; in AWS it shows what a
 * dead-lettered record left behind).
 */
export function buildOutboxEventPut(table: TableRef, queued: QueuedEvent): TransactionItem {
  const { type } = queued.event;
  const detail = domainEventSchemas[type].parse(queued.event.detail);
  const occurredAt = queued.occurredAt.toISOString();
  return putNewItem(table, {
    ...outboxKey(queued.id),
    entity: outboxEventEntity,
    v: outboxEventVersion,
    id: queued.id,
    type,
    // Kept as JSON text, so the stream record carries it exactly as written, whatever its shape.
    detail: JSON.stringify(detail),
    occurredAt,
    expiresAt: epochSecondsOf(queued.occurredAt) + keepSeconds,
    gsi1pk: pendingOutboxEventsPartition,
    gsi1sk: `${occurredAt}#${queued.id}`,
  });
}

/** Reads a stored event back: its detail checked against its type's schema; throws on anything else. */
function toOutboxEvent(fields: {
  id: string;
  type: string;
  detail: string;
  occurredAt: string;
  publishedAt?: string | undefined;
}): OutboxEvent {
  const { type } = fields;
  if (!isDomainEventType(type)) throw new Error(`Outbox event ${fields.id} has an unknown type: ${type}`);
  const detail: unknown = readStored('outbox event', domainEventSchemas[type], JSON.parse(fields.detail));
  return {
    id: fields.id,
    type,
    detail,
    occurredAt: fields.occurredAt,
    publishedAt: fields.publishedAt ?? null,
  } as OutboxEvent;
}

const storedEventSchema = z.object({
  id: z.string(),
  type: z.string(),
  detail: z.string(),
  occurredAt: z.string(),
  publishedAt: z.optional(z.string()),
});

const eventImageSchema = z.object({
  entity: z.object({ S: z.literal(outboxEventEntity) }),
  id: textAttribute,
  type: textAttribute,
  detail: textAttribute,
  occurredAt: textAttribute,
  publishedAt: z.optional(textAttribute),
});

/** readOutboxEventImage: the event-publisher reads the NewImage of a stream record; throws when it is no event. */
export function readOutboxEventImage(image: unknown): OutboxEvent {
  const parsed = readStored('outbox event', eventImageSchema, image);
  return toOutboxEvent({
    id: parsed.id.S,
    type: parsed.type.S,
    detail: parsed.detail.S,
    occurredAt: parsed.occurredAt.S,
    publishedAt: parsed.publishedAt?.S,
  });
}

/** getOutboxEvent: the event-publisher checks an event is still unpublished before publishing it. */
export async function getOutboxEvent(table: TableRef, id: string): Promise<OutboxEvent | null> {
  const item = await getOutboxItem(table, id);
  return item ? toOutboxEvent(readStored('outbox event', storedEventSchema, item)) : null;
}

/**
 * markOutboxEventPublished: the event-publisher, once EventBridge accepted the event. Sets `publishedAt` only where
 * it is unset and takes the item out of the pending index; false when it was already marked (or is gone).
 */
export async function markOutboxEventPublished(table: TableRef, id: string, at: Date): Promise<boolean> {
  return markOutboxItemOnce(table, id, 'publishedAt', at, ' REMOVE gsi1pk, gsi1sk');
}

/** A pending event as its index is read: its id, or when it happened. */
const storedEventIdSchema = z.object({ id: z.string() });
const storedEventTimeSchema = z.object({ occurredAt: z.string() });

/**
 * listPendingOutboxEventIds: events not yet on the bus, oldest first: the local runtime's publisher, and a re-drive of
 * what a dead-lettered stream record left behind. Ids only: each is read again (consistent) before it is published.
 */
export async function listPendingOutboxEventIds(table: TableRef, limit = 25): Promise<string[]> {
  const { Items } = await table.client.send(
    new QueryCommand({
      ...indexPartition(table, pendingOutboxEventsPartition),
      ProjectionExpression: 'id',
      Limit: limit,
    }),
  );
  return (Items ?? []).map((item) => readStored('outbox event', storedEventIdSchema, item).id);
}

/** What `countPendingOutboxEvents` counts at most: a backlog that large is a fault, whatever its exact size. */
export const maxPendingOutboxEventsCounted = 10_000;

/**
 * countPendingOutboxEvents: how many events are not yet on the bus (the pending index, Select COUNT, at most
 * `maxPendingOutboxEventsCounted`) and when the oldest of them happened, for staff's health figure.
 */
export async function countPendingOutboxEvents(
  table: TableRef,
): Promise<{ pending: number; oldestAt: string | null; capped: boolean }> {
  const { Items } = await table.client.send(
    new QueryCommand({
      ...indexPartition(table, pendingOutboxEventsPartition),
      ProjectionExpression: 'occurredAt',
      Limit: 1,
    }),
  );
  const oldest = Items?.[0];
  if (!oldest) return { pending: 0, oldestAt: null, capped: false };
  let pending = 0;
  let startKey: Record<string, NativeAttributeValue> | undefined;
  do {
    const reply = await table.client.send(
      new QueryCommand({
        ...indexPartition(table, pendingOutboxEventsPartition),
        Select: 'COUNT',
        ...(startKey ? { ExclusiveStartKey: startKey } : {}),
      }),
    );
    pending += reply.Count ?? 0;
    startKey = reply.LastEvaluatedKey;
  } while (startKey && pending < maxPendingOutboxEventsCounted);
  return {
    pending: Math.min(pending, maxPendingOutboxEventsCounted),
    oldestAt: readStored('outbox event', storedEventTimeSchema, oldest).occurredAt,
    capped: pending >= maxPendingOutboxEventsCounted && startKey !== undefined,
  };
}
