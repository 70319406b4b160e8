// The artist catalogue as the APIs show it: fans' artist pages, the public artist page, the artist area's search.
// Artists come from Spotify (sync, search) and are kept in the table; deprecated Spotify fields may be absent.
import * as z from 'zod/mini';
import { wholeNumberParam } from './api/fields';

/** One catalogue artist, as every listing and detail call shows it. */
export const artistSummarySchema = z.object({
  /** The Spotify artist id. */
  id: z.string(),
  name: z.string(),
  /** The largest image Spotify offers, if any. */
  imageUrl: z.optional(z.string()),
  /** 0-100; Spotify has deprecated it, so it may be missing. */
  popularity: z.optional(z.number()),
  followers: z.optional(z.number()),
  genres: z.array(z.string()),
  spotifyUrl: z.string(),
  /** Whether an office has a verified claim on this artist. */
  claimed: z.boolean(),
});
export type ArtistSummary = z.infer<typeof artistSummarySchema>;

/** The deepest page a catalogue listing goes to; a name search narrows further. */
export const maximumArtistPage = 100;

const searchText = z
  .string()
  .check(z.trim(), z.minLength(1, 'Type part of a name'), z.maxLength(100, 'Use at most 100 characters'));

// ── GET /api/for-artists/search ──────────────────────────────────────────────

/** Name search: each word typed must start a word of the artist's name (case and accents do not matter). */
export const artistSearchQuerySchema = z.object({
  search_term: searchText,
  page: wholeNumberParam(maximumArtistPage, 1),
  limit: wholeNumberParam(50, 6),
});
export type ArtistSearchQuery = z.infer<typeof artistSearchQuerySchema>;
export const artistSummaryListSchema = z.array(artistSummarySchema);

/**
 * An artist as the claim search shows them: the catalogue entry and what tells two artists of one name apart (their
 * listeners on OpenPie this month, a top track from Spotify) and what is waiting for them (fans' earnings held until
 * someone claims the artist).
 */
export const claimSearchArtistSchema = z.extend(artistSummarySchema, {
  /** Distinct OpenPie fans with counted plays of this artist in the current UTC month. */
  fansListeningThisMonth: z.number(),
  /** Their most played track on Spotify, or null when Spotify has none or cannot say now. */
  topTrack: z.nullable(
    z.object({ name: z.string(), albumName: z.optional(z.string()), spotifyUrl: z.string() }),
  ),
  /** Fans' earnings held for the artist until an office's claim is approved, in cents, and from how many fans. */
  held: z.object({ cents: z.number(), fanCount: z.number() }),
});
export type ClaimSearchArtist = z.infer<typeof claimSearchArtistSchema>;
export const claimSearchArtistListSchema = z.array(claimSearchArtistSchema);

// ── GET /api/artists ─────────────────────────────────────────────────────────

export const catalogueSorts = ['name', 'popularity'] as const;
export type CatalogueSortParam = (typeof catalogueSorts)[number];

export const catalogueArtistsQuerySchema = z.object({
  page: wholeNumberParam(maximumArtistPage, 1),
  limit: wholeNumberParam(50, 20),
  /** Word-prefix name search; results then come most popular first. */
  search: z.optional(z.string().check(z.trim(), z.maxLength(100, 'Use at most 100 characters'))),
  sort: z._default(z.enum(catalogueSorts, 'Sort by name or popularity'), 'name'),
  direction: z._default(z.enum(['asc', 'desc'], 'Use asc or desc'), 'asc'),
});
export type CatalogueArtistsQuery = z.infer<typeof catalogueArtistsQuerySchema>;

// ── GET /api/artists/details/{id} ────────────────────────────────────────────

export const artistIdParamsSchema = z.object({
  id: z
    .string()
    .check(
      z.maxLength(64, { error: 'Use an artist id', abort: true }),
      z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'Use an artist id'),
    ),
});

/** The public artist page's artist: the catalogue entry and how many OpenPie fans listen to them this month. */
export const artistDetailsSchema = z.extend(artistSummarySchema, {
  /** Distinct OpenPie fans with counted plays of this artist in the current UTC month. */
  fansListeningThisMonth: z.number(),
});
export type ArtistDetails = z.infer<typeof artistDetailsSchema>;

// ── GET /api/artists/{id}/top-tracks ─────────────────────────────────────────

export const artistTopTrackSchema = z.object({
  id: z.string(),
  name: z.string(),
  durationMs: z.number(),
  albumName: z.optional(z.string()),
  imageUrl: z.optional(z.string()),
  artists: z.array(z.object({ id: z.string(), name: z.string() })),
  spotifyUrl: z.string(),
});
export type ArtistTopTrack = z.infer<typeof artistTopTrackSchema>;
export const artistTopTracksSchema = z.array(artistTopTrackSchema);

// ── GET /api/artists/details/user/{id} ───────────────────────────────────────

/** Counted plays and listening time of one artist. */
export const listeningTotalsSchema = z.object({ plays: z.number(), msPlayed: z.number() });
export type ListeningTotals = z.infer<typeof listeningTotalsSchema>;

/** The artist as this fan sees them: the details and the fan's own listening of them. */
export const fanArtistDetailsSchema = z.object({
  artist: artistDetailsSchema,
  listening: z.object({
    /** The last 30 UTC days, today included. */
    last30Days: listeningTotalsSchema,
    /** Everything OpenPie keeps (13 months). */
    allTime: listeningTotalsSchema,
  }),
});
export type FanArtistDetails = z.infer<typeof fanArtistDetailsSchema>;
