// The office's payout account at Stripe (Connect) as the artist area's calls answer it (issue #13, SPEC §7 "Payment
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
