// The UTC date rules the request schemas check (a real date, a span of days). Contracts import zod only, so the rules
// live here, below the domain: domain/calendar builds its arithmetic on them, and the two cannot disagree.

export const msPerDay = 86_400_000;

/** Whether `YYYY-MM-DD` (and `HH:MM` when given) names a real UTC instant: 2026-02-30 and 24:00 do not. */
export function isRealUtcDateTime(date: string, time = '00:00'): boolean {
  const [year, month, day] = date.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  if ([year, month, day, hour, minute].some((part) => part === undefined || Number.isNaN(part))) return false;
  const at = new Date(Date.UTC(year ?? 0, (month ?? 0) - 1, day ?? 0, hour ?? 0, minute ?? 0));
  return (
    at.getUTCFullYear() === year &&
    at.getUTCMonth() === (month ?? 0) - 1 &&
    at.getUTCDate() === day &&
    at.getUTCHours() === hour &&
    at.getUTCMinutes() === minute
  );
}

/** Whole days from the UTC date `from` to `to` (negative when `to` comes first); NaN when either is unreadable. */
export function utcDaysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / msPerDay);
}
