// Local-only helpers (never deployed): the mail outbox, and the product clock the local server answers itself
// (local/dev-time-routes.ts).
import * as z from 'zod/mini';
import type { ResourceContracts } from './contract';
import { json } from './contract';

/** GET /api/dev/outbox: the mail the product queued, newest first. */
export const outboxMailSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  links: z.array(z.string()),
  sentAt: z.string(),
});

export const maxAdvanceDays = 400;
export const maxAdvanceHours = maxAdvanceDays * 24;

const daysMessage = `Days is a whole number from 1 to ${maxAdvanceDays}.`;
const hoursMessage = `Hours is a whole number from 1 to ${maxAdvanceHours}.`;

const untilMessage = 'Until is an ISO 8601 instant, e.g. 2026-12-24T10:00:00.000Z.';

/**
 * POST /api/dev/time/advance: `{ "days": N }`, `{ "hours": N }` or `{ "until": "<ISO instant>" }`, exactly one. `until`
 * moves the clock to an exact instant (a test takes the preview a millisecond before a pie's period ends); the route
 * refuses one that is not ahead of the product's time or lies more than the maximum ahead.
 */
export const advanceBodySchema = z
  .object({
    days: z.optional(
      z.int({ error: daysMessage }).check(z.gte(1, daysMessage), z.lte(maxAdvanceDays, daysMessage)),
    ),
    hours: z.optional(
      z.int({ error: hoursMessage }).check(z.gte(1, hoursMessage), z.lte(maxAdvanceHours, hoursMessage)),
    ),
    until: z.optional(
      z.iso.datetime({ offset: true, error: untilMessage }).check(z.maxLength(40, untilMessage)),
    ),
  })
  .check(
    z.refine((body) => body.days !== undefined || body.hours !== undefined || body.until !== undefined, {
      message: `Give days (1 to ${maxAdvanceDays}) or hours (1 to ${maxAdvanceHours}).`,
      path: ['days'],
    }),
    z.refine((body) => body.days === undefined || body.hours === undefined, {
      message: 'Give days or hours, not both.',
      path: ['hours'],
    }),
    z.refine((body) => body.until === undefined || (body.days === undefined && body.hours === undefined), {
      message: 'Give until alone, without days or hours.',
      path: ['until'],
    }),
  );
export type AdvanceBody = z.infer<typeof advanceBodySchema>;

/** GET /api/dev/time: the product's time and how far it runs ahead of the system clock. */
export const productTimeSchema = z.object({ now: z.string(), offsetMs: z.number() });

/** POST /api/dev/time/advance: the new time and the scheduled jobs that fell due and ran. */
export const advancedTimeSchema = z.object({
  now: z.string(),
  offsetMs: z.number(),
  jobsRun: z.array(
    z.object({
      job: z.string(),
      scheduledAt: z.string(),
      status: z.enum(['completed', 'not_built', 'failed']),
    }),
  ),
});

export const devContracts = {
  'GET /api/dev/outbox': { reply: json(z.array(outboxMailSchema)) },
  'GET /api/dev/time': { reply: json(productTimeSchema) },
  'POST /api/dev/time/advance': { body: advanceBodySchema, reply: json(advancedTimeSchema) },
} satisfies ResourceContracts<'dev'>;
