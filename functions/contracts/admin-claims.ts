// Staff's claims (decision 028): the queue, one claim with everything needed to decide it, and the
// decisions' replies. Request schemas are in contracts/claims.ts (claimStatusUpdateSchema, manualVerificationSchema).
import * as z from 'zod/mini';
import { artistSummarySchema } from './artists';
import { claimStatuses, claimedArtistFields, verificationMethods, verificationPlatforms } from './claims';

/** A claim in staff's list. */
export const staffClaimSummarySchema = z.object({
  _id: z.string(),
  officeId: z.string(),
  /** Null when the office was deleted. */
  officeName: z.nullable(z.string()),
  ...claimedArtistFields,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StaffClaimSummary = z.infer<typeof staffClaimSummarySchema>;

/** One try at finding the verification string, with who asked for it (staff see who; the office does not). */
export const staffVerificationAttemptSchema = z.object({
  id: z.string(),
  method: z.enum(verificationMethods),
  platform: z.enum(verificationPlatforms),
  checked: z.string(),
  found: z.boolean(),
  detail: z.string(),
  at: z.string(),
  byKind: z.enum(['office', 'staff']),
  byId: z.string(),
});

/** A fan's report that a claim of this artist looks wrong. */
export const staffClaimReportSchema = z.object({
  id: z.string(),
  fanId: z.string(),
  reason: z.string(),
  status: z.string(),
  createdAt: z.string(),
});

/** One change of the claim's status, with who made it: the audit log. */
export const staffClaimAuditEntrySchema = z.object({
  from: z.nullable(z.enum(claimStatuses)),
  to: z.enum(claimStatuses),
  reason: z.string(),
  actorKind: z.enum(['office', 'verification', 'staff']),
  actorId: z.string(),
  at: z.string(),
});

/** GET /api/admin/claims/{id}. */
export const staffClaimDetailSchema = z.extend(staffClaimSummarySchema, {
  verificationString: z.string(),
  artist: z.nullable(artistSummarySchema),
  verificationAttempts: z.array(staffVerificationAttemptSchema),
  reports: z.array(staffClaimReportSchema),
  auditLog: z.array(staffClaimAuditEntrySchema),
  /** The statuses staff may move the claim to now (domain/claims/claim-status.ts). */
  allowedStatuses: z.array(z.enum(claimStatuses)),
  /** Other offices' claims of the same artist: competing claims are all kept, staff pick one. */
  otherClaims: z.array(
    z.object({ _id: z.string(), officeId: z.string(), status: z.enum(claimStatuses), createdAt: z.string() }),
  ),
  /** What is still held in escrow for the artist: zero once a successful claim released it. */
  heldEarnings: z.object({ lots: z.number(), cents: z.number() }),
});
export type StaffClaimDetail = z.infer<typeof staffClaimDetailSchema>;

/** What the release of held earnings did in this call (decision 028). */
export const releaseSummarySchema = z.object({
  releasedLots: z.number(),
  releasedCents: z.number(),
  fansMailed: z.number(),
});

/** PATCH /api/admin/claims/{id}/status and POST …/verify-bio: the claim as it is now, and any release made. */
export const staffClaimDecisionSchema = z.extend(staffClaimDetailSchema, {
  release: z.nullable(releaseSummarySchema),
});
export type StaffClaimDecision = z.infer<typeof staffClaimDecisionSchema>;
