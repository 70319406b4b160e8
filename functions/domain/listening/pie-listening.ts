// Which listening a pie counts (docs/decisions/021-the-split.md "The pie's listening"): the plays that
// ended in the pie's period [periodStart, periodEnd), to the millisecond, by the listening rules (plays ≥ 30 s, time
// shared among a track's artists). The preview and the end-of-period split both read it through this plan, so they
// count the same plays.
//
// A pie's period starts when its payment did (mid-day, as a rule), and the stored day totals hold whole UTC days. So
// the whole days inside the period are read from their day totals (one item a day), and only the two partial days at
// its ends are read play by play. Both come from the same `aggregateDaily`, so a day read either way gives the same
// numbers. Counting whole UTC days instead (the day of periodStart up to the day of periodEnd) would have been simpler,
// but it would pay for listening from before the fan paid, and "orphaned tracks" names plays before the pie started
// and after it closed by their instant, not their day.
//
// A promo pie counts synced plays only (decision 020: never an uploaded history). The day totals do not keep plays'
// sources apart, so a promo pie reads every play of its period.
import { addUtcDays, msPerDay, utcDateOf } from '../calendar';
import type { DailyListening } from './daily';
import { splitArtistOf } from '../money/split';

/** An interval of instants [from, to), ISO 8601 UTC as `toISOString` writes them. */
export interface InstantRange {
  from: string;
  to: string;
}

export interface PieCountingPlan {
  /** The whole UTC days read from their day totals, `first` to `last` inclusive; null when none. */
  wholeDays: { first: string; last: string } | null;
  /** The stretches read play by play (the partial first and last days; the whole period for a promo pie). */
  playRanges: InstantRange[];
}

function instantOf(at: string, what: string): number {
  const ms = Date.parse(at);
  if (Number.isNaN(ms)) throw new RangeError(`${what} is not an instant: ${at}`);
  return ms;
}

const isoOf = (ms: number) => new Date(ms).toISOString();

/** How a pie of [periodStart, periodEnd) is read (see the head of this file). */
export function planPieCounting(periodStart: string, periodEnd: string, promo: boolean): PieCountingPlan {
  const start = instantOf(periodStart, 'The period start');
  const end = instantOf(periodEnd, 'The period end');
  if (end <= start) return { wholeDays: null, playRanges: [] };
  if (promo) return { wholeDays: null, playRanges: [{ from: isoOf(start), to: isoOf(end) }] };
  const firstMidnight = Math.ceil(start / msPerDay) * msPerDay;
  const lastMidnight = Math.floor(end / msPerDay) * msPerDay;
  if (firstMidnight >= lastMidnight) {
    return { wholeDays: null, playRanges: [{ from: isoOf(start), to: isoOf(end) }] };
  }
  const playRanges: InstantRange[] = [];
  if (start < firstMidnight) playRanges.push({ from: isoOf(start), to: isoOf(firstMidnight) });
  if (lastMidnight < end) playRanges.push({ from: isoOf(lastMidnight), to: isoOf(end) });
  const first = utcDateOf(isoOf(firstMidnight));
  return { wholeDays: { first, last: addUtcDays(utcDateOf(isoOf(lastMidnight)), -1) }, playRanges };
}

/** Whether a play that ended at `endedAt` falls in one of the ranges. */
export function isInRanges(endedAt: string, ranges: readonly InstantRange[]): boolean {
  const at = Date.parse(endedAt);
  return ranges.some((range) => Date.parse(range.from) <= at && at < Date.parse(range.to));
}

/** One artist's listening in a pie's period, under the split's key (name-only artists by their normalised name). */
export interface PieArtistListening {
  /** Where the split's keys hold the key the listening is summed under (see `SplitListening`). */
  keyIndex: number;
  artistId: string | null;
  /** The name heard most (ties: the first by code unit), so the answer does not depend on the order of days. */
  artistName: string;
  msListened: number;
  tracksListened: number;
}

export interface PieListening {
  artists: PieArtistListening[];
  /** Counted plays, the artists they name, their time in milliseconds. */
  stats: { countTracks: number; countArtists: number; totalMs: number };
}

/**
 * Adds day totals up per artist under the split's key. The day totals key an artist known only by name by its name
 * as written, so "Beyoncé" and "beyonce" are two entries there and one here (the split refuses a key twice).
 */
export function sumPieListening(days: readonly DailyListening[]): PieListening {
  const artists = new Map<
    string,
    {
      keyIndex: number;
      artistId: string | null;
      names: Map<string, number>;
      ms: number;
      tracks: number;
    }
  >();
  let countTracks = 0;
  let totalMs = 0;
  for (const day of days) {
    countTracks += day.plays;
    totalMs += day.msPlayed;
    for (const artist of day.artists) {
      const { artistKey, keyIndex, artistId } = splitArtistOf({
        artistId: artist.artistId ? artist.artistId : null,
        artistName: artist.artistName,
      });
      const entry = artists.get(artistKey) ?? {
        keyIndex,
        artistId,
        names: new Map<string, number>(),
        ms: 0,
        tracks: 0,
      };
      entry.ms += artist.msPlayed;
      entry.tracks += artist.plays;
      entry.names.set(artist.artistName, (entry.names.get(artist.artistName) ?? 0) + artist.msPlayed);
      artists.set(artistKey, entry);
    }
  }
  const summed = [...artists.values()].map((entry) => ({
    keyIndex: entry.keyIndex,
    artistId: entry.artistId,
    artistName: nameHeardMost(entry.names),
    msListened: entry.ms,
    tracksListened: entry.tracks,
  }));
  return { artists: summed, stats: { countTracks, countArtists: summed.length, totalMs } };
}

function nameHeardMost(names: ReadonlyMap<string, number>): string {
  let best: [string, number] | null = null;
  for (const [name, ms] of names) {
    if (!best || ms > best[1] || (ms === best[1] && name < best[0])) best = [name, ms];
  }
  return best?.[0] ?? '';
}
