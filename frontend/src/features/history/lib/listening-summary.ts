// What the history screen says about its plays: the artists of a track, and the 30 days of the chart with their
// one-sentence summary. Numbers and dates are written by lib/format.
import { formatListeningTime, formatLongDay, formatPlays } from '../../../lib/format';

/** `Nina Simone`, `Nina Simone & Radiohead`, `A, B & C`. */
export function joinArtistNames(artists: readonly { artistName: string }[]): string {
  const names = artists.map((artist) => artist.artistName);
  if (names.length <= 1) return names[0] ?? 'Unknown artist';
  return `${names.slice(0, -1).join(', ')} & ${names[names.length - 1] ?? ''}`;
}

export interface ChartDay {
  date: string;
  plays: number;
  msPlayed: number;
}

/** The UTC days of the `days`-day period ending on `today`, oldest first. */
export function listPeriodDays(today: string, days: number): string[] {
  const end = Date.parse(`${today}T00:00:00Z`);
  return Array.from({ length: days }, (_, index) =>
    new Date(end - (days - 1 - index) * 86_400_000).toISOString().slice(0, 10),
  );
}

/** Every day of the period, with zero for days without counted plays. */
export function fillChartDays(
  period: readonly string[],
  listened: readonly { date: string; plays: number; msPlayed: number }[],
): ChartDay[] {
  const byDate = new Map(listened.map((day) => [day.date, day]));
  return period.map((date) => {
    const day = byDate.get(date);
    return { date, plays: day?.plays ?? 0, msPlayed: day?.msPlayed ?? 0 };
  });
}

/** A one-sentence summary of the chart, for its accessible name and the text under it. */
export function summarizeChart(days: readonly ChartDay[]): string {
  const total = days.reduce((sum, day) => sum + day.msPlayed, 0);
  const plays = days.reduce((sum, day) => sum + day.plays, 0);
  if (total === 0) return `No counted listening in the last ${days.length} days.`;
  const busiest = days.reduce((best, day) => (day.msPlayed > best.msPlayed ? day : best));
  const listenedDays = days.filter((day) => day.plays > 0).length;
  return (
    `${formatListeningTime(total)} of listening (${formatPlays(plays)}) on ${listenedDays} of the last ` +
    `${days.length} days; the most on ${formatLongDay(busiest.date)}: ${formatListeningTime(busiest.msPlayed)}.`
  );
}
