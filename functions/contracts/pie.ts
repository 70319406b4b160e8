// A pie's settings and the calls that take them (SPEC §3 "Pie settings", §7 payments and pies; issues #11 and #12).
// The routes answer 501 until those issues build them; these are the shapes they state, so bad input is refused now.
import * as z from 'zod/mini';

/** Issue #11: a pie's amount in integer cents, $3 to $500. */
export const pieAmountLimits = { minCents: 300, maxCents: 50_000 } as const;
/** Issue #11: at most this many artists share a pie; 0 means no limit. */
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

/** PATCH /api/pie/artist/{id}/ban and /set-inclusion (SPEC §3 "Pie artist"): the flag's new value. */
export const pieArtistFlagSchema = z.object({ value: z.boolean({ error: 'Send value: true or false' }) });

/** The artist of a pie route: a catalogue id, or the normalised name of an artist known only by name (#12). */
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
});

/** Why an artist gets nothing from a pie (issue #12). */
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

/** GET /api/pie/{pieId}/realtime-stats and GET /api/pie/pie/{id}: exactly the shape issue #12 states. */
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
