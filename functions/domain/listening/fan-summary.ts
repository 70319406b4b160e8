// What a fan's day totals say at a glance: the profile's top artists of the last 30 days and the fan's own activity
// (today, this week, this month), and the profile other fans see. Pure: the caller reads the days and passes today's
// date.
import type {
  ActivityTotals,
  FanActivity,
  ProfileArtist,
  PublicFanProfile,
} from '../../contracts/fan-profile';
import { profilePeriodDays, profileTopArtistLimit } from '../../contracts/fan-profile';
import { firstDayOfPeriod, startOfUtcMonth, startOfUtcWeek } from '../calendar';
import type { DailyListening } from './daily';
import { artistKeyOf } from './daily';
import type { FanVisibility } from './visibility';

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

/** The days a profile shows: the last `profilePeriodDays` UTC days, today included. */
export function profilePeriodOf(today: string): { startDate: string; endDate: string } {
  return { startDate: firstDayOfPeriod(today, profilePeriodDays), endDate: today };
}

export interface ProfileSubject {
  id: string;
  username: string | null;
  /** ISO 8601 UTC: when the fan's account was created. */
  memberSince: string;
  visibility: FanVisibility;
}

/**
 * A fan's profile as `viewerId` sees it: the period's plays and time, the top artists by time with their shares, and
 * the last 7 days with listening, newest first. `days` are the fan's day totals of `profilePeriodOf(today)`.
 */
export function buildPublicFanProfile(
  fan: ProfileSubject,
  viewerId: string,
  days: readonly DailyListening[],
  today: string,
): PublicFanProfile {
  return {
    id: fan.id,
    username: fan.username,
    memberSince: fan.memberSince,
    visibility: fan.visibility,
    isSelf: viewerId === fan.id,
    period: profilePeriodOf(today),
    plays: days.reduce((sum, day) => sum + day.plays, 0),
    msPlayed: days.reduce((sum, day) => sum + day.msPlayed, 0),
    topArtists: rankTopArtists(days, profileTopArtistLimit),
    recentDays: days
      .filter((day) => day.plays > 0)
      .slice(-7)
      .reverse()
      .map(({ date, plays, msPlayed }) => ({ date, plays, msPlayed })),
  };
}
