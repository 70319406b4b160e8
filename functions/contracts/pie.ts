// A pie's settings and the calls that take them (SPEC §3 "Pie settings", §7 payments and pies).
// These are the shapes the pie routes accept and answer, so bad input is refused before any handler runs.
import * as z from 'zod/mini';
import { wholeNumberParam } from './api/fields';
import { pieSummarySchema } from './payments';

/** A pie's amount in integer cents, $3 to $500. */
export const pieAmountLimits = { minCents: 300, maxCents: 50_000 } as const;
/** At most this many artists share a pie; 0 means no limit. */
export const maximumArtistLimit = 500;

function wholeNumber(min: number, max: number, label: string) {
  const message = `${label} is a whole number from ${min} to ${max}`;
  return z.int({ error: message }).check(z.gte(min, message), z.lte(max, message));
}

export const pieSettingsFields = {
  artistLimit: wholeNumber(0, maximumArtistLimit, 'The artist limit'),
  artistPopularity: wholeNumber(0, 100, 'The popularity tilt'),
  excludeNonActive: z.boolean({ error: 'Say whether to leave out artists who are not active' }),
  /** 30 for fans; staff accounts may choose 1 to 30 (the server decides by account). */
  pieDays: wholeNumber(1, 30, 'The pie period in days'),
};

/** POST /api/stripe/createCheckout (SPEC §7). */
export const createCheckoutSchema = z.object({
  amount: wholeNumber(pieAmountLimits.minCents, pieAmountLimits.maxCents, 'The amount in cents'),
  ...pieSettingsFields,
});
export type CreateCheckoutPayload = z.infer<typeof createCheckoutSchema>;

/** POST /api/stripe/createPromoSubscription (SPEC §7): the free $5 pie's settings. */
export const promoSubscriptionSchema = z.object(pieSettingsFields);
export type PromoSubscriptionPayload = z.infer<typeof promoSubscriptionSchema>;

/** POST /api/stripe/cancelSubscription (SPEC §7). */
export const cancelSubscriptionSchema = z.object({
  subscriptionId: z
    .string()
    .check(
      z.maxLength(255, { error: 'Use a subscription id', abort: true }),
      z.regex(/^[A-Za-z0-9_]{1,255}$/, 'Use a subscription id'),
    ),
});

/** A hosted Stripe page to send the browser to: Checkout, the billing portal. */
export const hostedPageSchema = z.object({ url: z.string() });

/** GET /api/stripe/promoAvailability (SPEC §3). */
export const promoAvailabilitySchema = z.object({ available: z.boolean(), remaining: z.number() });
/** GET /api/stripe/promoEligibility (SPEC §3). */
export const promoEligibilitySchema = z.object({ available: z.boolean(), used: z.boolean() });

/** PATCH /api/pie/{pieId} (SPEC §7): any of the three split settings. */
export const pieSettingsUpdateSchema = z.object({
  artistLimit: z.optional(pieSettingsFields.artistLimit),
  artistPopularity: z.optional(pieSettingsFields.artistPopularity),
  excludeNonActive: z.optional(pieSettingsFields.excludeNonActive),
});

/** PATCH /api/pie/artist/{id}/ban (SPEC §3 "Pie artist"): the ban's new value (per fan, for every pie). */
export const pieArtistFlagSchema = z.object({ value: z.boolean({ error: 'Send value: true or false' }) });

/**
 * PATCH /api/pie/artist/{id}/set-inclusion (SPEC §3 "Pie artist"), for one pie: `true` keeps the artist in beyond the
 * artist limit, `false` leaves it out of this pie, `null` hands it back to the settings. The pie is the fan's current
 * one unless `pieId` names another of the fan's open pies.
 */
export const pieArtistInclusionSchema = z.object({
  value: z.nullable(z.boolean({ error: 'Send value: true, false or null' })),
  pieId: z.optional(z.string().check(z.minLength(1), z.maxLength(100, 'Use a pie id'))),
});

/** What PATCH /api/pie/artist/{id}/ban answers: the artist as the split keys it, and the ban now. */
export const pieArtistBanSchema = z.object({
  /** `id:<catalogue id>` or `name:<normalised name>` (decision 021). */
  artistKey: z.string(),
  banned: z.boolean(),
});

/** What PATCH /api/pie/artist/{id}/set-inclusion answers. */
export const pieArtistInclusionReplySchema = z.object({
  artistKey: z.string(),
  pieId: z.string(),
  /** true: kept in beyond the limit; false: left out of this pie; null: as the settings decide. */
  inclusion: z.nullable(z.boolean()),
});

/** The artist of a pie route: a catalogue id, or the normalised name of an artist known only by name. */
export const pieArtistParamsSchema = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(200, 'Use at most 200 characters')),
});

const whatIfNumber = (max: number) =>
  z.optional(
    z
      .pipe(
        z.string().check(z.maxLength(3, 'Use a whole number'), z.regex(/^\d{1,3}$/, 'Use a whole number')),
        z.transform((value) => Number(value)),
      )
      .check(z.refine((value) => value <= max, `Use a number from 0 to ${max}`)),
  );

