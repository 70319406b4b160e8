// The artist catalogue as the APIs show it: fans' artist pages, the public artist page, the artist area's search.
// Artists come from Spotify (sync, search) and are kept in the table; deprecated Spotify fields may be absent.
import * as z from 'zod/mini';

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
