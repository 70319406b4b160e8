// Scheduled jobs, bus rules, queues and table-stream workers, described once as data: the CDK stack deploys them and
// the local runtime runs the same handlers on the same expressions. Pure data, so infra/ may import it. What each one
// may touch (table, secrets, token key, queue, bus, SES) is its row in functions/contracts/capabilities.ts.
import type { DomainEventType } from '../functions/contracts/events';

export interface JobDefinition {
  readonly name: string;
  readonly description: string;
  /** An EventBridge Scheduler expression: `rate(N minutes|hours|days)` or `cron(min hour dom month dow year)`. */
  readonly schedule: string;
  /** Module under events/jobs/ exporting `handler`. */
  readonly entry: string;
  readonly timeoutSeconds: number;
}

export const jobs = [
  {
    name: 'listening-sync',
    description: 'Reads the recent plays of every connected fan and fans out per-fan sync work.',
    // Every 2 hours (docs/decisions/048): Spotify's recently-played keeps a fan's last 50 plays and 2 hours of
    // non-stop listening is about 34, so nothing is lost; the fan's own "Sync now" brings plays in at once.
    schedule: 'rate(2 hours)',
    entry: 'events/jobs/listening-sync.ts',
    timeoutSeconds: 300,
  },
  {
    name: 'pie-renewals',
    description: 'Closes pie periods that have ended, runs their splits and renews subscriptions.',
    schedule: 'rate(1 hour)',
    entry: 'events/jobs/pie-renewals.ts',
    timeoutSeconds: 900,
  },
  {
    name: 'escrow-aging',
    description:
      'Returns money held for artists nobody claimed, past the holding period, to the fans who gave it.',
    schedule: 'cron(15 2 * * ? *)',
    entry: 'events/jobs/escrow-aging.ts',
    timeoutSeconds: 900,
  },
  {
    name: 'reconciliation',
    description: 'Runs every financial reconciliation check and raises an alert event when one fails.',
    schedule: 'cron(30 3 * * ? *)',
    entry: 'events/jobs/reconciliation.ts',
    timeoutSeconds: 900,
  },
] as const satisfies readonly JobDefinition[];

export type JobName = (typeof jobs)[number]['name'];

export { eventSource } from '../functions/contracts/events';

export interface RuleDefinition {
  readonly name: string;
  readonly description: string;
  /** Detail types this rule matches (source is always `openpie`). */
  readonly detailTypes: readonly DomainEventType[];
  /** Module under events/consumers/ exporting `handler`. */
  readonly entry: string;
}

export const rules = [
  {
    name: 'reconciliation-alerts',
    description: 'Tells staff when a reconciliation check finds money that does not add up.',
    detailTypes: ['reconciliation.failed'],
    entry: 'events/consumers/reconciliation-alert.ts',
  },
  {
    name: 'pie-renewal-stops',
    description: 'Sets a subscription to cancel at period end when its pie had no listening to split.',
    detailTypes: ['pie.nothing-to-split'],
    entry: 'events/consumers/pie-renewal-stop.ts',
  },
  {
    name: 'deleted-fan-payments',
    description: 'Cancels the Stripe subscriptions of a fan who deleted their account, at once.',
    detailTypes: ['fan.deleted'],
    entry: 'events/consumers/deleted-fan-payments.ts',
  },
] as const satisfies readonly RuleDefinition[];

export interface QueueDefinition {
  readonly name: string;
  readonly description: string;
  /** Module under events/workers/ exporting `handler` (an SQS batch handler). */
  readonly entry: string;
  readonly batchSize: number;
  readonly visibilityTimeoutSeconds: number;
  /** Receives before a message goes to the dead-letter queue. */
  readonly maxReceiveCount: number;
  /**
   * Worker invocations in flight at most (the SQS event source's maximum concurrency; the local queue honours it).
   * It bounds the writes a second to the items every message touches (docs/decisions/019-ledger.md, no hot item).
   */
  readonly maxConcurrency: number;
}

export const queues = [
  {
    name: 'fan-work',
    description:
      'Per-fan work fanned out by jobs (listening sync, pie split), so a job scales past one Lambda.',
    entry: 'events/workers/fan-work.ts',
    batchSize: 10,
    visibilityTimeoutSeconds: 180,
    maxReceiveCount: 5,
    /**
     * 12 splits in flight (docs/decisions/019-ledger.md, no hot item): a split makes about 20 DynamoDB calls, at 5 ms
     * each at best 0.1 s, so at most 120 pies a second write a popular artist's partition and the platform's fee
     * account's (4 WCU a split each): under half of a partition's 1,000 WCU/s, about 8 writes a second to each of
     * their 16 balance items, and 1,000,000 pies in about 2.3 hours. `npm run bench` measures and models it.
     */
    maxConcurrency: 12,
  },
] as const satisfies readonly QueueDefinition[];

export interface TableStreamWorkerDefinition {
  readonly name: string;
  readonly description: string;
  /** Module under events/workers/ exporting `handler` (a DynamoDB stream batch handler). */
  readonly entry: string;
  /** The entity whose INSERTs reach the worker: an event-source filter, so no other write of the table invokes it. */
  readonly insertsOf: string;
  readonly batchSize: number;
  /** Retries of a failing batch (bisected each time) before its records are reported to the dead-letter queue. */
  readonly retryAttempts: number;
  readonly timeoutSeconds: number;
}

/**
 * Consumers of the table's stream (tableDefinition.stream). Locally no stream is read: nothing is mailed (the local
 * mailbox shows the outbox), and the local runtime publishes pending events through the event-publisher's service
 * (local/outbox-events.ts).
 */
export const tableStreamWorkers = [
  {
    name: 'mail-sender',
    description: 'Sends each mail the product queued in the table outbox through SES, and marks it sent.',
    entry: 'events/workers/mail-sender.ts',
    insertsOf: 'outbox-mail',
    batchSize: 10,
    retryAttempts: 3,
    timeoutSeconds: 60,
  },
  {
    name: 'event-publisher',
    description: 'Puts each domain event the product wrote to the table outbox on the EventBridge bus, once.',
    entry: 'events/workers/event-publisher.ts',
    insertsOf: 'outbox-event',
    batchSize: 10,
    retryAttempts: 3,
    timeoutSeconds: 60,
  },
] as const satisfies readonly TableStreamWorkerDefinition[];
