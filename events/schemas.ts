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

// Domain events are typed in contracts, one schema per detail type (functions/contracts/events.ts).
export {
  fanDeletedSchema,
  pieNothingToSplitSchema,
  reconciliationFailedSchema,
} from '../functions/contracts/events';

/** The EventBridge envelope around a domain event, as a rule target receives it. */
export const busEnvelopeSchema = z.object({
  id: z.string(),
  source: z.string(),
  'detail-type': z.string(),
  time: z.string(),
  detail: z.unknown(),
});
