// How the reading calls shape a fan's listening: per-day track totals, totals over a period, sorting,
// name search, page arithmetic, and the recently listened artists. Pure: the caller passes dates and stored items.
import type { ListeningTotals } from '../../contracts/artists';
import type { DailyListening, PlayArtist } from './daily';
import { artistKeyOf } from './daily';
import { isCountedPlay, normalizeArtistName } from './rules';

export interface StoredTrackPlay {
  endedAt: string;
  msPlayed: number;
  trackName?: string;
  trackId?: string;
  artists: readonly PlayArtist[];
}

/** A play counts for the pie, the daily totals and the popular lists from 30 s, and only with an artist. */
export function isCountedListening(play: { msPlayed: number; artists: readonly PlayArtist[] }): boolean {
  return isCountedPlay(play.msPlayed) && play.artists.length > 0;
}

export interface TrackTotal {
  trackId?: string;
  trackName: string;
  artists: PlayArtist[];
  plays: number;
  msPlayed: number;
}

/** The key a track is counted under: its Spotify id, or its name with its artists when it has none (imports). */
export function trackKeyOf(track: {
  trackId?: string;
  trackName: string;
  artists: readonly PlayArtist[];
}): string {
  if (track.trackId) return `id:${track.trackId}`;
  return `name:${track.trackName}|${track.artists.map(artistKeyOf).sort().join('|')}`;
}

/** Counted plays and time per track among the given plays (one day's, as the day's read model stores them). */
export function totalTracks(plays: readonly StoredTrackPlay[]): TrackTotal[] {
  const tracks = new Map<string, TrackTotal>();
  for (const play of plays) {
    if (!isCountedListening(play)) continue;
    const trackName = play.trackName ?? 'Unknown track';
    const key = trackKeyOf({
      trackName,
      artists: play.artists,
      ...(play.trackId ? { trackId: play.trackId } : {}),
    });
    const entry = tracks.get(key) ?? {
      ...(play.trackId ? { trackId: play.trackId } : {}),
      trackName,
      artists: play.artists.map((artist) => ({ ...artist })),
      plays: 0,
      msPlayed: 0,
    };
    entry.plays += 1;
    entry.msPlayed += play.msPlayed;
    tracks.set(key, entry);
  }
  return [...tracks.values()].sort(compareTracks);
}

export interface TrackListingEntry extends TrackTotal {
  lastPlayedOn: string;
}

function compareTracks(a: TrackTotal, b: TrackTotal): number {
  return b.plays - a.plays || b.msPlayed - a.msPlayed || a.trackName.localeCompare(b.trackName);
}

interface SummedOverDays<T> {
  /** The first total seen of this track or artist, for its names. */
  first: T;
  plays: number;
  msPlayed: number;
  lastDay: string;
}

/** Sums the totals of each thing (by `keyOf`) over the days, keeping the last day it was heard, in order of first seen. */
function sumOverDays<T extends { plays: number; msPlayed: number }>(
  days: readonly { date: string; totals: readonly T[] }[],
  keyOf: (total: T) => string,
): SummedOverDays<T>[] {
  const sums = new Map<string, SummedOverDays<T>>();
  for (const day of days) {
    for (const total of day.totals) {
      const key = keyOf(total);
      const sum = sums.get(key) ?? { first: total, plays: 0, msPlayed: 0, lastDay: day.date };
      sum.plays += total.plays;
      sum.msPlayed += total.msPlayed;
      if (day.date > sum.lastDay) sum.lastDay = day.date;
      sums.set(key, sum);
    }
  }
  return [...sums.values()];
}

/** Tracks over a period from the days' track totals: most played first (then most time, then name). */
export function sumTrackDays(
  days: readonly { date: string; tracks: readonly TrackTotal[] }[],
): TrackListingEntry[] {
  return sumOverDays(
    days.map((day) => ({ date: day.date, totals: day.tracks })),
    trackKeyOf,
  )
    .map(({ first, plays, msPlayed, lastDay }) => ({
      ...first,
      artists: [...first.artists],
      plays,
      msPlayed,
      lastPlayedOn: lastDay,
    }))
    .sort(compareTracks);
}

export interface ArtistListingEntry {
  artistId?: string;
  artistName: string;
  plays: number;
  msPlayed: number;
  lastListenedOn: string;
}

/** Artists over a period from the day totals, most listened first (time, then plays, then name). */
export function sumArtistDays(days: readonly DailyListening[]): ArtistListingEntry[] {
  const artists = sumOverDays(
    days.map((day) => ({ date: day.date, totals: day.artists })),
    artistKeyOf,
  ).map(({ first, plays, msPlayed, lastDay }): ArtistListingEntry => ({
    ...(first.artistId ? { artistId: first.artistId } : {}),
    artistName: first.artistName,
    plays,
    msPlayed,
    lastListenedOn: lastDay,
  }));
  return sortArtists(artists, 'popular');
}

