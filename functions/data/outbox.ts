// The local e-mail outbox (DESIGN §3): locally, mails are items in the table instead of SES messages, shown by
// GET /api/dev/outbox and the /dev/mailbox page. Each is kept 7 days.
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { EmailMessage, EmailSender } from '../domain/email';
import type { TableRef } from './table';
import { toEpochSeconds } from './table';

const outboxPartition = 'OUTBOX';
const keepSeconds = 7 * 24 * 60 * 60;

export interface OutboxMail {
  kind: EmailMessage['kind'];
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  sentAt: string;
}

export interface OutboxOptions {
  now?: () => Date;
  createId: () => string;
}

/** putOutboxMail: the local EmailSender. */
export function createOutboxEmailSender(table: TableRef, options: OutboxOptions): EmailSender {
  const now = options.now ?? (() => new Date());
  return {
    async send(message) {
      const sentAt = now();
      await table.client.send(
        new PutCommand({
          TableName: table.name,
          Item: {
            pk: outboxPartition,
            sk: `${sentAt.toISOString()}#${options.createId()}`,
            entity: 'outbox-mail',
            v: 1,
            kind: message.kind,
            to: message.to,
            subject: message.subject,
            text: message.text,
            html: message.html,
            links: message.links,
            sentAt: sentAt.toISOString(),
            expiresAt: toEpochSeconds(sentAt) + keepSeconds,
          },
        }),
      );
    },
  };
}

/** listOutboxMail: GET /api/dev/outbox and /dev/mailbox, newest first. */
export async function listOutboxMail(table: TableRef, limit = 50): Promise<OutboxMail[]> {
  const { Items } = await table.client.send(
    new QueryCommand({
      TableName: table.name,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': outboxPartition },
      ScanIndexForward: false,
      Limit: limit,
    }),
  );
  return (Items ?? []).map((item) => ({
    kind: item['kind'] as OutboxMail['kind'],
    to: String(item['to']),
    subject: String(item['subject']),
    text: String(item['text']),
    html: String(item['html']),
    links: Array.isArray(item['links']) ? item['links'].map(String) : [],
    sentAt: String(item['sentAt']),
  }));
}
