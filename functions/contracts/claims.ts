// Claims of artist profiles as the artist area and staff take them (SPEC §3, §5 claim wizard texts, §7; issue #13).
// The routes answer 501 until issue #13 builds them; these are the shapes SPEC and the issue state.
import * as z from 'zod/mini';

/** SPEC §5, the claim wizard. */
export const claimWizardMessages = {
  artistRequired: 'Please select an artist',
  waiverRequired: 'You must agree to the waiver',
  fundsTermsRequired: 'You must agree to the funds terms',
  termsRequired: 'You must agree to the terms and conditions',
  methodRequired: 'Please select a verification method',
  platformRequired: 'Please select a social platform',
  verificationStringRequired: 'Verification string is required',
} as const;

/** Issue #13's claim statuses. */
export const claimStatuses = ['Pending', 'Verified', 'Successful', 'Rejected', 'Deleted'] as const;

/** SPEC §9: the transaction filter. */
export const transactionFilters = ['all', 'credit', 'payout'] as const;

function required(message: string, max: number) {
  return z
    .string({ error: message })
    .check(z.trim(), z.minLength(1, message), z.maxLength(max, `Use at most ${max} characters`));
}

/** POST /api/for-artists/claims: the wizard's three steps in one payload. */
export const createClaimSchema = z.object({
  artistId: required(claimWizardMessages.artistRequired, 64),
  officeId: z.optional(
    z
      .string()
      .check(
        z.maxLength(64, { error: 'Use an office id', abort: true }),
        z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'Use an office id'),
      ),
  ),
  agreesToWaiver: z.literal(true, claimWizardMessages.waiverRequired),
  agreesToFundsTerms: z.literal(true, claimWizardMessages.fundsTermsRequired),
  agreesToTerms: z.literal(true, claimWizardMessages.termsRequired),
  verificationMethod: required(claimWizardMessages.methodRequired, 32),
  selectedPlatform: required(claimWizardMessages.platformRequired, 32),
  verificationString: required(claimWizardMessages.verificationStringRequired, 64),
});
export type CreateClaimPayload = z.infer<typeof createClaimSchema>;

const linkField = z
  .string({ error: 'Give the link' })
  .check(z.trim(), z.maxLength(500, 'Use at most 500 characters'), z.url('Give a whole link, https://…'));

/** POST /api/for-artists/claims/{id}/verify-bio (SPEC §3: spotifyArtistUrl and the product-link field). */
export const verifyBioSchema = z.object({ spotifyArtistUrl: linkField, openPieLink: linkField });

/** GET /api/for-artists/claims/{id}/transactions (SPEC §7: page, optional filter). */
export const claimTransactionsQuerySchema = z.object({
  page: z.optional(
    z.pipe(
      z.string().check(z.maxLength(5, 'Use a whole number'), z.regex(/^\d{1,5}$/, 'Use a whole number')),
      z.transform((value) => Number(value)),
    ),
  ),
  filter: z.optional(z.enum(transactionFilters, 'Use all, credit or payout')),
});

/** PATCH /api/admin/claims/{id}/status: a legal transition, with the reason for the audit log (issue #13). */
export const claimStatusUpdateSchema = z.object({
  status: z.enum(claimStatuses, 'Choose a claim status'),
  reason: z
    .string({ error: 'Give a reason' })
    .check(z.trim(), z.minLength(1, 'Give a reason'), z.maxLength(1000, 'Use at most 1000 characters')),
});

/** POST /api/admin/claims/{id}/verify-bio (SPEC §7). */
export const manualVerificationSchema = z.object({
  manualVerification: z.boolean({ error: 'Say whether staff verified the bio by hand' }),
});
