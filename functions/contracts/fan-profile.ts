// The fan's profile as other fans may see it, its settings (username, visibility, beta), the fan's own activity
// summary, and a fan's report of a wrong claim (SPEC §7 "Artists, tracks, users").
import * as z from 'zod/mini';
import { isReservedUsername, reservedUsernameMessage } from './public-names';

// ── requests ────────────────────────────────────────────────────────────────────────────────────────────────────

export const usernameRules = { minLength: 3, maxLength: 30, pattern: /^[A-Za-z0-9_.]+$/ } as const;

export const fanProfileMessages = {
  usernameRequired: 'Choose a username',
  usernameTooShort: `Use at least ${usernameRules.minLength} characters`,
  usernameTooLong: `Use at most ${usernameRules.maxLength} characters`,
  usernameCharacters: 'Use only letters (a-z), digits, _ and .',
  usernameTaken: 'That username is taken. Please choose another one.',
  visibility: "Choose 'private' or 'fans'",
  reasonTooShort: 'Tell us a little more: at least 10 characters',
  reasonTooLong: 'Keep it under 1000 characters',
  reportRepeated: 'You have already reported this claim. Our staff will review it.',
  reportUnknownArtist: 'We do not know this artist on OpenPie. Check the link and try again.',
  profileNotFound: 'This fan profile does not exist or is private.',
} as const;

/** Unique across fans regardless of case; spaces around it are dropped. */
export const usernameField = z.string().check(
  z.trim(),
  z.minLength(1, fanProfileMessages.usernameRequired),
  z.minLength(usernameRules.minLength, fanProfileMessages.usernameTooShort),
  z.maxLength(usernameRules.maxLength, fanProfileMessages.usernameTooLong),
  z.regex(usernameRules.pattern, fanProfileMessages.usernameCharacters),
  z.refine((username) => !isReservedUsername(username), reservedUsernameMessage),
);

/** PUT /api/user/username */
export const usernameUpdateSchema = z.object({ username: usernameField });
export type UsernameUpdatePayload = z.infer<typeof usernameUpdateSchema>;

/** `private`: only the fan sees their profile. `fans`: any signed-in OpenPie fan sees it. */
export const fanVisibilityValues = ['private', 'fans'] as const;
export const fanVisibilitySchema = z.enum(fanVisibilityValues, fanProfileMessages.visibility);
export type FanVisibilityValue = z.infer<typeof fanVisibilitySchema>;

/** PUT /api/user/visibility */
export const visibilityUpdateSchema = z.object({ visibility: fanVisibilitySchema });
export type VisibilityUpdatePayload = z.infer<typeof visibilityUpdateSchema>;

export const claimReportRules = { minLength: 10, maxLength: 1000 } as const;

/** POST /api/claims/report/{id}: `{id}` is the catalogue (Spotify) artist id whose claim looks wrong. */
export const claimReportReasonField = z
  .string()
  .check(
    z.trim(),
    z.minLength(claimReportRules.minLength, fanProfileMessages.reasonTooShort),
    z.maxLength(claimReportRules.maxLength, fanProfileMessages.reasonTooLong),
  );

export const claimReportSchema = z.object({ reason: claimReportReasonField });
export type ClaimReportPayload = z.infer<typeof claimReportSchema>;

/** The `{id}` of the profile and report calls: an id, never a path or an expression. */
export const profileIdParamsSchema = z.object({
  id: z
    .string()
    .check(
      z.maxLength(64, { error: 'Not an id', abort: true }),
      z.regex(/^[A-Za-z0-9-]{1,64}$/, 'Not an id'),
    ),
});

// ── replies ─────────────────────────────────────────────────────────────────────────────────────────────────────

/** PUT /api/user/username, PUT /api/user/visibility, POST /api/user/joinBeta. */
export const fanProfileSchema = z.object({
  username: z.nullable(z.string()),
  visibility: fanVisibilitySchema,
  /** ISO 8601: when the fan asked to join the beta; null if they have not. */
  joinedBetaAt: z.nullable(z.string()),
});
export type FanProfileReply = z.infer<typeof fanProfileSchema>;

export const profileArtistSchema = z.object({
  artistId: z.optional(z.string()),
  artistName: z.string(),
  plays: z.number(),
  msPlayed: z.number(),
  /** Share of the fan's listening time in the period, 0..1. */
  share: z.number(),
});
export type ProfileArtist = z.infer<typeof profileArtistSchema>;

/** How many top artists a profile shows. */
export const profileTopArtistLimit = 10;
/** The window of a profile's top artists: the last 30 UTC days, today included. */
export const profilePeriodDays = 30;

/** GET /api/user/details/{id}: another fan's profile (or the fan's own), only when their visibility allows. */
export const publicFanProfileSchema = z.object({
  id: z.string(),
  username: z.nullable(z.string()),
  /** ISO 8601 UTC: when the fan joined OpenPie. */
  memberSince: z.string(),
  visibility: fanVisibilitySchema,
  isSelf: z.boolean(),
  /** Inclusive UTC dates of the period the listening covers. */
  period: z.object({ startDate: z.string(), endDate: z.string() }),
  /** Plays and time of the whole period. */
  plays: z.number(),
  msPlayed: z.number(),
  /** At most `profileTopArtistLimit`, most listened first (by time). */
  topArtists: z.array(profileArtistSchema),
  /** The last 7 days with listening in the period, newest first. */
  recentDays: z.array(z.object({ date: z.string(), plays: z.number(), msPlayed: z.number() })),
});
export type PublicFanProfile = z.infer<typeof publicFanProfileSchema>;

export const activityTotalsSchema = z.object({
  /** First UTC date of the window (inclusive); the window ends today. */
  startDate: z.string(),
  plays: z.number(),
  msPlayed: z.number(),
  /** Days of the window with at least one counted play. */
  daysWithListening: z.number(),
  /** Distinct artists the fan listened to in the window (catalogue id, or name when there is none). */
  artistCount: z.number(),
});
export type ActivityTotals = z.infer<typeof activityTotalsSchema>;

/**
 * GET /api/user/activity: the fan's own listening summary over counted plays (30 s or more), by UTC calendar:
 * today, this week (from Monday), this month (from the 1st). `lastListenedDate` is the latest day with plays within
 * the month or week; `latestFetchedDate` is the last Spotify sync that found plays or that the fan asked for (ISO
 * time; GET /tracks/user/latestFetchedDate) or null if none ran.
 */
export const fanActivitySchema = z.object({
  /** Today, UTC. */
  asOf: z.string(),
  today: activityTotalsSchema,
  thisWeek: activityTotalsSchema,
  thisMonth: activityTotalsSchema,
  lastListenedDate: z.nullable(z.string()),
  latestFetchedDate: z.nullable(z.string()),
});
export type FanActivity = z.infer<typeof fanActivitySchema>;

/** POST /api/claims/report/{id} */
export const claimReportReplySchema = z.object({
  id: z.string(),
  target: z.object({ kind: z.literal('artist'), id: z.string(), name: z.string() }),
  status: z.literal('open'),
  createdAt: z.string(),
});
export type ClaimReportReply = z.infer<typeof claimReportReplySchema>;
