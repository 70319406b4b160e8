// What the money-in calls answer (SPEC §3 "Subscription", §7 payments, pies and the fan wallet): a pie as
// the fan sees it, the subscription that funds it, a fee quote, and the wallet. Shared with the SPA.
import * as z from 'zod/mini';

/** Stripe's subscription statuses (API 2026-10-28.endive). */
export const subscriptionStatuses = [
  'incomplete',
  'incomplete_expired',
  'trialing',
  'active',
  'past_due',
  'canceled',
  'unpaid',
  'paused',
] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

/**
 * A pie's state as the fan sees it:
 * - `active`: its period runs and the subscription renews it;
 * - `cancelling`: its period runs to its end, then nothing renews it (cancelled, or a free promo pie);
 * - `inactive`: a renewal payment failed, or the payment was refunded or disputed;
 * - `ended`: its period is over and it waits for its split;
 * - `split`: its money went to the artists.
 */
export const pieStatuses = ['active', 'cancelling', 'inactive', 'ended', 'split'] as const;
export type PieStatus = (typeof pieStatuses)[number];

export const pieSummarySchema = z.object({
  id: z.string(),
  status: z.enum(pieStatuses),
  /** The free $5 pie of the /try promo, funded by OpenPie rather than a card. */
  promo: z.boolean(),
  /** ISO 8601 instants; the period is [periodStart, periodEnd). */
  periodStart: z.string(),
  periodEnd: z.string(),
  pieDays: z.number(),
  currency: z.literal('usd'),
  amountCents: z.number(),
  /** Stripe's fee from the charge's balance transaction; null until Stripe has settled it. */
  processingFeeCents: z.nullable(z.number()),
  platformFeeCents: z.number(),
  /** What goes to artists: amount − processing fee − platform fee; null while the processing fee is unknown. */
  netCents: z.nullable(z.number()),
  settings: z.object({
    artistLimit: z.number(),
    artistPopularity: z.number(),
    excludeNonActive: z.boolean(),
  }),
  /** The Stripe subscription that pays for it; null for a promo pie. */
  subscriptionId: z.nullable(z.string()),
  createdAt: z.string(),
  /**
   * What the split did, once the pie is split (null before): the totals at the time of the split, for
   * My pies' receipts list. The receipt itself (GET /api/pie/pie/{id}) says what became of each held cent since.
   */
  receipt: z.nullable(
    z.object({
      outcome: z.enum(['split', 'nothing_to_split']),
      splitAt: z.string(),
      allocatedCents: z.number(),
      keptInWalletCents: z.number(),
      artistCount: z.number(),
      heldCents: z.number(),
      heldArtistCount: z.number(),
      /** The day (YYYY-MM-DD) the held money goes back to the wallet if nobody claims those artists; null if none. */
      heldUntil: z.nullable(z.string()),
    }),
  ),
});
export type PieSummary = z.infer<typeof pieSummarySchema>;

/**
 * SPEC §3 "Subscription": status and metadata.pie_id; SPEC §4: it has a pie only when its status is active or
 * trialing and it carries a pie_id. A free promo pie answers as a `trialing` subscription of kind `promo`.
 */
export const subscriptionSchema = z.object({
  /** Stripe's subscription id, or `promo_<pieId>` for the free promo pie. */
  id: z.string(),
  kind: z.enum(['card', 'promo']),
  status: z.enum(subscriptionStatuses),
  cancel_at_period_end: z.boolean(),
  current_period_start: z.string(),
  current_period_end: z.string(),
  amountCents: z.number(),
  pieDays: z.number(),
  metadata: z.object({ pie_id: z.nullable(z.string()) }),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** GET /api/stripe/activeSubscription and /refreshSubscription: the fan's current subscription, or null. */
export const activeSubscriptionSchema = z.nullable(subscriptionSchema);

/** GET /api/stripe/feeQuote: what a pie of this amount pays Stripe and OpenPie, and what reaches artists. */
export const feeQuoteQuerySchema = z.object({
  amount: z.pipe(
    z
      .string()
      .check(
        z.maxLength(6, 'Use a whole number of cents'),
        z.regex(/^\d{1,6}$/, 'Use a whole number of cents'),
      ),
    z.transform((value) => Number(value)),
  ),
});
export const feeQuoteSchema = z.object({
  amountCents: z.number(),
  processingFeeCents: z.number(),
  platformFeeCents: z.number(),
  netCents: z.number(),
  /** The schedule behind the numbers, for the help text ("2.9% + 30¢"). */
  processingFeeBasisPoints: z.number(),
  processingFeeFixedCents: z.number(),
  platformFeeBasisPoints: z.number(),
});
export type FeeQuote = z.infer<typeof feeQuoteSchema>;

/** GET /api/fan-wallet/transactions `type`: everything, money in, or money out. */
export const walletTransactionFilters = ['all', 'credit', 'debit'] as const;

/** What a wallet line is, in the product's words (the ledger's transaction kinds a fan wallet takes part in). */
export const walletTransactionKinds = [
  'fan-payment',
  'processing-fee',
  'promo-funding',
  'split',
  'escrow-return',
  'refund',
  'dispute',
  'reversal',
] as const;

export const walletTransactionSchema = z.object({
  id: z.string(),
  kind: z.enum(walletTransactionKinds),
  type: z.enum(['credit', 'debit']),
  /** Signed: positive into the wallet, negative out of it. */
  amountCents: z.number(),
  /** A sentence for the fan ("Card payment for your pie of Nov 24"). */
  description: z.string(),
  createdAt: z.string(),
  pieId: z.nullable(z.string()),
});
export type WalletTransaction = z.infer<typeof walletTransactionSchema>;

export const walletBalanceSchema = z.object({ balanceCents: z.number(), currency: z.literal('usd') });

/** GET /api/fan-wallet/summary: where the fan's money went, each a total in cents. */
export const walletSummarySchema = z.object({
  currency: z.literal('usd'),
  /** Card payments. */
  paidInCents: z.number(),
  /** Free promo credit. */
  promoCents: z.number(),
  /** Stripe's processing fees and OpenPie's platform fees. */
  feesCents: z.number(),
  /** Split to artists who have joined, or held for them. */
  givenToArtistsCents: z.number(),
  /** Of that, still held for artists who have not joined yet. */
  heldForUnclaimedCents: z.number(),
  /** Returned to the wallet when an artist never joined. */
  returnedCents: z.number(),
  /** Refunded to the card or taken back by a dispute. */
  refundedCents: z.number(),
  /** Of that, taken back from what was held for artists who had not joined (decision 031). */
  refundedFromArtistsCents: z.number(),
  /** Of that, already with artists who joined: not taken from them, OpenPie covered it. */
  refundCoveredByOpenPieCents: z.number(),
  /** Given back by artists' offices (a give-back). */
  givenBackCents: z.number(),
  balanceCents: z.number(),
});
export type WalletSummary = z.infer<typeof walletSummarySchema>;
