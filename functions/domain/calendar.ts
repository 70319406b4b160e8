// UTC calendar arithmetic, written once: the listening days, periods, weeks and months, the month keys of the
// monthly listeners, and the expiry times the table's TTL reads. Dates are `YYYY-MM-DD` and months `YYYY-MM` strings
// (they sort as they read, which the table's sort keys rely on); instants are `Date`s or ISO 8601 strings. Pure: the
// caller passes the time in.

import { isRealUtcDateTime, msPerDay, utcDaysBetween } from '../contracts/utc-dates';

export { msPerDay };
export const msPerHour = 3_600_000;
export const secondsPerDay = 86_400;

const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const monthPattern = /^(\d{4})-(\d{2})$/;

function instantOf(at: Date | string): Date {
  const instant = typeof at === 'string' ? new Date(Date.parse(at)) : at;
  if (Number.isNaN(instant.getTime())) throw new RangeError(`Not an instant: ${String(at)}`);
  return instant;
}

function requireUtcDate(date: string): string {
  if (!isUtcDate(date)) throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${date}`);
  return date;
}

function midnightMsOf(date: string): number {
  return Date.parse(`${requireUtcDate(date)}T00:00:00.000Z`);
}

/** Whether `text` is a real calendar date written `YYYY-MM-DD` (2026-02-30 is not). */
export function isUtcDate(text: string): boolean {
  return datePattern.test(text) && isRealUtcDateTime(text);
}

/** The UTC date (`YYYY-MM-DD`) of an instant. */
export function utcDateOf(at: Date | string): string {
  return instantOf(at).toISOString().slice(0, 10);
}

/** The UTC month (`YYYY-MM`) of an instant or of a date. */
export function utcMonthOf(at: Date | string): string {
  return typeof at === 'string' && datePattern.test(at) ? at.slice(0, 7) : utcDateOf(at).slice(0, 7);
}

/** The date `days` after `date` (negative: before), across month and year ends. */
export function addUtcDays(date: string, days: number): string {
  return utcDateOf(new Date(midnightMsOf(date) + days * msPerDay));
}

/** Whole days from `from` to `to` (negative when `to` comes first). */
export function daysBetween(from: string, to: string): number {
  return utcDaysBetween(requireUtcDate(from), requireUtcDate(to));
}

/** The first day of the `days` days that end on `lastDay`, `lastDay` included (a period of 1 day is that day). */
export function firstDayOfPeriod(lastDay: string, days: number): string {
  return addUtcDays(lastDay, -(days - 1));
}

/** Monday of the UTC week of `date`. */
export function startOfUtcWeek(date: string): string {
  const weekday = new Date(midnightMsOf(date)).getUTCDay();
  return addUtcDays(date, -((weekday + 6) % 7));
}

/** The 1st of the month of `date`. */
export function startOfUtcMonth(date: string): string {
  return `${utcMonthOf(date)}-01`;
}

/** The month `months` after `month` (`YYYY-MM`; negative: before). */
export function addUtcMonths(month: string, months: number): string {
  const parts = monthPattern.exec(month);
  const monthNumber = Number(parts?.[2]);
  if (!parts || monthNumber < 1 || monthNumber > 12) throw new RangeError(`Not a month (YYYY-MM): ${month}`);
  const at = new Date(Date.UTC(Number(parts[1]), monthNumber - 1 + months, 1));
  return at.toISOString().slice(0, 7);
}

/** The last millisecond of the UTC day `date`, as an ISO instant. */
export function endOfUtcDay(date: string): string {
  return new Date(midnightMsOf(date) + msPerDay - 1).toISOString();
}

/** Epoch seconds of an instant (what DynamoDB's TTL reads), rounded down. */
export function epochSecondsOf(at: Date | string): number {
  return Math.floor(instantOf(at).getTime() / 1000);
}

/** Epoch seconds of the first instant of a month (`YYYY-MM`). */
export function epochSecondsOfMonthStart(month: string): number {
  return epochSecondsOf(`${addUtcMonths(month, 0)}-01T00:00:00.000Z`);
}
