// Words and numbers of the history screen: listening time, play times, artists, and the 30 days of the chart.

const wholeNumber = new Intl.NumberFormat('en');

/** `1 play`, `1,204 plays`. */
export function formatPlays(plays: number): string {
  return `${wholeNumber.format(plays)} ${plays === 1 ? 'play' : 'plays'}`;
}

/** Listening time for people: `45 s`, `3 min 20 s`, `2 h 5 min`. */
export function formatListeningTime(ms: number): string {
  const totalSeconds = Math.round(ms / 1000);
  if (totalSeconds < 60) return `${totalSeconds} s`;
  const totalMinutes = Math.floor(totalSeconds / 60);
  if (totalMinutes < 60) {
    const seconds = totalSeconds % 60;
    return seconds === 0 ? `${totalMinutes} min` : `${totalMinutes} min ${seconds} s`;
  }
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  return minutes === 0 ? `${wholeNumber.format(hours)} h` : `${wholeNumber.format(hours)} h ${minutes} min`;
}

const playTimeThisYear = new Intl.DateTimeFormat('en', {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const playTime = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' });
const shortDay = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const longDay = new Intl.DateTimeFormat('en', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

/** When a play ended, in the reader's own time zone; the year only when it is not this year's. */
export function formatPlayTime(iso: string, now: Date = new Date()): string {
  const ended = new Date(iso);
  return ended.getFullYear() === now.getFullYear() ? playTimeThisYear.format(ended) : playTime.format(ended);
}

/** A UTC day (`YYYY-MM-DD`) as `Nov 3`. */
export function formatShortDay(date: string): string {
  return shortDay.format(new Date(`${date}T00:00:00Z`));
}

/** A UTC day (`YYYY-MM-DD`) as `Tuesday, November 3`. */
export function formatLongDay(date: string): string {
  return longDay.format(new Date(`${date}T00:00:00Z`));
}

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