/** GET /api/pie/{pieId}/realtime-stats (SPEC §7): a what-if of the settings, not saved. */
export const realtimeStatsQuerySchema = z.object({
  limit: whatIfNumber(maximumArtistLimit),
  artistPopularity: whatIfNumber(100),
  excludeNonActive: z.optional(
    z.pipe(
      z.enum(['true', 'false'], 'Use true or false'),
      z.transform((value) => value === 'true'),
    ),
  ),
  /**
   * `last-30-days`: the forecast of a pie with no listening of its own yet, its split of the fan's last 30 days
   * (services/pie/pie-forecast.ts); the pie itself still counts only its own period.
   */
  forecast: z.optional(z.literal('last-30-days', 'Use last-30-days')),
});

/** Why an artist gets nothing from a pie. */
export const pieExclusionReasons = [
  'banned',
  'excluded_by_fan',
  'not_active',
  'over_limit',
  'under_one_cent',
] as const;

const pieArtistFields = {
  /** Null for an artist known only by name. */
  artist_id: z.nullable(z.string()),
  artist_name: z.string(),
  /** Milliseconds. */
  total_time_listened: z.number(),
  total_tracks_listened: z.number(),
  popularity: z.nullable(z.number()),
  manual_inclusion_status: z.boolean(),
  is_banned: z.boolean(),
  weight: z.number(),
  percentage: z.number(),
};

/** GET /api/pie/{pieId}/realtime-stats and GET /api/pie/pie/{id}: exactly the shape SPEC §7 states. */
export const realtimeStatsSchema = z.object({
  pieId: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  amountCents: z.number(),
  feesCents: z.object({ processing: z.number(), platform: z.number() }),
  netCents: z.number(),
  includedArtists: z.array(z.object({ ...pieArtistFields, cents: z.number() })),
  excludedArtists: z.array(z.object({ ...pieArtistFields, reasons: z.array(z.enum(pieExclusionReasons)) })),
  allArtists: z.array(
    z.object({
      ...pieArtistFields,
      cents: z.optional(z.number()),
      reasons: z.optional(z.array(z.enum(pieExclusionReasons))),
    }),
  ),
  stats: z.object({ count_tracks: z.number(), count_artists: z.number(), total_time_listened: z.number() }),
});
export type RealtimeStats = z.infer<typeof realtimeStatsSchema>;

/** A lot of money held for an artist nobody has claimed yet, as the fan sees it. */
export const escrowLotStatuses = ['held', 'released', 'returned', 'taken-back'] as const;
export type EscrowLotStatus = (typeof escrowLotStatuses)[number];

export const pieEscrowLotSchema = z.object({
  /** `id:<catalogue id>` or `name:<normalised name>` (decision 021). */
  artist_key: z.string(),
  artist_id: z.nullable(z.string()),
  artist_name: z.string(),
  cents: z.number(),
  status: z.enum(escrowLotStatuses),
  /** ISO 8601 instant: held lots go back to the fan's wallet then, if nobody claims the artist first. */
  heldUntil: z.string(),
  /** Cents a refund or dispute of the pie's payment took back from this lot (`cents` is what is left). */
  taken_back_cents: z.optional(z.number()),
});

/**
 * A refund or dispute of the pie's payment and where its money was taken from (decision 031): the pie's money still in
 * the wallet, what was held for artists who had not joined, and what OpenPie covered (already with artists who joined,
 * or Stripe's kept fee). A dispute decided for the fan is `reinstated`: its money came back.
 */
export const pieTakeBackSchema = z.object({
  kind: z.enum(['refund', 'dispute']),
  at: z.string(),
  amountCents: z.number(),
  fromWalletCents: z.number(),
  fromHeldCents: z.number(),
  coveredByOpenPieCents: z.number(),
  reinstated: z.boolean(),
});
export type PieTakeBack = z.infer<typeof pieTakeBackSchema>;

/** What a closed pie did with its money: the split's outcome and where each cent is now. */
export const pieReceiptFactsSchema = z.object({
  outcome: z.enum(['split', 'nothing_to_split']),
  /** ISO 8601 instant the split was posted (or found nothing to split). */
  splitAt: z.string(),
  /** Cents that went to artists (the net when split, 0 otherwise). */
  allocatedCents: z.number(),
  /** Cents that stayed in the fan's wallet for the next pie (the net when nothing was split). */
  keptInWalletCents: z.number(),
  /** The ledger transaction of the split; null when nothing was split. */
  transactionId: z.nullable(z.string()),
  /** Totals of the lots still held for artists nobody has claimed; returnsOn is the earliest heldUntil (a day). */
  held: z.object({ artistCount: z.number(), cents: z.number(), returnsOn: z.nullable(z.string()) }),
  /** Cents of this pie already returned to the wallet from lots nobody claimed in time. */
  returnedCents: z.number(),
  /** Cents of this pie released to the offices of artists who joined. */
  releasedCents: z.number(),
  lots: z.array(pieEscrowLotSchema),
  /** Refunds and disputes of the pie's payment, oldest first, with where their money came from. */
  takeBacks: z.optional(z.array(pieTakeBackSchema)),
});
export type PieReceiptFacts = z.infer<typeof pieReceiptFactsSchema>;

