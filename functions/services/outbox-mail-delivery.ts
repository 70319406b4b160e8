// The sending half of the transactional outbox (docs/decisions/005-identity.md): requests queue each mail as an
// outbox item in the transaction of the change it tells about; the mail-sender worker hands each new item here, and
// it is sent through SES and marked sent. Deliveries come at least once, so a mail already marked is skipped.
import { getOutboxMail, markOutboxMailSent, outboxMailEntity, readOutboxMailImage } from '../data/outbox';
import type { TableRef } from '../data/table';
import type { EmailSender } from '../domain/email';
import { createSesEmailSender } from '../integrations/email/ses';
import type { Clock } from '../runtime/clock';
import { getClock } from '../runtime/clock';
import { getEnv } from '../runtime/env';
import type { Logger } from '../runtime/logger';
import { getTable } from '../runtime/table';
import type { TableChange } from './outbox-stream';
import { insertedImageOf, markHandedOver } from './outbox-stream';

export interface MailDeliveryDependencies {
  table: TableRef;
  sender: EmailSender;
  log: Logger;
  clock: Clock;
}

/** The deployment's table, SES from the configured sender identity, and the product clock. */
export function mailDeliveryDependencies(log: Logger): MailDeliveryDependencies {
  const env = getEnv();
  if (!env.EMAIL_FROM) throw new Error('EMAIL_FROM is not configured: the mail-sender cannot send mail.');
  return {
    table: getTable(),
    sender: createSesEmailSender({ region: env.AWS_REGION, from: env.EMAIL_FROM }),
    log,
    clock: getClock(),
  };
}

export type MailDelivery = 'sent' | 'already-sent' | 'gone' | 'not-outbox-mail' | 'undeliverable';

/** The reserved `.invalid` top-level domain (RFC 2606) never receives mail. */
function isUndeliverable(address: string): boolean {
  return /\.invalid$/i.test(address.trim());
}

/** Sends the mail a newly inserted outbox item queued, once; anything else is not this delivery's to send. */
export async function deliverOutboxMail(
  { table, sender, log, clock }: MailDeliveryDependencies,
  change: TableChange,
): Promise<MailDelivery> {
  const image = insertedImageOf(change, outboxMailEntity);
  if (!image) return 'not-outbox-mail';
  const queued = readOutboxMailImage(image);
  // The record says what was queued; the item says whether an earlier delivery already sent it.
  const mail = await getOutboxMail(table, queued.id);
  if (!mail) {
    log.warn('mail no longer in the outbox; nothing sent', { mailId: queued.id });
    return 'gone';
  }
  if (mail.sentAt !== null) return 'already-sent';
  const { kind, to, subject, text, html, links } = mail;
  // Accounts without an address carry a `.invalid` placeholder (domain/identity/placeholder-email.ts): sending would only
  // bounce and hurt the sender's reputation.
  if (isUndeliverable(to)) {
    await markOutboxMailSent(table, mail.id, clock.now());
    return 'undeliverable';
  }
  await sender.send({ kind, to, subject, text, html, links });
  await markHandedOver(
    log,
    () => markOutboxMailSent(table, mail.id, clock.now()),
    { twice: 'mail sent twice: another delivery marked it first', unmarked: 'mail sent but not marked sent' },
    { mailId: mail.id, kind },
  );
  return 'sent';
}
