// Verifying a claim (docs/decisions/027-claim-verification.md): the Spotify bio check, the social
// profiles connected through OAuth for it, and the result pages the browser lands on. Shared by the SPA and the server.
import * as z from 'zod/mini';
import type { VerificationPlatform } from './claims';
import { claimReplySchema, verificationAttemptSchema } from './claims';

/** The platforms read through OAuth: the social ones of `social-bio` (Spotify's bio is read from its public page). */
export const socialVerificationPlatforms = ['twitter', 'youtube', 'facebook', 'instagram'] as const;
export type SocialVerificationPlatform = (typeof socialVerificationPlatforms)[number];

/** Names people know each platform by. */
export const verificationPlatformLabels: Readonly<Record<VerificationPlatform, string>> = {
  spotify: 'Spotify',
  twitter: 'X',
  youtube: 'YouTube',
  facebook: 'Facebook',
  instagram: 'Instagram',
};

/** The OAuth provider each social platform connects through: YouTube through Google, Instagram through Facebook. */
export const verificationProviders = ['twitter', 'google', 'facebook'] as const;
export type VerificationProvider = (typeof verificationProviders)[number];
export const providerOfPlatform: Readonly<Record<SocialVerificationPlatform, VerificationProvider>> = {
  twitter: 'twitter',
  youtube: 'google',
  facebook: 'facebook',
  instagram: 'facebook',
};

/** The eight result pages (SPEC §2): `/for-artists/verify/<platform>/success|failed`. */
export const verificationOutcomes = ['success', 'failed'] as const;
export type VerificationOutcome = (typeof verificationOutcomes)[number];

export function verificationResultPath(
  platform: SocialVerificationPlatform,
  outcome: VerificationOutcome,
): string {
  return `/for-artists/verify/${platform}/${outcome}`;
}

/** Why a social verification came back failed without an attempt, or with one that found nothing (`reason`). */
export const verificationFailureReasons = [
  'not_found',
  'cancelled',
  'expired',
  'invalid_state',
  'failed',
  'unavailable',
  'not_pending',
  'rate_limited',
  'no_profile',
] as const;
export type VerificationFailureReason = (typeof verificationFailureReasons)[number];

/** The query of a result page: the claim it speaks of and, when failed, why. */
export const verificationResultQuerySchema = z.object({
  claimId: z.optional(z.string().check(z.maxLength(64))),
  reason: z.optional(z.enum(verificationFailureReasons)),
});

/** POST /api/for-artists/claims/{id}/verify-bio: the attempt and the claim as it is now. */
export const verifyBioReplySchema = z.object({
  found: z.boolean(),
  attempt: verificationAttemptSchema,
  claim: claimReplySchema,
});
export type VerifyBioReply = z.infer<typeof verifyBioReplySchema>;

const idText = z
  .string({ error: 'Give the claim' })
  .check(
    z.maxLength(64, { error: 'Use a claim id', abort: true }),
    z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'Use a claim id'),
  );

/** POST /api/for-artists/artist/socials/connect: which claim to prove with which profile. */
export const connectSocialSchema = z.object({
  claimId: idText,
  platform: z.enum(socialVerificationPlatforms, 'Choose X, YouTube, Facebook or Instagram'),
});
export type ConnectSocialPayload = z.infer<typeof connectSocialSchema>;

export const connectSocialReplySchema = z.object({ authorizeUrl: z.string() });

/** The `{provider}` of the verification callback; other names are a 404. */
export const verificationCallbackParamsSchema = z.object({
  provider: z.string().check(z.maxLength(64)),
});

/** POST …/artist/socials/fetch: SPEC says "(body)" and names no field; no body (or `{}`) is the only one accepted. */
export const fetchSocialsSchema = z.object({});

/** A profile an artist-side user connected for verification, with its bio as read then. */
export const socialProfileReplySchema = z.object({
  platform: z.enum(socialVerificationPlatforms),
  profileId: z.string(),
  handle: z.nullable(z.string()),
  url: z.nullable(z.string()),
  bio: z.string(),
  readAt: z.string(),
});
export type SocialProfileReply = z.infer<typeof socialProfileReplySchema>;
export const socialProfilesReplySchema = z.array(socialProfileReplySchema);
