// Claims of artist profiles as the artist area and staff take them (SPEC §3, §5 claim wizard texts, §7).
import * as z from 'zod/mini';
import { artistSummarySchema } from './artists';

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

/** A claim's statuses. */
export const claimStatuses = ['Pending', 'Verified', 'Successful', 'Rejected', 'Deleted'] as const;

/** Claims still in play: they keep the office from claiming the artist again and from being deleted. */
export const openClaimStatuses = ['Pending', 'Verified', 'Successful'] as const;

/**
 * How a claim is proven: the OpenPie link with the verification string in the artist's Spotify bio, or
 * the verification string in the bio of a social profile connected through OAuth.
 */
export const verificationMethods = ['spotify-bio', 'social-bio'] as const;
export type VerificationMethod = (typeof verificationMethods)[number];
/** Where the bio is read: Spotify for `spotify-bio`, one of the four social platforms for `social-bio`. */
export const verificationPlatforms = ['spotify', 'twitter', 'youtube', 'facebook', 'instagram'] as const;
export type VerificationPlatform = (typeof verificationPlatforms)[number];

/** The verification string: `openpie_` and 8 random letters and digits. */
export const verificationStringPrefix = 'openpie_';
export const verificationStringAlphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const verificationStringRandomLength = 8;
export const verificationStringPattern = /^openpie_[A-Za-z0-9]{8}$/;

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
  verificationMethod: z.enum(verificationMethods, claimWizardMessages.methodRequired),
  selectedPlatform: z.enum(verificationPlatforms, claimWizardMessages.platformRequired),
  verificationString: required(claimWizardMessages.verificationStringRequired, 64).check(
    z.regex(verificationStringPattern, 'Use the verification string the wizard generated'),
  ),
});
export type CreateClaimPayload = z.infer<typeof createClaimSchema>;

const officeIdQuery = z
  .string()
  .check(
    z.maxLength(64, { error: 'Use an office id', abort: true }),
    z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'Use an office id'),
  );

/** GET /api/for-artists/claims: the claims of one of the caller's offices, or of all of them; optionally by status. */
export const claimListQuerySchema = z.object({
  officeId: z.optional(officeIdQuery),
  status: z.optional(z.enum(claimStatuses, 'Choose a claim status')),
});
export type ClaimListQuery = z.infer<typeof claimListQuerySchema>;

// ── replies ──────────────────────────────────────────────────────────────────────────────────────────────────────

/** What every reply about a claim says of it: the artist claimed, where the claim stands and how it is verified. */
export const claimedArtistFields = {
  artistId: z.string(),
  artistName: z.string(),
  artistImageUrl: z.optional(z.string()),
  status: z.enum(claimStatuses),
  verificationMethod: z.enum(verificationMethods),
  selectedPlatform: z.enum(verificationPlatforms),
};

/** A claim as its office sees it. */
export const claimReplySchema = z.object({
  _id: z.string(),
  officeId: z.string(),
  ...claimedArtistFields,
  verificationString: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ClaimReply = z.infer<typeof claimReplySchema>;

/** One try at finding the verification string (services/claims/verification.ts records them). */
export const verificationAttemptSchema = z.object({
  method: z.enum(verificationMethods),
  platform: z.enum(verificationPlatforms),
  checked: z.string(),
  found: z.boolean(),
  /** What was found, or why not, in words for people (decision 027). */
  detail: z.optional(z.string()),
  at: z.string(),
});
export type VerificationAttempt = z.infer<typeof verificationAttemptSchema>;

/** One change of a claim's status, with its reason (the office sees why; staff also see who). */
export const claimStatusChangeSchema = z.object({
  from: z.nullable(z.enum(claimStatuses)),
  to: z.enum(claimStatuses),
  reason: z.string(),
  at: z.string(),
});
export type ClaimStatusChange = z.infer<typeof claimStatusChangeSchema>;

/** GET /api/for-artists/claims/{id}/detailed: the claim with its artist, attempts and status history. */
export const claimDetailReplySchema = z.extend(claimReplySchema, {
  artist: z.nullable(artistSummarySchema),
  verificationAttempts: z.array(verificationAttemptSchema),
  statusHistory: z.array(claimStatusChangeSchema),
});
export type ClaimDetailReply = z.infer<typeof claimDetailReplySchema>;

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

/** PATCH /api/admin/claims/{id}/status: a legal transition, with the reason for the audit log. */
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
