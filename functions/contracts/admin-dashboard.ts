// What staff's dashboard reads (SPEC §2 admin dashboard, §7 `dashboard/stats`, `dashboard/health`,
// `dashboard/financial`; decision 040): the product's figures, whether its background work is well, and money by
// month for charts. Money is integer cents; a month is `YYYY-MM` in UTC.
import * as z from 'zod/mini';

/**
 * The scheduled jobs health reports on, by their names in events/definitions.ts (contracts cannot import events/; a
 * unit test holds the two lists equal), so a job that never ran is shown as such.
 */
export const scheduledJobNames = [
  'listening-sync',
  'pie-renewals',
  'escrow-aging',
  'reconciliation',
] as const;

// ── stats ─────────────────────────────────────────────────────────────────────────────────────────────────────

export const dashboardStatsSchema = z.object({
  asOf: z.string(),
  /** The UTC month the month's figures cover. */
  month: z.string(),
  fans: z.object({
    /** Every fan who signed up, deleted ones included (they stay in the directory, anonymised). */
    total: z.number(),
    deleted: z.number(),
  }),
  /** Fans with a pie running now: the fans list's active-pie filter (decision 037). */
  activePies: z.number(),
  /** What fans' cards paid this month, gross (the `fan-payment` transactions). */
  moneyInCents: z.number(),
  /** Of the pies split this month: what went to artists (held for unclaimed ones included). */
  splitCents: z.number(),
  /** Held now for artists nobody has claimed yet (their escrow lots). */
  heldCents: z.number(),
  heldLots: z.number(),
  /** Paid out to offices' banks this month (net of payouts the bank paid, less any it sent back). */
  paidOutCents: z.number(),
  /** Claims waiting for staff: pending (to verify) and verified (to approve). */
  claimsWaiting: z.object({ pending: z.number(), verified: z.number() }),
  /** What every fan's cards paid since the start: the sum of the fans list's `spentCents`. */
  spentAllTimeCents: z.number(),
});
export type DashboardStats = z.infer<typeof dashboardStatsSchema>;

// ── health ────────────────────────────────────────────────────────────────────────────────────────────────────

/** A job's state: its last run ended well, failed, is under way, never ran, or the job is not built yet. */
export const jobHealthStates = ['ok', 'failing', 'running', 'never_run', 'not_built'] as const;
export type JobHealthState = (typeof jobHealthStates)[number];

export const reconciliationFindingSchema = z.object({
  check: z.string(),
  checked: z.number(),
  problemCount: z.number(),
  firstProblems: z.array(
    z.object({ subject: z.string(), expected: z.string(), found: z.string(), message: z.string() }),
  ),
});
export type ReconciliationFinding = z.infer<typeof reconciliationFindingSchema>;

export const jobHealthSchema = z.object({
  job: z.string(),
  state: z.enum(jobHealthStates),
  lastRun: z.nullable(
    z.object({
      runId: z.string(),
      scheduledAt: z.string(),
      startedAt: z.string(),
      finishedAt: z.nullable(z.string()),
      outcome: z.enum(['running', 'completed', 'not_built', 'failed']),
      error: z.nullable(z.string()),
      counts: z.record(z.string(), z.number()),
    }),
  ),
  /** Failed runs in a row, up to the last run. */
  consecutiveFailures: z.number(),
  /** Failed runs since the record began. */
  failureCount: z.number(),
  lastSuccessAt: z.nullable(z.string()),
  lastFailureAt: z.nullable(z.string()),
  lastFailure: z.nullable(z.string()),
});
export type JobHealth = z.infer<typeof jobHealthSchema>;

export const raisedPieSchema = z.object({
  _id: z.string(),
  fanId: z.string(),
  periodEnd: z.string(),
  splitAttempts: z.number(),
  lastSplitError: z.nullable(z.string()),
  splitRaisedAt: z.nullable(z.string()),
});

export const dashboardHealthSchema = z.object({
  asOf: z.string(),
  jobs: z.array(jobHealthSchema),
  /**
   * Messages in the work queues' dead-letter queues. Known only to the local runtime (its queue stand-in); in AWS the
   * dead-letter queues are watched by CloudWatch alarms, and this is null with `note` saying so.
   */
  deadLetters: z.object({
    localOnly: z.literal(true),
    queues: z.nullable(z.array(z.object({ queue: z.string(), depth: z.number() }))),
    note: z.string(),
  }),
  /** Domain events written to the table's outbox and not yet on the bus, and the oldest of them. */
  outboxBacklog: z.object({ pending: z.number(), oldestAt: z.nullable(z.string()), capped: z.boolean() }),
  /** Stripe's undelivered webhooks are Stripe's to know: said, not counted. */
  webhookBacklog: z.object({ known: z.literal(false), note: z.string() }),
  /** Pies whose period ended and that are not split; `overdue` are past the daily grace (decision 038). */
  piesPastEnd: z.object({ count: z.number(), overdue: z.number(), oldestEnd: z.nullable(z.string()) }),
  /** Pies whose split failed too often and waits for staff. */
  raisedPies: z.object({ count: z.number(), pies: z.array(raisedPieSchema) }),
  /** The last daily reconciliation and what each check found; null when it never ran. */
  reconciliation: z.nullable(
    z.object({
      runId: z.string(),
      startedAt: z.string(),
      finishedAt: z.nullable(z.string()),
      outcome: z.enum(['running', 'completed', 'not_built', 'failed']),
      problemCount: z.number(),
      findings: z.array(reconciliationFindingSchema),
    }),
  ),
});
export type DashboardHealth = z.infer<typeof dashboardHealthSchema>;

// ── financial ─────────────────────────────────────────────────────────────────────────────────────────────────

export const financialMonthSchema = z.object({
  month: z.string(),
  moneyInCents: z.number(),
  splitCents: z.number(),
  /** Of what was split that month, what was held for artists nobody had claimed. */
  heldCents: z.number(),
  paidOutCents: z.number(),
});
export type FinancialMonth = z.infer<typeof financialMonthSchema>;

/** Months the financial chart covers by default, and at most. */
export const financialMonthsDefault = 6;
export const financialMonthsMax = 12;

export const dashboardFinancialSchema = z.object({
  asOf: z.string(),
  /** Oldest first, the current month last. */
  months: z.array(financialMonthSchema),
});
export type DashboardFinancial = z.infer<typeof dashboardFinancialSchema>;
