// Worker of the table stream 'event-publisher' (events/definitions.ts): the publishing half of the transactional
// outbox for domain events (docs/decisions/014-domain-events.md). A change and the event it raises are written in one
// transaction; the stream's event-source filter lets only the INSERTs of outbox events through, and this worker puts
// each on the EventBridge bus and marks it published (functions/services/outbox-event-publishing.ts). At least once:
// a redelivered record whose event is marked is skipped, and consumers deduplicate on `eventId`. Locally the runtime
// publishes from the outbox's pending index instead of a stream (local/outbox-events.ts), through the same service.
import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { getEnv } from '../../functions/runtime/env';
import { createLogger } from '../../functions/runtime/logger';
import type {
  EventPublication,
  EventPublishingDependencies,
} from '../../functions/services/outbox-event-publishing';
import {
  eventPublishingDependencies,
  publishOutboxEvent,
} from '../../functions/services/outbox-event-publishing';
import type { StreamBatchHandler } from '../lib/stream-batch';
import { createStreamBatchHandler } from '../lib/stream-batch';

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

let publishBatch: StreamBatchHandler | undefined;

export async function handler(event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> {
  if (!publishBatch) {
    const log = createLogger(getEnv().LOG_LEVEL, { worker: 'event-publisher' });
    publishBatch = createEventPublisherWorker(eventPublishingDependencies(log));
  }
  return publishBatch(event);
}
