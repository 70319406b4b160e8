// Whether an artist is "active" for a pie's `excludeNonActive` setting (docs/decisions/021-the-split.md).
// Leaving an artist out needs evidence: an artist is not active when Spotify no longer has them, or when the catalogue
// has read their releases and the newest (albums, singles, compilations and appearances on others' tracks alike) is
// older than 24 months. An artist the catalogue knows nothing about (an artist known only by name, or one whose
// releases were never read) stays active, so nobody loses a fan's money because the catalogue has not looked yet.
// Popularity is not a sign of activity: it measures listeners, and a band that split up decades ago keeps it.
// Pure: the caller passes the time in (the pie's period end, so the preview and the split judge alike).

/** What the catalogue records of an artist's activity (fields of the catalogue artist item). */
export interface ArtistActivityFacts {
  /** When Spotify stopped knowing the artist (its artists endpoint answered null or 404 for the id); null while it does. */
  removedFromSpotifyAt: string | null;
  /** When the catalogue last read the artist's releases; null when it never has. */
  releasesCheckedAt: string | null;
  /** The newest release date seen, as Spotify writes it (`YYYY`, `YYYY-MM` or `YYYY-MM-DD`); null when none. */
  latestReleaseDate: string | null;
}

export const inactiveAfterMonths = 24;

const releaseDatePattern = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/;

/** The last day a release date can mean (a year is its 31 December), as milliseconds at UTC midnight. */
function lastDayOfRelease(releaseDate: string): number {
  const parts = releaseDatePattern.exec(releaseDate);
  const year = Number(parts?.[1]);
  const month = parts?.[2] === undefined ? 12 : Number(parts[2]);
  const day = parts?.[3] === undefined ? undefined : Number(parts[3]);
  const monthEnd = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (!parts || year < 1 || month < 1 || month > 12 || (day !== undefined && (day < 1 || day > monthEnd))) {
    throw new RangeError(`Not a Spotify release date (YYYY, YYYY-MM or YYYY-MM-DD): ${releaseDate}`);
  }
  return Date.UTC(year, month - 1, day ?? monthEnd);
}

/** UTC midnight of the day `months` calendar months before `now`'s day (31 March − 1 month = 28 or 29 February). */
function dayMonthsBefore(now: Date, months: number): number {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() - months;
  const monthEnd = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return Date.UTC(year, month, Math.min(now.getUTCDate(), monthEnd));
}

function instantMs(at: string, what: string): number {
  const ms = Date.parse(at);
  if (Number.isNaN(ms)) throw new RangeError(`${what} is not an instant: ${at}`);
  return ms;
}

/**
 * Whether the artist counts as active at `now`. Not active: removed from Spotify at or before `now`, or releases read
 * and none on or after the day 24 months before `now`. Anything the catalogue has not recorded counts as active.
 */
export function isActiveArtist(facts: ArtistActivityFacts | null, now: Date): boolean {
  if (Number.isNaN(now.getTime())) throw new RangeError('The time to judge activity at is not a time');
  if (!facts) return true;
  if (
    facts.removedFromSpotifyAt !== null &&
    instantMs(facts.removedFromSpotifyAt, 'The removal time') <= now.getTime()
  ) {
    return false;
  }
  if (facts.releasesCheckedAt === null) return true;
  if (facts.latestReleaseDate === null) return false;
  return lastDayOfRelease(facts.latestReleaseDate) >= dayMonthsBefore(now, inactiveAfterMonths);
}
