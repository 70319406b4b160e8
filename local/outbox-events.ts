// The local stand-in for the table stream that feeds the event-publisher worker (DESIGN §3). DynamoDB Local's stream
// is not read: the outbox's pending-events index is, a few times a second, and each event goes through the same
// service the worker runs (functions/services/outbox-event-publishing.ts), onto the local bus (local/event-bus.ts)
// and so to the rules' consumers. Mail is not sent locally (the mailbox shows it); events are, because consumers are
// part of the product.
import { getEnv } from '../functions/runtime/env';
import { createLogger } from '../functions/runtime/logger';
import type { EventPublishingDependencies } from '../functions/services/outbox-event-publishing';
import {
  eventPublishingDependencies,
  publishPendingOutboxEvents,
} from '../functions/services/outbox-event-publishing';

/** How often the pending index is read: an event reaches its consumers within about this long, as from a stream. */
const pollMs = 250;
/** After a failure, polls pause this long, so one broken event does not log its error four times a second. */
const pauseAfterFailureMs = 10_000;

export interface OutboxEventPublishing {
  /** Publishes whatever is pending now (tests and the time machine need not wait for the next poll). */
  publishNow(): Promise<void>;
  stop(): Promise<void>;
}

export function startOutboxEventPublishing(onError: (error: unknown) => void): OutboxEventPublishing {
  let dependencies: EventPublishingDependencies | undefined;
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  let pausedUntil = 0;
  let busy = false;

  const publishPending = async () => {
    // Built on first use: the local runtime sets the bus's name and endpoint before the first poll.
    dependencies ??= eventPublishingDependencies(
      createLogger(getEnv().LOG_LEVEL, { worker: 'event-publisher' }),
    );
    let counts;
    do counts = await publishPendingOutboxEvents(dependencies);
    while (!stopped && counts.published > 0);
    if (counts.failed > 0) pausedUntil = Date.now() + pauseAfterFailureMs;
  };
  // One run at a time: a call while one runs waits for it; a poll while one runs is skipped.
  const publishNow = () => {
    busy = true;
    running = running
      .then(publishPending)
      .catch((error: unknown) => {
        pausedUntil = Date.now() + pauseAfterFailureMs;
        onError(error);
      })
      .finally(() => {
        busy = false;
      });
    return running;
  };
  const timer = setInterval(() => {
    if (!busy && Date.now() >= pausedUntil) void publishNow();
  }, pollMs);
  timer.unref();

  return {
    publishNow,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
