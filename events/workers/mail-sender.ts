// Worker of the table stream 'mail-sender' (events/definitions.ts): the sending half of the transactional outbox
// (docs/decisions/005-identity.md). Requests queue each mail as an outbox item; the stream's event-source filter lets
// only those INSERTs through, and this worker sends each through SES and marks it sent. Streams deliver at least
// once, so a mail already marked is skipped. Failures are reported per record: Lambda retries from the first failed
// one (bisecting the batch) and, once the retries are spent, leaves a pointer in the dead-letter queue; the mail
// itself stays unsent in the outbox. AWS only: locally nothing is sent. The sending itself is a service
// (functions/services/outbox-mail-delivery.ts); this worker reads the stream and reports failures per record
// (events/lib/stream-batch.ts).
import type { MailDelivery, MailDeliveryDependencies } from '../../functions/services/outbox-mail-delivery';
import { deliverOutboxMail, mailDeliveryDependencies } from '../../functions/services/outbox-mail-delivery';
import type { StreamBatchHandler } from '../lib/stream-batch';
import { createStreamBatchHandler, createStreamWorkerHandler } from '../lib/stream-batch';

const deliveries: readonly MailDelivery[] = [
  'sent',
  'already-sent',
  'gone',
  'not-outbox-mail',
  'undeliverable',
];

export function createMailSender(dependencies: MailDeliveryDependencies): StreamBatchHandler {
  return createStreamBatchHandler({
    log: dependencies.log,
    subject: 'mail',
    outcomes: deliveries,
    handle: (change) => deliverOutboxMail(dependencies, change),
  });
}

export const handler = createStreamWorkerHandler('mail-sender', (log) =>
  createMailSender(mailDeliveryDependencies(log)),
);
