// How OpenPie writes numbers, listening time, shares, money and dates, in one place so every screen says them the
// same way. One locale for the whole app (US English, as money is USD first); each formatter is built once, when it is
// first used: building all of them as the module loaded was a 300 ms task of /try's start on a phone (Lighthouse's
// 4× slower CPU), where the page formats one count.

const locale = 'en-US';

/** The value `make` answers, made on the first call and kept. */
function once<T>(make: () => T): () => T {
  let made: { value: T } | null = null;
  return () => (made ??= { value: make() }).value;
}

const wholeNumber = once(() => new Intl.NumberFormat(locale));

/** `7`, `1,204`. */
export function formatCount(value: number): string {
  return wholeNumber().format(value);
}

/** `1 play`, `1,204 plays`. */
export function formatPlays(plays: number): string {
  return `${formatCount(plays)} ${plays === 1 ? 'play' : 'plays'}`;
}

/**
 * Listening time as people say it: `45 s`, `3 min 20 s`, `2 h 5 min`, `1,204 h`. Seconds show only under an hour,
 * where they still matter.
 */
export function formatListeningTime(ms: number): string {
  const totalSeconds = Math.round(Math.max(ms, 0) / 1000);
  if (totalSeconds < 60) return `${totalSeconds} s`;
  const totalMinutes = Math.floor(totalSeconds / 60);
  if (totalMinutes < 60) {
    const seconds = totalSeconds % 60;
    return seconds === 0 ? `${totalMinutes} min` : `${totalMinutes} min ${seconds} s`;
  }
  const hours = formatCount(Math.floor(totalMinutes / 60));
  const minutes = totalMinutes % 60;
  return minutes === 0 ? `${hours} h` : `${hours} h ${minutes} min`;
}

/** `3:07`: a track's length, as players show it. */
export function formatTrackLength(ms: number): string {
  const seconds = Math.round(Math.max(ms, 0) / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

const percent = once(() => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }));

/**
 * A share (0 to 1) as a percent with at most one decimal: `75%`, `81.3%`. A sliver never reads as nothing (`<0.1%`)
 * and an almost-whole share never reads as all of it (`>99.9%`).
 */
export function formatShare(share: number): string {
  if (share > 0 && share < 0.001) return '<0.1%';
  if (share > 0.999 && share < 1) return '>99.9%';
  return percent().format(share);
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

function selectMoneyFormat(currency: string): Intl.NumberFormat {
  let format = moneyFormats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    moneyFormats.set(currency, format);
  }
  return format;
}

/**
 * An amount in integer minor units (cents for USD) as money: `$12.34`, `−$0.05`, `€1,234.00`, `¥500`. The cents are
 * turned into a decimal string with integer arithmetic and Intl formats that string exactly, so no amount ever
 * passes through a float, even past the 2^53 / 100 where dividing by 100 would lose the last cent. An amount below
 * zero carries a true minus (U+2212), as every signed amount in the app does, not Intl's hyphen.
 */
export function formatMoney(cents: number, currency = 'USD'): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Money is a whole number of cents, not ${cents}`);
  const format = selectMoneyFormat(currency.toUpperCase());
  const minorDigits = format.resolvedOptions().maximumFractionDigits ?? 2;
  const digits = String(Math.abs(cents)).padStart(minorDigits + 1, '0');
  const whole = digits.slice(0, digits.length - minorDigits);
  const fraction = digits.slice(digits.length - minorDigits);
  const decimal = `${cents < 0 ? '-' : ''}${whole}${minorDigits > 0 ? `.${fraction}` : ''}`;
  return format.format(decimal as Intl.StringNumericLiteral).replace('-', '\u2212');
}

const longDate = once(
  () => new Intl.DateTimeFormat(locale, { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }),
);
const shortDay = once(
  () => new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' }),
);
const longDay = once(
  () => new Intl.DateTimeFormat(locale, { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }),
);
const dateTime = once(() => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }));
const dateTimeThisYear = once(
  () =>
    new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }),
);

/** A calendar day (`YYYY-MM-DD`) is a UTC day; anything else is read as an instant. */
function readDay(value: string): Date {
  return new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
}

/** A day, or the UTC day of an instant: `March 4, 2026`. */
export function formatDate(value: string): string {
  return longDate().format(readDay(value));
}

/** A UTC day as `Nov 3`, for chart axes. */
export function formatShortDay(value: string): string {
  return shortDay().format(readDay(value));
}

/** A UTC day as `Tuesday, November 3`. */
export function formatLongDay(value: string): string {
  return longDay().format(readDay(value));
}

/** An instant in the reader's own time zone: `Nov 21, 2026, 3:05 PM`. */
export function formatDateTime(iso: string): string {
  return dateTime().format(new Date(iso));
}

/** An instant in the reader's time zone, with the year only when it is not this year's: `Nov 21, 3:05 PM`. */
export function formatRecentDateTime(iso: string, now: Date = new Date()): string {
  const instant = new Date(iso);
  return instant.getFullYear() === now.getFullYear()
    ? dateTimeThisYear().format(instant)
    : dateTime().format(instant);
}
