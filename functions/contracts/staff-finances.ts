// What staff read on the finances screen (SPEC §2 /admin/finances, §7 "Admin API", decision 042): the money through
// OpenPie over a period, as totals and day by day, and the accountant's journal of the period (every ledger line with
// its transaction, account, amount and Stripe id), a page at a time. Queries are in contracts/api/admin-finances.ts.
import * as z from 'zod/mini';
import { isRealUtcDateTime } from './utc-dates';

/** Today (UTC, so far), this calendar month so far, this calendar year so far, or everything. */
export const financePeriods = ['day', 'month', 'year', 'all'] as const;
export type FinancePeriod = (typeof financePeriods)[number];

/**
 * The figures of a period, each summed from the ledger's entries (decision 042), in cents:
 * - `moneyInCents`: what fans' cards paid (`fan-payment`), gross, before fees and refunds: on `all`, the sum of every
 *   fan's `spentCents`;
 * - `processingFeesCents`: Stripe's fees on those payments (`processing-fee`; payout fees are not counted here);
 * - `platformFeesCents`: what the platform-fees account gained (OpenPie's fee taken at each split);
 * - `refundedCents`: what refunds gave back to cards (`refund`; disputes are not refunds);
 * - `splitCents`: what splits took from fans' wallets, the artists' shares and the platform fee;
 * - `heldCents`: of that, what went to artists' held earnings (every share is held first; a claimed artist's is
 *   released at once and counted in `releasedCents` too);
 * - `releasedCents`: held earnings released to offices by successful claims (`escrow-release`);
 * - `returnedCents`: held earnings whose holding ended, back in fans' wallets or kept for deleted fans
 *   (`escrow-return`);
 * - `paidOutCents`: what reached offices' banks (a payout's `transfer` out of flight, less one taken back when the
 *   bank returned it): on `all`, the sum of every office's paid out.
 */
export const financeFiguresSchema = z.object({
  moneyInCents: z.number(),
  processingFeesCents: z.number(),
  platformFeesCents: z.number(),
  refundedCents: z.number(),
  splitCents: z.number(),
  heldCents: z.number(),
  releasedCents: z.number(),
  returnedCents: z.number(),
  paidOutCents: z.number(),
});
export type FinanceFigures = z.infer<typeof financeFiguresSchema>;
export type FinanceFigureName = keyof FinanceFigures;

export const financeFigureNames = [
  'moneyInCents',
  'processingFeesCents',
  'platformFeesCents',
  'refundedCents',
  'splitCents',
  'heldCents',
  'releasedCents',
  'returnedCents',
  'paidOutCents',
] as const satisfies readonly FinanceFigureName[];

export const financeDaySchema = z.extend(financeFiguresSchema, {
  /** `YYYY-MM-DD`, UTC. */
  date: z.string(),
});
export type FinanceDay = z.infer<typeof financeDaySchema>;

export const staffFinancesSchema = z.object({
  period: z.enum(financePeriods),
  /** The period's first instant; null for all time. */
  from: z.nullable(z.string()),
  /** Now, as the product's clock says: the period ends here. */
  to: z.string(),
  totals: financeFiguresSchema,
  /** Every UTC day of the period, oldest first, days without movement as zeros (all time: from its first movement). */
  days: z.array(financeDaySchema),
  /** Ledger transactions that moved money in the period. */
  transactions: z.number(),
});
export type StaffFinances = z.infer<typeof staffFinancesSchema>;

/** One line of the journal: one posting of one balanced ledger transaction. */
export const journalLineSchema = z.object({
  transactionId: z.string(),
  kind: z.string(),
  /** When the transaction was booked (ISO 8601, UTC). */
  at: z.string(),
  accountId: z.string(),
  /** Positive: the account gained; negative: it gave. A transaction's lines sum to zero. */
  amountCents: z.number(),
  /** The Stripe object the transaction came from (refund, dispute, bank payout, charge, invoice), when it has one. */
  stripeId: z.nullable(z.string()),
  /** Everything the transaction names (Stripe ids, pie, payout, claim, office …), `key=value` joined by `; `. */
  references: z.string(),
});
export type JournalLine = z.infer<typeof journalLineSchema>;

export const journalPageSchema = z.object({
  /** The first and last UTC day of the journal, both included. */
  from: z.nullable(z.string()),
  to: z.string(),
  lines: z.array(journalLineSchema),
  /** Transactions on this page. */
  transactions: z.number(),
  /** Pass back as `cursor` for the next page; null on the last. */
  nextCursor: z.nullable(z.string()),
});
export type JournalPage = z.infer<typeof journalPageSchema>;

/** A real UTC date, `YYYY-MM-DD`. */
export const utcDateParam = z.string().check(
  z.maxLength(10, { error: 'Use a date written YYYY-MM-DD', abort: true }),
  z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date written YYYY-MM-DD'),
  z.refine((date) => isRealUtcDateTime(date), 'Use a real date'),
);
