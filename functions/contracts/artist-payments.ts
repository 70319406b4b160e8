// The office's payout account at Stripe (Connect) as the artist area's calls answer it (SPEC §7 "Payment
// account"; decision 025). Balances, transactions and payouts come with payouts and add their replies here.
import * as z from 'zod/mini';

/**
 * Where an office's onboarding stands: `not_started` (no connected account yet), `in_progress` (an account exists,
 * Stripe still needs something or has not enabled payouts), `ready` (payouts enabled).
 */
export const payoutAccountStatuses = ['not_started', 'in_progress', 'ready'] as const;
export type PayoutAccountStatus = (typeof payoutAccountStatuses)[number];

/** GET stripe/account-status (beyond SPEC §7): what the funds screen shows about the office's Stripe account. */
export const payoutAccountReplySchema = z.object({
  status: z.enum(payoutAccountStatuses),
  chargesEnabled: z.boolean(),
  payoutsEnabled: z.boolean(),
  detailsSubmitted: z.boolean(),
  /** Stripe's `requirements.currently_due`: what it still needs before it pays out (e.g. `external_account`). */
  currentlyDue: z.array(z.string()),
  /** Stripe's `requirements.disabled_reason`, e.g. `requirements.past_due`; null when nothing is disabled. */
  disabledReason: z.nullable(z.string()),
  /** Whether the caller may onboard and open the dashboard (an admin of the office). */
  canManage: z.boolean(),
});
export type PayoutAccountReply = z.infer<typeof payoutAccountReplySchema>;

/** POST stripe/completeOnboarding: Stripe's hosted onboarding page, single-use and short-lived. */
export const onboardingLinkReplySchema = z.object({ accountLink: z.object({ url: z.string() }) });
export type OnboardingLinkReply = z.infer<typeof onboardingLinkReplySchema>;

/** GET stripe/createLoginLink: the Express dashboard of an onboarded account. */
export const loginLinkReplySchema = z.object({ login_url: z.string() });
export type LoginLinkReply = z.infer<typeof loginLinkReplySchema>;

// ── balances, transactions and payouts (decision 029) ─────────────────────────────────────────

/** A payout's life: `pending` (booked, the transfer not confirmed yet), `in_progress` (transferred, on its way to the
 * bank), `completed` (Stripe says it arrived: `payout.paid`), `failed` (refused or returned; the payable is restored). */
export const payoutStatuses = ['pending', 'in_progress', 'completed', 'failed'] as const;
export type PayoutStatus = (typeof payoutStatuses)[number];

/** What a payout costs, the same numbers before the office confirms and on the payout itself. */
export const payoutFeesSchema = z.object({
  amountCents: z.number(),
  /** 0.25% + 25¢. */
  payoutFeeCents: z.number(),
  /** $2, on the first payout of the calendar month (UTC); 0 after. */
  monthlyFeeCents: z.number(),
  feesCents: z.number(),
  netCents: z.number(),
});
export type PayoutFees = z.infer<typeof payoutFeesSchema>;

export const payoutReplySchema = z.object({
  id: z.string(),
  officeId: z.string(),
  status: z.enum(payoutStatuses),
  ...payoutFeesSchema.shape,
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The bank arrival date Stripe gave, once the payout is on its way. */
  arrivalDate: z.nullable(z.string()),
  completedAt: z.nullable(z.string()),
  /** Why it failed, in words; null unless failed. */
  failureReason: z.nullable(z.string()),
  transferId: z.nullable(z.string()),
  stripePayoutId: z.nullable(z.string()),
  /** The ledger transaction that took the amount from the office payable. */
  transactionId: z.string(),
});
export type PayoutReply = z.infer<typeof payoutReplySchema>;

/** POST stripe/create-payout: an optional part of the payable; the whole payable when left out. */
export const createPayoutSchema = z.object({
  officeId: z
    .string({ error: 'Use an office id' })
    .check(
      z.maxLength(64, { error: 'Use an office id', abort: true }),
      z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'Use an office id'),
    ),
  amountCents: z.optional(
    z
      .number({ error: 'Give the amount in whole cents' })
      .check(
        z.int('Give the amount in whole cents'),
        z.gte(1, 'Give a positive amount'),
        z.lte(100_000_000_00),
      ),
  ),
});
export type CreatePayoutInput = z.infer<typeof createPayoutSchema>;

