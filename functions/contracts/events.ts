// Domain events: what happened, told to whoever listens on the EventBridge bus (DESIGN §1). One schema per detail
// type. A service never publishes one itself: it writes the event to the table outbox in the same transaction as the
// change that caused it (functions/data/outbox.ts), and the event-publisher worker puts it on the bus
// (events/workers/event-publisher.ts). Delivery is at least once: a consumer deduplicates on `eventId`.
import * as z from 'zod/mini';

/** The source every OpenPie domain event carries on the EventBridge bus. */
export const eventSource = 'openpie';

/** A fan reported that an artist's claim looks wrong (`POST /api/claims/report/{id}`); staff review it. */
export const claimReportedSchema = z.object({
  reportId: z.string(),
  fanId: z.string(),
  target: z.object({ kind: z.literal('artist'), id: z.string() }),
  reportedAt: z.string(),
});

/**
 * A daily reconciliation run found money that does not add up (DESIGN §5, decision 038): one event per run, whatever
 * number of checks failed, so staff are paged and mailed once per run. The job publishes it itself (no change causes
 * it, so no outbox and no `eventId`): a consumer deduplicates on `runId`.
 */
export const reconciliationFailedSchema = z.object({
  runId: z.string().check(z.minLength(1)),
  /** Every check the run made: how much it looked at and how many problems it found. */
  checks: z.array(
    z.object({
      check: z.string(),
      checked: z.number().check(z.int(), z.gte(0)),
      problemCount: z.number().check(z.int(), z.gte(0)),
    }),
  ),
  /** The first problems found, check by check (EventBridge takes 256 KB an event). */
  problems: z.array(
    z.object({
      check: z.string(),
      subject: z.string(),
      expected: z.string(),
      found: z.string(),
      message: z.string(),
    }),
  ),
  /** How many problems the run found beyond those named. */
  moreProblems: z.number().check(z.int(), z.gte(0)),
});

/**
 * A pie's period held nothing to split: its money stays in the fan's wallet and the subscription that
 * funds it is to stop renewing. The split worker has no Stripe key, so a consumer with one sets the subscription to
 * cancel at the end of its current period.
 */
export const pieNothingToSplitSchema = z.object({
  pieId: z.string(),
  fanId: z.string(),
  subscriptionId: z.string(),
  periodEnd: z.string(),
});

/**
 * A fan deleted their account (docs/decisions/032-deleting-accounts.md): nothing may charge them again. The sign-in
 * Lambda that erases the account holds no Stripe key, so a consumer with one cancels their subscriptions at once.
 */
export const fanDeletedSchema = z.object({
  fanId: z.string(),
  /** The fan's Stripe customer, or null when they never went to Checkout. */
  stripeCustomerId: z.nullable(z.string()),
  deletedAt: z.string(),
});

/** Every domain event's detail, by detail type. */
export const domainEventSchemas = {
  'claim.reported': claimReportedSchema,
  'reconciliation.failed': reconciliationFailedSchema,
  'pie.nothing-to-split': pieNothingToSplitSchema,
  'fan.deleted': fanDeletedSchema,
} as const;
export type DomainEventType = keyof typeof domainEventSchemas;
export type DomainEventDetail<T extends DomainEventType> = z.infer<(typeof domainEventSchemas)[T]>;

/** An event as a service raises it: its type and its detail, checked against the type's schema. */
export type DomainEvent = {
  [T in DomainEventType]: { type: T; detail: DomainEventDetail<T> };
}[DomainEventType];

/**
 * What the bus carries as `detail`: the event's own fields and the outbox's id and time. EventBridge gives every
 * PutEvents entry a new envelope id, so a redelivered event is recognised by `eventId`, never by the envelope's.
 */
export const publishedEventMetadataSchema = z.object({
  /** The outbox item's id: the same however often the event is delivered. */
  eventId: z.string(),
  /** When the change that caused the event happened (the product clock). */
  occurredAt: z.string(),
});
export type PublishedEventMetadata = z.infer<typeof publishedEventMetadataSchema>;

/** Whether a detail type names a domain event (a stored outbox item may come from a newer or older version). */
export function isDomainEventType(type: string): type is DomainEventType {
  return Object.hasOwn(domainEventSchemas, type);
}
