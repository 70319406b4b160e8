// The shapes that cross the bus, the scheduler and the queue, validated on the way in.
import * as z from 'zod/mini';

/** What EventBridge Scheduler (and the local scheduler) sends a job. */
export const jobEventSchema = z.object({
  job: z.string(),
  /** ISO time the run was scheduled for; a rerun of the same slot gets the same value. */
  scheduledAt: z.string().check(z.minLength(1)),
  /** Unique per delivery. */
  runId: z.string().check(z.minLength(1)),
});
export type JobEvent = z.infer<typeof jobEventSchema>;

export const reconciliationFailedSchema = z.object({
  checkType: z.string(),
  runId: z.string(),
  problems: z.array(z.object({ account: z.optional(z.string()), message: z.string() })),
});

/** Domain events on the bus, by detail type. */
export const busEventSchemas = {
  'reconciliation.failed': reconciliationFailedSchema,
} as const;
export type BusDetailType = keyof typeof busEventSchemas;

/** The EventBridge envelope around a domain event, as a rule target receives it. */
export const busEnvelopeSchema = z.object({
  id: z.string(),
  source: z.string(),
  'detail-type': z.string(),
  time: z.string(),
  detail: z.unknown(),
});

/** Per-fan work on the fan-work queue. */
export const fanWorkMessageSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('listening-sync'), fanId: z.string(), runId: z.string() }),
  z.object({ kind: z.literal('pie-split'), fanId: z.string(), pieId: z.string(), runId: z.string() }),
]);
export type FanWorkMessage = z.infer<typeof fanWorkMessageSchema>;
