// The publishing half of the transactional outbox for domain events (docs/decisions/014-domain-events.md): a change
// and the event it raises are written in one transaction (data/outbox.ts `buildOutboxEventPut`); each new event item
// is handed here, put on the EventBridge bus and marked published. Deliveries come at least once, so an event already
// marked is skipped; one published but not marked (a crash between the two) is published again on the retry, which is
// why consumers deduplicate on `eventId`.
import type { PublishedEventMetadata } from '../contracts/events';
import type { OutboxEvent } from '../data/outbox';
import {
  getOutboxEvent,
  listPendingOutboxEventIds,
  markOutboxEventPublished,
  outboxEventEntity,
  readOutboxEventImage,
} from '../data/outbox';
import type { TableRef } from '../data/table';
import type { EventPublisher } from '../integrations/event-bus';
import { createEventPublisher } from '../integrations/event-bus';
import type { Clock } from '../runtime/clock';
import { getClock } from '../runtime/clock';
import { getEnv } from '../runtime/env';
import type { Logger } from '../runtime/logger';
import { getTable } from '../runtime/table';
import type { TableChange } from './outbox-stream';
import { insertedImageOf, markHandedOver } from './outbox-stream';

export interface EventPublishingDependencies {
  table: TableRef;
  bus: EventPublisher;
  log: Logger;
  clock: Clock;
}

/** The deployment's table, the configured bus (the local runtime's endpoint locally), and the product clock. */
export function eventPublishingDependencies(log: Logger): EventPublishingDependencies {
  const env = getEnv();
  if (!env.EVENT_BUS_NAME) throw new Error('EVENT_BUS_NAME is not configured: events cannot be published.');
  return {
    table: getTable(),
    bus: createEventPublisher({
      region: env.AWS_REGION,
      busName: env.EVENT_BUS_NAME,
      endpoint: env.EVENT_BUS_ENDPOINT,
    }),
    log,
    clock: getClock(),
  };
}

export type EventPublication = 'published' | 'already-published' | 'gone' | 'not-outbox-event';

/** Puts the event a newly inserted outbox item holds on the bus, once; anything else is not this worker's. */
export async function publishOutboxEvent(
  dependencies: EventPublishingDependencies,
  change: TableChange,
): Promise<EventPublication> {
  const image = insertedImageOf(change, outboxEventEntity);
  if (!image) return 'not-outbox-event';
  return publishStoredEvent(dependencies, readOutboxEventImage(image).id);
}

/**
 * Publishes the events still waiting in the outbox's pending index, oldest first, a page at a time: the local runtime
 * runs this in place of the table stream, and in AWS it re-drives what a dead-lettered record left behind. An event
 * that fails is counted and left pending; the others go on.
 */
export async function publishPendingOutboxEvents(
  dependencies: EventPublishingDependencies,
  limit = 25,
): Promise<Record<EventPublication | 'failed', number>> {
  const counts = { published: 0, 'already-published': 0, gone: 0, 'not-outbox-event': 0, failed: 0 };
  for (const id of await listPendingOutboxEventIds(dependencies.table, limit)) {
    try {
      counts[await publishStoredEvent(dependencies, id)] += 1;
    } catch (error) {
      dependencies.log.error('event not published', { eventId: id, error });
      counts.failed += 1;
    }
  }
  return counts;
}

async function publishStoredEvent(
  { table, bus, log, clock }: EventPublishingDependencies,
  id: string,
): Promise<EventPublication> {
  // The record says what was queued; the item says whether an earlier delivery already published it.
  const event = await getOutboxEvent(table, id);
  if (!event) {
    log.warn('event no longer in the outbox; nothing published', { eventId: id });
    return 'gone';
  }
  if (event.publishedAt !== null) return 'already-published';
  await bus.publish(event.type, busDetailOf(event));
  await markHandedOver(
    log,
    () => markOutboxEventPublished(table, event.id, clock.now()),
    {
      twice: 'event published twice: another delivery marked it first',
      unmarked: 'event published but not marked published',
    },
    { eventId: event.id, type: event.type },
  );
  return 'published';
}

/** The bus's `detail`: the event's own fields, and the outbox id and time consumers deduplicate and order by. */
function busDetailOf(event: OutboxEvent): Record<string, unknown> & PublishedEventMetadata {
  return { ...event.detail, eventId: event.id, occurredAt: event.occurredAt };
}
