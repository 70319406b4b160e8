// What a fan's day totals say at a glance: the profile's top artists of the last 30 days and the fan's own activity
// (today, this week, this month). Pure: the caller reads the days and passes today's date.
import type { ActivityTotals, FanActivity, ProfileArtist } from '../../contracts/fan-profile';
import type { DailyListening } from './daily';

const dayMs = 86_400_000;

/** `YYYY-MM-DD` of a UTC instant. */
export function toUtcDate(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The UTC date `days` before `date` (negative goes forward). */
export function shiftUtcDate(date: string, days: number): string {
  return toUtcDate(new Date(Date.parse(`${date}T00:00:00.000Z`) - days * dayMs));
}

/** Monday of the UTC week of `date`. */
export function startOfUtcWeek(date: string): string {
  const weekday = new Date(`${date}T00:00:00.000Z`).getUTCDay();
  return shiftUtcDate(date, (weekday + 6) % 7);
}

export function startOfUtcMonth(date: string): string {
  return `${date.slice(0, 7)}-01`;
}

const artistKeyOf = (artist: { artistId?: string; artistName: string }) =>
  artist.artistId ? `id:${artist.artistId}` : `name:${artist.artistName}`;

/** The artists of the given days by listening time, with their share of the days' time; ties by name. */
export function rankTopArtists(days: readonly DailyListening[], limit: number): ProfileArtist[] {
  const byArtist = new Map<string, Omit<ProfileArtist, 'share'>>();
  let totalMs = 0;
  for (const day of days) {
    for (const artist of day.artists) {
      totalMs += artist.msPlayed;
      const key = artistKeyOf(artist);
      const entry = byArtist.get(key) ?? {
        ...(artist.artistId ? { artistId: artist.artistId } : {}),
        artistName: artist.artistName,
        plays: 0,
        msPlayed: 0,
      };
      entry.plays += artist.plays;
      entry.msPlayed += artist.msPlayed;
      byArtist.set(key, entry);
    }
  }
  return [...byArtist.values()]
    .sort((a, b) => b.msPlayed - a.msPlayed || a.artistName.localeCompare(b.artistName))
    .slice(0, limit)
    .map((artist) => ({ ...artist, share: totalMs === 0 ? 0 : artist.msPlayed / totalMs }));
}

function totalsOf(days: readonly DailyListening[], startDate: string): ActivityTotals {
  const inWindow = days.filter((day) => day.date >= startDate);
  const artists = new Set(inWindow.flatMap((day) => day.artists.map(artistKeyOf)));
  return {
    startDate,
    plays: inWindow.reduce((sum, day) => sum + day.plays, 0),
    msPlayed: inWindow.reduce((sum, day) => sum + day.msPlayed, 0),
    daysWithListening: inWindow.filter((day) => day.plays > 0).length,
    artistCount: artists.size,
  };
}

/** The first date `summarizeActivity` needs days from, for `today`. */
export function activityStartDate(today: string): string {
  const week = startOfUtcWeek(today);
  const month = startOfUtcMonth(today);
  return week < month ? week : month;
}

/** The fan's activity from their days between `activityStartDate(today)` and `today`. */
export function summarizeActivity(
  days: readonly DailyListening[],
  today: string,
  latestFetchedDate: string | null,
): FanActivity {
  const upToToday = days.filter((day) => day.date <= today);
  const listened = upToToday.filter((day) => day.plays > 0).map((day) => day.date);
  return {
    asOf: today,
    today: totalsOf(upToToday, today),
    thisWeek: totalsOf(upToToday, startOfUtcWeek(today)),
    thisMonth: totalsOf(upToToday, startOfUtcMonth(today)),
    lastListenedDate: listened.length === 0 ? null : listened.reduce((a, b) => (a > b ? a : b)),
    latestFetchedDate,
  };
}
