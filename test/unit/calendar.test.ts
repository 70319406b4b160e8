// UTC calendar arithmetic (functions/domain/calendar.ts), against dates worked out on a calendar.
import { describe, expect, it } from 'vitest';
import {
  addUtcDays,
  addUtcMonths,
  daysBetween,
  endOfUtcDay,
  epochSecondsOf,
  epochSecondsOfMonthStart,
  firstDayOfPeriod,
  isUtcDate,
  startOfUtcMonth,
  startOfUtcWeek,
  utcDateOf,
  utcMonthOf,
} from '../../functions/domain/calendar';
import { isRealUtcDateTime, utcDaysBetween } from '../../functions/contracts/utc-dates';
import { dayExpiryOf, isWithinRetention, playExpiryOf } from '../../functions/domain/listening/retention';

describe('UTC dates of instants', () => {
  it('takes the UTC day and month, whatever offset the instant was written with', () => {
    // Act / Assess: 23:30 at UTC-05:00 is 04:30 the next day in UTC
    expect(utcDateOf('2026-12-31T23:30:00-05:00')).toBe('2027-01-01');
    expect(utcDateOf(new Date('2026-11-22T23:59:59.999Z'))).toBe('2026-11-22');
    expect(utcMonthOf('2026-12-31T23:30:00-05:00')).toBe('2027-01');
    expect(utcMonthOf('2026-11-22')).toBe('2026-11');
    expect(utcMonthOf(new Date('2026-02-28T00:00:00.000Z'))).toBe('2026-02');
  });

  it('refuses what is not an instant', () => {
    expect(() => utcDateOf('yesterday')).toThrow(RangeError);
  });
});

describe('adding days and months', () => {
  it('crosses month, year and leap-day ends', () => {
    expect(addUtcDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addUtcDays('2025-02-28', 1)).toBe('2025-03-01');
    expect(addUtcDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addUtcDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addUtcDays('2026-11-22', -395)).toBe('2025-10-23');
    expect(addUtcMonths('2026-11', 3)).toBe('2027-02');
    expect(addUtcMonths('2026-01', -1)).toBe('2025-12');
    expect(addUtcMonths('2026-05', 0)).toBe('2026-05');
  });

  it('counts the days between two dates, and the first day of a period that ends on a date', () => {
    expect(daysBetween('2026-11-01', '2026-11-22')).toBe(21);
    expect(daysBetween('2026-11-22', '2026-11-01')).toBe(-21);
    // 2024 is a leap year: 366 days
    expect(daysBetween('2024-01-01', '2025-01-01')).toBe(366);
    expect(firstDayOfPeriod('2026-11-22', 30)).toBe('2026-10-24');
    expect(firstDayOfPeriod('2026-03-01', 1)).toBe('2026-03-01');
  });

  it('refuses dates that are not on the calendar', () => {
    expect(() => addUtcDays('2026-02-30', 1)).toThrow(RangeError);
    expect(() => addUtcMonths('2026-13', 1)).toThrow(RangeError);
  });
});

describe('weeks and months', () => {
  it('starts weeks on Monday and months on the 1st, across month and year ends', () => {
    // Act
    const cases = [
      startOfUtcWeek('2026-11-22'), // a Sunday
      startOfUtcWeek('2026-11-23'), // a Monday
      startOfUtcWeek('2027-01-01'), // a Friday
      startOfUtcMonth('2026-11-22'),
    ];
    // Assess
    expect(cases).toEqual(['2026-11-16', '2026-11-23', '2026-12-28', '2026-11-01']);
  });
});

describe('calendar dates', () => {
  it.each([
    ['2024-02-29', true],
    ['2026-02-28', true],
    ['2026-02-29', false],
    ['2026-02-30', false],
    ['2026-04-31', false],
    ['2026-13-01', false],
    ['2026-00-10', false],
    ['2026-1-10', false],
    ['2026-11-22T00:00:00Z', false],
  ])('%s is a calendar date: %s', (text, expected) => {
    expect(isUtcDate(text)).toBe(expected);
  });
});

describe('expiry times', () => {
  it('gives epoch seconds of instants, month starts and the last moment of a day', () => {
    expect(epochSecondsOf('1970-01-02T00:00:00.999Z')).toBe(86_400);
    expect(epochSecondsOfMonthStart('2027-02')).toBe(Date.UTC(2027, 1, 1) / 1000);
    expect(endOfUtcDay('2026-11-22')).toBe('2026-11-22T23:59:59.999Z');
  });

  it('keeps listening 396 days (13 months) and no longer', () => {
    // Prepare
    const endedAt = '2025-10-23T12:00:00.000Z';
    const expiry = Date.UTC(2026, 10, 23, 12) / 1000; // 396 days after 2025-10-23 is 2026-11-23
    // Act / Assess
    expect(playExpiryOf(endedAt)).toBe(expiry);
    expect(dayExpiryOf('2025-10-23')).toBe(Date.UTC(2026, 10, 23, 23, 59, 59) / 1000);
    expect(isWithinRetention(endedAt, new Date('2026-11-23T11:59:59.000Z'))).toBe(true);
    expect(isWithinRetention(endedAt, new Date('2026-11-23T12:00:00.000Z'))).toBe(false);
  });
});

describe('the date rules the request schemas check (functions/contracts/utc-dates.ts)', () => {
  it('tells real dates and times from impossible ones', () => {
    // Act / Assess
    expect(isRealUtcDateTime('2028-02-29')).toBe(true);
    expect(isRealUtcDateTime('2026-02-29')).toBe(false);
    expect(isRealUtcDateTime('2026-11-21', '23:59')).toBe(true);
    expect(isRealUtcDateTime('2026-11-21', '24:00')).toBe(false);
    expect(isRealUtcDateTime('2026-11')).toBe(false);
  });

  it('counts whole days as the domain does, and answers NaN for unreadable dates instead of throwing', () => {
    // Act / Assess
    expect(utcDaysBetween('2026-12-30', '2027-01-02')).toBe(daysBetween('2026-12-30', '2027-01-02'));
    expect(utcDaysBetween('2026-03-01', '2026-02-01')).toBe(-28);
    expect(utcDaysBetween('someday', '2026-02-01')).toBeNaN();
  });
});
