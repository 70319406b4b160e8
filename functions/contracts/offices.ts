// Offices, members and invitations as the artist area's calls take them (SPEC §3, §7).
import * as z from 'zod/mini';
import { emailField } from './auth';
import { claimStatuses } from './claims';
import { containsLink, officeNameLinkMessage } from './public-names';

export const officeTypes = ['Artist', 'Label'] as const;
/** A member's role: `admin` does everything, `member` sees its artists, `accountant` reads money and changes nothing. */
export const officeRoles = ['admin', 'member', 'accountant'] as const;

const emailMessages = { required: 'Email is required', invalid: 'Invalid email' } as const;

const officeName = z.string({ error: 'Name the office' }).check(
  z.trim(),
  z.minLength(2, 'Use at least 2 characters'),
  // Past 100 characters the name is refused already: the link check never reads a megabyte.
  z.maxLength(100, { error: 'Use at most 100 characters', abort: true }),
  z.refine((name) => !containsLink(name), officeNameLinkMessage),
);
const officeType = z.enum(officeTypes, 'Choose Artist or Label');
const officeRole = z.enum(officeRoles, 'Choose admin, member or accountant');
const officeId = z
  .string()
  .check(
    z.maxLength(64, { error: 'Use an office id', abort: true }),
    z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'Use an office id'),
  );
const memberKey = z.string().check(z.minLength(1), z.maxLength(254, 'Use at most 254 characters'));
const artistId = z
  .string()
  .check(
    z.maxLength(64, { error: 'Use an artist id', abort: true }),
    z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'Use an artist id'),
  );

/** POST /offices. */
export const createOfficeSchema = z.object({ name: officeName, type: z.optional(officeType) });
/** PATCH /offices/{officeId}. */
export const updateOfficeSchema = z.object({ name: z.optional(officeName), type: z.optional(officeType) });
/** PATCH /office/name: the selected office's new name. */
export const renameOfficeSchema = z.object({ officeId, name: officeName });

export const officeParamsSchema = z.object({ officeId });
/** `{member}` is an e-mail on DELETE and a user id otherwise (SPEC §7), so it is read as text. */
export const officeMemberParamsSchema = z.object({ officeId, member: memberKey });
export const officeMemberArtistParamsSchema = z.object({ officeId, member: memberKey, artistId });
export const officeArtistParamsSchema = z.object({ officeId, artistId });

/** POST /offices/{officeId}/members. */
export const addMemberSchema = z.object({ email: emailField(emailMessages), role: officeRole });
/** PATCH /offices/{officeId}/members/{member}/role. */
export const memberRoleSchema = z.object({ role: officeRole });

const invitationToken = z.string().check(z.minLength(1), z.maxLength(512));
/** GET /offices/{officeId}/validate-invitation. */
export const validateInvitationQuerySchema = z.object({ token: invitationToken });
export const invitationTokenParamsSchema = z.object({ token: invitationToken });
/** POST /offices/accept-invitation/{token}. */
export const acceptInvitationSchema = z.object({ officeId });
/** GET /offices/{officeId}/member-token and POST /offices/{officeId}/resend-invitation. */
export const memberEmailSchema = z.object({ email: emailField(emailMessages) });

/** POST /offices/{officeId}/members/{member}/artists. */
export const assignArtistsSchema = z.object({
  artistIds: z
    .array(artistId)
    .check(z.minLength(1, 'Choose at least one artist'), z.maxLength(100, 'Choose at most 100 artists')),
});

/** PATCH /offices/{officeId}/claimed-artists/{artistId} (SPEC §4: a claimed artist becomes 'Deleted'). */
export const claimedArtistStatusSchema = z.object({
  status: z.literal('Deleted', 'The status can only be Deleted'),
});

// ── replies (SPEC §3 names what the client reads: Office `_id, name, type, members`, member
// `user_id, role, email`) ─────────────────────────────────────────────────────────────────────────────────────

/** An office member as `GET offices/{id}/members` and the office replies show them. */
export const officeMemberReplySchema = z.object({
  user_id: z.string(),
  role: z.enum(officeRoles),
  email: z.string(),
});
export type OfficeMemberReply = z.infer<typeof officeMemberReplySchema>;

/** An office as the caller sees it: `role` is the caller's own role in it. */
export const officeReplySchema = z.object({
  _id: z.string(),
  name: z.string(),
  type: z.enum(officeTypes),
  role: z.enum(officeRoles),
  members: z.array(officeMemberReplySchema),
});
export type OfficeReply = z.infer<typeof officeReplySchema>;

/** DELETE offices/{officeId}. */
export const deletedOfficeReplySchema = z.object({ _id: z.string(), deleted: z.literal(true) });
export type DeletedOfficeReply = z.infer<typeof deletedOfficeReplySchema>;

// ── invitations, member artists, claimed artists (decision 026) ──────────────────────────────────────

/**
 * An entry of `GET offices/{id}/members`: a member (`status: 'active'`, with their user id) or a pending invitation
 * (`status: 'invited'`, `user_id` null until someone accepts it, with when it expires).
 */
export const officeMemberEntryReplySchema = z.object({
  user_id: z.nullable(z.string()),
  role: z.enum(officeRoles),
  email: z.string(),
  status: z.enum(['active', 'invited']),
  expiresAt: z.optional(z.string()),
});
export type OfficeMemberEntryReply = z.infer<typeof officeMemberEntryReplySchema>;

/** An invitation as its office's admins see it (never its secret: only the secret's hash is stored). */
export const officeInvitationReplySchema = z.object({
  officeId: z.string(),
  email: z.string(),
  role: z.enum(officeRoles),
  state: z.enum(['pending', 'expired', 'accepted']),
  invitedAt: z.string(),
  expiresAt: z.string(),
});
export type OfficeInvitationReply = z.infer<typeof officeInvitationReplySchema>;

/** `GET offices/{officeId}/validate-invitation` (public, for the holder of the link). */
export const invitationValidationReplySchema = z.object({
  officeId: z.string(),
  officeName: z.string(),
  email: z.string(),
  role: z.enum(officeRoles),
  state: z.enum(['pending', 'expired', 'accepted']),
  expiresAt: z.string(),
});
export type InvitationValidationReply = z.infer<typeof invitationValidationReplySchema>;

/** An artist assigned to a member: one of the office's claims that still counts. */
export const memberArtistReplySchema = z.object({
  artistId: z.string(),
  artistName: z.string(),
  claimId: z.string(),
  claimStatus: z.enum(claimStatuses),
});
/** `GET/POST offices/{officeId}/members/{member}/artists` and the DELETE of one. */
export const memberArtistsReplySchema = z.object({
  userId: z.string(),
  artists: z.array(memberArtistReplySchema),
});
export type MemberArtistsReply = z.infer<typeof memberArtistsReplySchema>;
