// Worker of the table stream 'event-publisher' (events/definitions.ts): the publishing half of the transactional
// outbox for domain events (docs/decisions/014-domain-events.md). A change and the event it raises are written in one
// transaction; the stream's event-source filter lets only the INSERTs of outbox events through, and this worker puts
// each on the EventBridge bus and marks it published (functions/services/outbox-event-publishing.ts). At least once:
// a redelivered record whose event is marked is skipped, and consumers deduplicate on `eventId`. Locally the runtime
// publishes from the outbox's pending index instead of a stream (local/outbox-events.ts), through the same service.
import type {
  EventPublication,
  EventPublishingDependencies,
} from '../../functions/services/outbox-event-publishing';
import {
  eventPublishingDependencies,
  publishOutboxEvent,
} from '../../functions/services/outbox-event-publishing';
import type { StreamBatchHandler } from '../lib/stream-batch';
import { createStreamBatchHandler, createStreamWorkerHandler } from '../lib/stream-batch';

const publications: readonly EventPublication[] = [
  'published',
  'already-published',
  'gone',
  'not-outbox-event',
];

export function createEventPublisherWorker(dependencies: EventPublishingDependencies): StreamBatchHandler {
  return createStreamBatchHandler({
    log: dependencies.log,
    subject: 'event',
    outcomes: publications,
    handle: (change) => publishOutboxEvent(dependencies, change),
  });
}

export const handler = createStreamWorkerHandler('event-publisher', (log) =>
  createEventPublisherWorker(eventPublishingDependencies(log)),
);
