// Worker of the table stream 'mail-sender' (events/definitions.ts): the sending half of the transactional outbox
// (docs/decisions/005-identity.md). Requests queue each mail as an outbox item; the stream's event-source filter lets
// only those INSERTs through, and this worker sends each through SES and marks it sent. Streams deliver at least
// once, so a mail already marked is skipped. Failures are reported per record: Lambda retries from the first failed
// one (bisecting the batch) and, once the retries are spent, leaves a pointer in the dead-letter queue; the mail
// itself stays unsent in the outbox. AWS only: locally nothing is sent.
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import * as z from 'zod/mini';
import type { TableRef } from '../../functions/data/table';
import {
  getOutboxMail,
  markOutboxMailSent,
  outboxMailEntity,
  readOutboxMailImage,
} from '../../functions/data/outbox';
import type { EmailSender } from '../../functions/domain/email';
import { getEnv } from '../../functions/runtime/env';
import type { Logger } from '../../functions/runtime/logger';
import { createLogger } from '../../functions/runtime/logger';
import { getTable } from '../../functions/runtime/table';
import { createSesEmailSender } from '../../functions/integrations/email/ses';

const streamRecordSchema = z.object({
  eventName: z.enum(['INSERT', 'MODIFY', 'REMOVE']),
  dynamodb: z.object({
    SequenceNumber: z.string().check(z.minLength(1)),
    NewImage: z.optional(z.record(z.string(), z.unknown())),
  }),
});

export interface MailSenderDependencies {
  table: TableRef;
  sender: EmailSender;
  log: Logger;
  now?: () => Date;
}

type Delivery = 'sent' | 'already-sent' | 'gone' | 'not-outbox-mail' | 'undeliverable';

export function isUndeliverable(address: string): boolean {
  return /\.invalid$/i.test(address.trim());
}

export type MailSender = (event: DynamoDBStreamEvent) => Promise<DynamoDBBatchResponse>;

export function createMailSender(dependencies: MailSenderDependencies): MailSender {
  const { table, sender, log } = dependencies;
  const now = dependencies.now ?? (() => new Date());

  async function deliver(raw: DynamoDBRecord): Promise<Delivery> {
    const record = streamRecordSchema.parse(raw);
    const image = record.dynamodb.NewImage;
    // The filter lets nothing else through; anything else is not this worker's to send, nor to fail on.
    const entity = (image?.['entity'] as { S?: unknown } | undefined)?.S;
    if (record.eventName !== 'INSERT' || !image || entity !== outboxMailEntity) return 'not-outbox-mail';
    const queued = readOutboxMailImage(image);
    // The record says what was queued; the item says whether an earlier delivery already sent it.
    const mail = await getOutboxMail(table, queued.id);
    if (!mail) return 'gone';
    if (mail.sentAt !== null) return 'already-sent';
    const { kind, to, subject, text, html, links } = mail;
    // The reserved `.invalid` top-level domain (RFC 2606) never receives mail: accounts without an address carry
    // one (handlers/lib/placeholder-email.ts). Sending would only bounce and hurt the sender's reputation.
    if (isUndeliverable(to)) {
      await markOutboxMailSent(table, mail.id, now());
      return 'undeliverable';
    }
    await sender.send({ kind, to, subject, text, html, links });
    try {
      if (!(await markOutboxMailSent(table, mail.id, now()))) {
        log.warn('mail sent twice: another delivery marked it first', { mailId: mail.id, kind });
      }
    } catch (error) {
      // SES has the mail: failing the record now would only send it again on the retry.
      log.error('mail sent but not marked sent', { mailId: mail.id, kind, error });
    }
    return 'sent';
  }

  return async (event) => {
    const failures: DynamoDBBatchResponse['batchItemFailures'] = [];
    const counts: Record<Delivery, number> = {
      sent: 0,
      'already-sent': 0,
      gone: 0,
      'not-outbox-mail': 0,
      undeliverable: 0,
    };
    for (const record of event.Records) {
      const sequenceNumber = record.dynamodb?.SequenceNumber;
      // Without its sequence number a record cannot be reported alone, so the whole batch fails and is bisected.
      if (!sequenceNumber) throw new Error('A stream record without a sequence number');
      try {
        const delivery = await deliver(record);
        counts[delivery] += 1;
        if (delivery === 'gone') log.warn('mail no longer in the outbox; nothing sent', { sequenceNumber });
      } catch (error) {
        log.error('mail not sent', { sequenceNumber, error });
        failures.push({ itemIdentifier: sequenceNumber });
      }
    }
    log.info('mail batch done', { records: event.Records.length, failed: failures.length, counts });
    return { batchItemFailures: failures };
  };
}

let sendBatch: MailSender | undefined;

export async function handler(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  if (!sendBatch) {
    const env = getEnv();
    if (!env.EMAIL_FROM) throw new Error('EMAIL_FROM is not configured: the mail-sender cannot send mail.');
    sendBatch = createMailSender({
      table: getTable(),
      sender: createSesEmailSender({ region: env.AWS_REGION, from: env.EMAIL_FROM }),
      log: createLogger(env.LOG_LEVEL, { worker: 'mail-sender' }),
    });
  }
  return sendBatch(event);
}