export type ArtistSort = 'popular' | 'name' | 'recent';

const byName = (a: ArtistListingEntry, b: ArtistListingEntry) =>
  a.artistName.localeCompare(b.artistName, 'en', { sensitivity: 'base' }) ||
  (a.artistId ?? '').localeCompare(b.artistId ?? '');

/** popular: most time first; name: A to Z ignoring case and accents; recent: latest day first. Ties go by name. */
export function sortArtists<T extends ArtistListingEntry>(artists: readonly T[], sortBy: ArtistSort): T[] {
  const compare: Record<ArtistSort, (a: T, b: T) => number> = {
    popular: (a, b) => b.msPlayed - a.msPlayed || b.plays - a.plays || byName(a, b),
    name: byName,
    recent: (a, b) =>
      b.lastListenedOn.localeCompare(a.lastListenedOn) || b.msPlayed - a.msPlayed || byName(a, b),
  };
  return [...artists].sort(compare[sortBy]);
}

/** Artists whose name contains the search, ignoring case, accents and punctuation ("beyo" finds "Beyoncé"). */
export function filterArtistsByName<T extends { artistName: string }>(
  artists: readonly T[],
  search: string | undefined,
): T[] {
  const needle = normalizeArtistName(search ?? '');
  if (needle === '') return [...artists];
  return artists.filter((artist) => normalizeArtistName(artist.artistName).includes(needle));
}

export interface PageOf<T> {
  items: T[];
  pagination: { page: number; limit: number; total: number; pages: number };
}

/** The envelope's pagination of page `page` of `limit` items among `total`. */
export function paginationOf(page: number, limit: number, total: number): PageOf<never>['pagination'] {
  return { page, limit, total, pages: Math.ceil(total / limit) };
}

/** One page of a list held in memory; a page past the end is empty. */
export function pageOf<T>(items: readonly T[], page: number, limit: number): PageOf<T> {
  return {
    items: items.slice((page - 1) * limit, page * limit),
    pagination: paginationOf(page, limit, items.length),
  };
}

export interface DayPlayCount {
  date: string;
  storedPlays: number;
}

/**
 * Where the `offset`-th newest play lies, given each day's number of stored plays (newest day first): the day, and
 * how many of that day's plays (and of the days after it) come before it. Undefined when the offset is past the end.
 */
export function locatePlayOffset(
  daysNewestFirst: readonly DayPlayCount[],
  offset: number,
): { date: string; skip: number } | undefined {
  let before = 0;
  for (const day of daysNewestFirst) {
    if (before + day.storedPlays > offset) return { date: day.date, skip: offset - before };
    before += day.storedPlays;
  }
  return undefined;
}

export interface RecentArtistEntry {
  artistId?: string;
  artistName: string;
  lastPlayedAt: string;
}

/** The distinct artists of counted plays, in the order of their latest play (plays given newest first). */
export function listRecentArtists(
  playsNewestFirst: readonly StoredTrackPlay[],
  limit: number,
): RecentArtistEntry[] {
  const seen = new Map<string, RecentArtistEntry>();
  for (const play of playsNewestFirst) {
    if (!isCountedListening(play)) continue;
    for (const artist of play.artists) {
      const key = artistKeyOf(artist);
      if (seen.has(key)) continue;
      seen.set(key, {
        ...(artist.artistId ? { artistId: artist.artistId } : {}),
        artistName: artist.artistName,
        lastPlayedAt: play.endedAt,
      });
      if (seen.size >= limit) return [...seen.values()];
    }
  }
  return [...seen.values()];
}

/** One artist's counted plays and time among the given days: all of them, and those from `recentFrom` on. */
export function totalArtistListening(
  days: readonly DailyListening[],
  artistId: string,
  recentFrom: string,
): { recent: ListeningTotals; all: ListeningTotals } {
  const recent: ListeningTotals = { plays: 0, msPlayed: 0 };
  const all: ListeningTotals = { plays: 0, msPlayed: 0 };
  for (const day of days) {
    for (const entry of day.artists) {
      if (entry.artistId !== artistId) continue;
      all.plays += entry.plays;
      all.msPlayed += entry.msPlayed;
      if (day.date >= recentFrom) {
        recent.plays += entry.plays;
        recent.msPlayed += entry.msPlayed;
      }
    }
  }
  return { recent, all };
}
