// Mail from the identity use cases: queued in the table outbox, never sent in the request (DESIGN §3,
// docs/decisions/005-identity.md). In AWS the mail-sender worker sends it through SES; locally it stays in the outbox.
import { randomUUID } from 'node:crypto';
import { buildOutboxMailPut } from '../../data/outbox';
import type { TableRef, TransactionItem } from '../../data/table';
import type { EmailMessage } from '../../domain/email';

/**
 * A mail as an outbox item, for the transaction of the change it tells about (`alongside` in the data functions):
 * the change and its mail are stored together or not at all, and SES has no say in whether the request succeeds.
 */
export function queueMail(table: TableRef, message: EmailMessage, now: Date): TransactionItem {
  return buildOutboxMailPut(table, { id: randomUUID(), message, createdAt: now });
}

/** The site's own origin, for links in mail. */
export function requireSiteOrigin(deps: { siteOrigin: string | undefined }): string {
  if (!deps.siteOrigin) throw new Error('SITE_ORIGIN is not configured: mail links cannot be built.');
  return deps.siteOrigin;
}
