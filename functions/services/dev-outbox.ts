// The local mailbox's reading (GET /api/dev/outbox, local mode only): the mail the product queued, newest first.
// Locally nothing leaves the outbox, so a mail counts as sent when the product queued it.
import { listOutboxMail } from '../data/outbox';
import type { TableRef } from '../data/table';

export interface OutboxMailReply {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  sentAt: string;
}

export async function readQueuedMail(table: TableRef): Promise<OutboxMailReply[]> {
  const mails = await listOutboxMail(table);
  return mails.map(({ to, subject, text, html, links, createdAt }) => ({
    to,
    subject,
    text,
    html,
    links,
    sentAt: createdAt,
  }));
}
