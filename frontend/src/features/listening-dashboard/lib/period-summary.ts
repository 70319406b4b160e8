// What the dashboard says about a period: totals, and the artists by their share of the listening time. Pure, so
// the share arithmetic is tested without a browser.
import { formatCount } from '../../../lib/format';
import type { DailyListeningReply } from '@contracts/listening';

export interface TopArtist {
  key: string;
  artistId?: string;
  artistName: string;
  plays: number;
  msPlayed: number;
  /** Share of the period's listening time, 0 to 1. */
  share: number;
}

export interface PeriodSummary {
  plays: number;
  msPlayed: number;
  activeDays: number;
  artistCount: number;
  topArtists: TopArtist[];
}

export function summarizePeriod(days: DailyListeningReply, topCount = 10): PeriodSummary {
  const artists = new Map<string, Omit<TopArtist, 'share'>>();
  let plays = 0;
  let msPlayed = 0;
  for (const day of days) {
    plays += day.plays;
    msPlayed += day.msPlayed;
    for (const artist of day.artists) {
      const key = artist.artistId ? `id:${artist.artistId}` : `name:${artist.artistName}`;
      const known = artists.get(key);
      if (known) {
        known.plays += artist.plays;
        known.msPlayed += artist.msPlayed;
      } else {
        artists.set(key, {
          key,
          ...(artist.artistId ? { artistId: artist.artistId } : {}),
          artistName: artist.artistName,
          plays: artist.plays,
          msPlayed: artist.msPlayed,
        });
      }
    }
  }
  const ranked = [...artists.values()].sort(
    (a, b) => b.msPlayed - a.msPlayed || a.artistName.localeCompare(b.artistName),
  );
  return {
    plays,
    msPlayed,
    activeDays: days.filter((day) => day.plays > 0).length,
    artistCount: ranked.length,
    topArtists: ranked
      .slice(0, topCount)
      .map((artist) => ({ ...artist, share: msPlayed > 0 ? artist.msPlayed / msPlayed : 0 })),
  };
}

/** The UTC dates of the last `days` days, today included. */
export function periodOf(today: Date, days = 30): { startDate: string; endDate: string } {
  const end = today.toISOString().slice(0, 10);
  const start = new Date(today.getTime() - (days - 1) * 86_400_000).toISOString().slice(0, 10);
  return { startDate: start, endDate: end };
}

/** What a sync added, in the fan's words. */
export function describeSyncResult(added: number): string {
  if (added === 0) return 'Synced. No new plays since the last sync.';
  return `Synced. ${formatCount(added)} new ${added === 1 ? 'play' : 'plays'} added.`;
}