/**
 * GET /api/pie/pie/{id}: a pie in the realtime-stats shape. An open or ended pie answers its live preview (what the
 * split will pay if nothing changes) with `receipt: null`; a split pie answers its receipt: the cents actually paid,
 * frozen when the split ran, and `receipt` with what became of them.
 */
export const pieDetailSchema = z.extend(realtimeStatsSchema, {
  status: z.enum(['active', 'cancelling', 'inactive', 'ended', 'split']),
  receipt: z.nullable(pieReceiptFactsSchema),
  /** Refunds and disputes of the pie's payment, split or not, with where their money came from (decision 031). */
  takeBacks: z.optional(z.array(pieTakeBackSchema)),
});
export type PieDetail = z.infer<typeof pieDetailSchema>;

// ── the pie calls of one pie (GET /pie/active/{id}, daily listening, orphaned tracks) ─────────────────

/**
 * GET /api/pie/active/{id}: a pie of the fan's own as My pies shows it, with its listening's counts as they stand
 * (the plays of its period as the split counts them) and how many artists its split pays: for an open or ended pie
 * the live split's, for a split pie the receipt's.
 */
export const pieActiveDetailSchema = z.extend(pieSummarySchema, {
  count_tracks: z.number(),
  count_artists: z.number(),
  /** Milliseconds. */
  total_time_listened: z.number(),
  included_artists: z.number(),
});
export type PieActiveDetail = z.infer<typeof pieActiveDetailSchema>;

/** One UTC day of a pie's period as the pie counts it (a partial first or last day only from the period's instants). */
export const pieListeningDaySchema = z.object({
  /** `YYYY-MM-DD`, UTC. */
  date: z.string(),
  /** Counted milliseconds. */
  ms: z.number(),
  /** Counted plays. */
  tracks: z.number(),
});

/** GET /api/pie/{pieId}/daily-listening: every UTC day the period touches, oldest first, days without plays at 0. */
export const pieDailyListeningSchema = z.object({
  pieId: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  days: z.array(pieListeningDaySchema),
});
export type PieDailyListening = z.infer<typeof pieDailyListeningSchema>;

/**
 * Why a play of the fan's history is not counted by a pie (docs/decisions/021-the-split.md "Orphaned tracks"):
 * before the pie started or after it closed (no pie next to it), between the previous pie's end and this one's start
 * (or this one's end and the next one's start), no artist, under 30 s, an imported play of a promo pie, or a play
 * stored after the pie was split (a late sync or import: the split does not change).
 */
export const orphanedTrackReasons = [
  'before_pie',
  'after_pie',
  'between_pies',
  'no_artist',
  'too_short',
  'not_synced',
  'arrived_after_split',
] as const;
export type OrphanedTrackReason = (typeof orphanedTrackReasons)[number];

/** Where the next page starts: the last play of this page as `<endedAt>#<key hash>`. */
const orphanedTracksCursor = z
  .string()
  .check(
    z.maxLength(64, { error: 'Use the nextCursor of the previous page', abort: true }),
    z.regex(
      /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z#[0-9a-f]{20}$/,
      'Use the nextCursor of the previous page',
    ),
  );

/** GET /api/pie/{pieId}/orphaned-tracks: pages of up to 100 plays, oldest first. */
export const pieOrphanedTracksQuerySchema = z.object({
  limit: wholeNumberParam(100, 50),
  cursor: z.optional(orphanedTracksCursor),
});
export type PieOrphanedTracksQuery = z.infer<typeof pieOrphanedTracksQuerySchema>;

export const pieOrphanedTrackSchema = z.object({
  /** ISO 8601 UTC end of the play: a pie counts the plays that ended in its period. */
  endedAt: z.string(),
  trackName: z.string(),
  trackId: z.optional(z.string()),
  artists: z.array(z.object({ artistId: z.optional(z.string()), artistName: z.string() })),
  msPlayed: z.number(),
  source: z.enum(['spotify', 'import']),
  reason: z.enum(orphanedTrackReasons),
});
export type PieOrphanedTrack = z.infer<typeof pieOrphanedTrackSchema>;

export const pieOrphanedTracksSchema = z.object({
  pieId: z.string(),
  /** The stretch of history looked at, [from, to) (the rule: decision 021 "Orphaned tracks"). */
  window: z.object({ from: z.string(), to: z.string() }),
  tracks: z.array(pieOrphanedTrackSchema),
  /** Pass as `cursor` for the next page; null on the last. */
  nextCursor: z.nullable(z.string()),
});
export type PieOrphanedTracks = z.infer<typeof pieOrphanedTracksSchema>;

export type PieSettingsUpdate = z.infer<typeof pieSettingsUpdateSchema>;
export type PieArtistBan = z.infer<typeof pieArtistBanSchema>;
export type PieArtistInclusionReply = z.infer<typeof pieArtistInclusionReplySchema>;
