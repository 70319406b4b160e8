// The transactional outbox (docs/decisions/005-identity.md): every mail the product sends is first an item in the
// table, written in the same transaction as the change it tells about, so a request never waits on SES and a mail
// is never lost because SES failed. In AWS the mail-sender worker (events/workers/mail-sender.ts) reads each new item
// from the table's stream, sends it and marks it sent; locally nothing is sent, and GET /api/dev/outbox and
// /dev/mailbox show the items. Each is kept 7 days.
import type { NativeAttributeValue } from '@aws-sdk/lib-dynamodb';
import { GetCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import type { EmailMessage } from '../domain/email';
import { emailKinds } from '../domain/email';
import type { TableRef, TransactionItem } from './table';
import { isConditionFailure, toEpochSeconds } from './table';

/** The entity of outbox items; the mail-sender's stream filter (events/definitions.ts) names it too. */
export const outboxMailEntity = 'outbox-mail';
const outboxVersion = 2;
const keepSeconds = 7 * 24 * 60 * 60;
// A partition per mail spreads the writes, and with them the stream's shards, so a mail SES keeps refusing holds up
// only its own shard; the index gathers them for the mailbox.
const listPartition = 'OUTBOX';

function outboxMailKey(id: string): { pk: string; sk: string } {
  return { pk: `OUTBOX#${id}`, sk: 'OUTBOX' };
}

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
  return {
    Put: {
      TableName: table.name,
      Item: {
        ...outboxMailKey(mail.id),
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
        expiresAt: toEpochSeconds(mail.createdAt) + keepSeconds,
        gsi1pk: listPartition,
        gsi1sk: `${createdAt}#${mail.id}`,
      },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
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
  const { sentAt, ...mail } = storedMailSchema.parse(item);
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
  const parsed = streamImageSchema.parse(image);
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
  const { Item } = await table.client.send(
    new GetCommand({ TableName: table.name, Key: outboxMailKey(id), ConsistentRead: true }),
  );
  return Item ? fromItem(Item) : null;
}

/**
 * markOutboxMailSent: the mail-sender, once SES accepted the mail. Sets `sentAt` only where it is unset, so of two
 * deliveries of one record only one can mark it; false when the mail was already marked (or is gone).
 */
export async function markOutboxMailSent(table: TableRef, id: string, at: Date): Promise<boolean> {
  try {
    await table.client.send(
      new UpdateCommand({
        TableName: table.name,
        Key: outboxMailKey(id),
        UpdateExpression: 'SET sentAt = :at',
        ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(sentAt)',
        ExpressionAttributeValues: { ':at': at.toISOString() },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** listOutboxMail: GET /api/dev/outbox and /dev/mailbox (local only), newest first. */
export async function listOutboxMail(table: TableRef, limit = 50): Promise<OutboxMail[]> {
  const { Items } = await table.client.send(
    new QueryCommand({
      TableName: table.name,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': listPartition },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (Items ?? []).map(fromItem);
}