/** GET stripe/check-monthly-fee: whether this month's active-account fee is paid, and what a payout now would cost. */
export const monthlyFeeReplySchema = z.object({
  /** `YYYY-MM`, UTC. */
  month: z.string(),
  monthlyFeePaid: z.boolean(),
  monthlyFeeCents: z.number(),
  payableCents: z.number(),
  minimumCents: z.number(),
  /** The payout of the whole payable now, or null when it cannot be paid out (with the reason). */
  preview: z.nullable(payoutFeesSchema),
  blockedBy: z.nullable(
    z.enum(['below_minimum', 'fees_exceed_amount', 'payout_account_not_ready', 'payout_in_progress']),
  ),
  /**
   * Said before the payout is sent when its fees would take more than 5% of it: their share, and the payout from which
   * on they take 5% or less (domain/money/payout-fees.ts). Null when they take 5% or less, or with no preview.
   */
  feeAdvice: z.nullable(
    z.object({
      /** 1296 is 12.96%, rounded up. */
      feesShareBasisPoints: z.number(),
      worthWaitingForCents: z.number(),
      moreToWaitForCents: z.number(),
    }),
  ),
});
export type MonthlyFeeReply = z.infer<typeof monthlyFeeReplySchema>;

/** GET stripe/balance: the office payable (what OpenPie owes the office) and what is on its way to it. */
export const officeBalanceReplySchema = z.object({
  payableCents: z.number(),
  inFlightCents: z.number(),
  currency: z.literal('usd'),
});
export type OfficeBalanceReply = z.infer<typeof officeBalanceReplySchema>;

/** GET stripe/wallet-balance: the office's money at OpenPie, what can be paid out, and what was paid out. */
export const officeWalletBalanceReplySchema = z.object({
  availableCents: z.number(),
  inFlightCents: z.number(),
  paidOutCents: z.number(),
  minimumCents: z.number(),
});
export type OfficeWalletBalanceReply = z.infer<typeof officeWalletBalanceReplySchema>;

/** GET stripe/connected-account-balance: the office's own Stripe balance, as Stripe says. */
export const connectedBalanceReplySchema = z.object({
  hasAccount: z.boolean(),
  availableCents: z.number(),
  pendingCents: z.number(),
});
export type ConnectedBalanceReply = z.infer<typeof connectedBalanceReplySchema>;

/** GET stripe/total-payout and the total of GET claims/{id}/payouts: completed payouts. */
export const payoutTotalReplySchema = z.object({ totalCents: z.number(), count: z.number() });
export type PayoutTotalReply = z.infer<typeof payoutTotalReplySchema>;

export const payoutListReplySchema = z.object({
  data: z.array(payoutReplySchema),
  total: payoutTotalReplySchema,
});
export type PayoutListReply = z.infer<typeof payoutListReplySchema>;

/** A line of the office payable: a credit (earnings released to the office, a reversal) or a debit (payout …). */
export const officeTransactionKinds = [
  'earnings',
  'payout',
  'payout-returned',
  'give-back',
  'correction',
] as const;
export const officeTransactionSchema = z.object({
  /** The ledger transaction's id. */
  id: z.string(),
  kind: z.enum(officeTransactionKinds),
  description: z.string(),
  /** Signed: positive adds to the payable. */
  amountCents: z.number(),
  at: z.string(),
  payoutId: z.nullable(z.string()),
  artistId: z.nullable(z.string()),
  /** On a payout's lines: what left the balance, the fees and what reached (or reaches) the bank. Null otherwise. */
  payout: z.nullable(payoutFeesSchema),
});
export type OfficeTransaction = z.infer<typeof officeTransactionSchema>;

export const officeTransactionDetailSchema = z.object({
  ...officeTransactionSchema.shape,
  /** Every posting of the ledger transaction, so the office sees where the money went (fees, in flight …). */
  postings: z.array(z.object({ account: z.string(), amountCents: z.number() })),
  references: z.record(z.string(), z.string()),
});
export type OfficeTransactionDetail = z.infer<typeof officeTransactionDetailSchema>;

/** GET stripe/transfers-without-payouts: money transferred to the office's account whose bank payout is not made. */
export const transferWithoutPayoutSchema = z.object({
  payoutId: z.string(),
  transferId: z.string(),
  netCents: z.number(),
  createdAt: z.string(),
  status: z.enum(payoutStatuses),
});
export type TransferWithoutPayout = z.infer<typeof transferWithoutPayoutSchema>;
