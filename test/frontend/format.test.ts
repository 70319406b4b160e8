// lib/format: every number, duration, share, amount and date the SPA shows, against values worked out by hand.
import { describe, expect, it } from 'vitest';
import {
  formatCount,
  formatDate,
  formatDateTime,
  formatListeningTime,
  formatLongDay,
  formatMoney,
  formatPlays,
  formatRecentDateTime,
  formatShare,
  formatShortDay,
  formatTrackLength,
} from '../../frontend/src/lib/format';

describe('counts and plays', () => {
  it('groups thousands and says play or plays', () => {
    // Act
    const written = [formatCount(0), formatCount(1204), formatPlays(1), formatPlays(0), formatPlays(1204)];

    // Assess
    expect(written).toEqual(['0', '1,204', '1 play', '0 plays', '1,204 plays']);
  });
});

describe('formatListeningTime', () => {
  it.each([
    [0, '0 s'],
    // 44.4 s rounds down, 44.5 s up: whole seconds as people count them.
    [44_400, '44 s'],
    [44_500, '45 s'],
    [59_499, '59 s'],
    [60_000, '1 min'],
    // 3 × 60 + 20 = 200 s.
    [200_000, '3 min 20 s'],
    // 59 min 59 s is still under an hour, so its seconds count.
    [3_599_000, '59 min 59 s'],
    [3_600_000, '1 h'],
    // 2 h 5 min 40 s: past an hour the seconds are dropped, not rounded into the minutes.
    [7_540_000, '2 h 5 min'],
    // 1,204 h = 4,334,400 s.
    [4_334_400_000, '1,204 h'],
    [-5_000, '0 s'],
  ])('%i ms reads %s', (ms, expected) => {
    // Act
    const written = formatListeningTime(ms);

    // Assess
    expect(written).toBe(expected);
  });

  it('writes a track length as minutes and padded seconds', () => {
    // Act
    const lengths = [formatTrackLength(187_000), formatTrackLength(59_600), formatTrackLength(3_605_000)];

    // Assess
    // 187 s = 3:07; 59.6 s rounds to 60 s = 1:00; 3,605 s = 60:05.
    expect(lengths).toEqual(['3:07', '1:00', '60:05']);
  });
});

describe('formatShare', () => {
  it.each([
    [0, '0%'],
    [0.75, '75%'],
    // 650,000 of 800,000 ms = 81.25%, rounded half up to one decimal.
    [650_000 / 800_000, '81.3%'],
    // 150,000 of 800,000 ms = 18.75%.
    [150_000 / 800_000, '18.8%'],
    [1 / 3, '33.3%'],
    [0.0004, '<0.1%'],
    [0.001, '0.1%'],
    [0.9996, '>99.9%'],
    [1, '100%'],
  ])('%d reads %s', (share, expected) => {
    // Act
    const written = formatShare(share);

    // Assess
    expect(written).toBe(expected);
  });
});

describe('formatMoney', () => {
  it('writes integer cents as US dollars by default', () => {
    // Act
    const amounts = [
      formatMoney(0),
      formatMoney(5),
      formatMoney(500),
      formatMoney(1234),
      formatMoney(123_456_789),
      formatMoney(-5),
      formatMoney(-1050),
    ];

    // Assess
    expect(amounts).toEqual(['$0.00', '$0.05', '$5.00', '$12.34', '$1,234,567.89', '−$0.05', '−$10.50']);
  });

  it('takes the currency as a parameter, with that currency’s own minor unit', () => {
    // Act
    const amounts = [formatMoney(123_456, 'EUR'), formatMoney(1999, 'gbp'), formatMoney(500, 'JPY')];

    // Assess
    // The yen has no minor unit: 500 units are ¥500, not ¥5.00.
    expect(amounts).toEqual(['€1,234.56', '£19.99', '¥500']);
  });

  it('never loses a cent to a float, even where dividing by 100 would', () => {
    // Prepare
    const cents = Number.MAX_SAFE_INTEGER; // 9,007,199,254,740,991 cents
    const throughAFloat = `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

    // Act
    const written = formatMoney(cents);

    // Assess
    expect(written).toBe('$90,071,992,547,409.91');
    expect(throughAFloat).not.toBe(written);
  });

  it('refuses an amount that is not a whole number of cents', () => {
    // Act
    const attempts = [12.5, Number.NaN, Number.MAX_SAFE_INTEGER + 1].map((cents) => () => formatMoney(cents));

    // Assess
    for (const attempt of attempts) expect(attempt).toThrow(RangeError);
  });
});

describe('dates', () => {
  it('writes days as UTC calendar days, whatever the reader’s time zone', () => {
    // Act
    const written = [
      formatDate('2026-03-04'),
      // 23:30 UTC is still the 21st in UTC, though it is the 22nd east of Greenwich.
      formatDate('2026-11-21T23:30:00.000Z'),
      formatShortDay('2026-11-03'),
      formatLongDay('2026-11-03'),
      formatLongDay('2026-11-20'),
    ];

    // Assess
    expect(written).toEqual([
      'March 4, 2026',
      'November 21, 2026',
      'Nov 3',
      'Tuesday, November 3',
      'Friday, November 20',
    ]);
  });

  it('writes instants in the reader’s own time zone, the year only when it is not this year', () => {
    // Prepare
    const instant = new Date(2026, 10, 21, 15, 5).toISOString(); // 21 Nov 2026, 3:05 PM here
    const sameYear = new Date(2026, 0, 2);
    const nextYear = new Date(2027, 0, 2);

    // Act
    const written = [
      formatDateTime(instant),
      formatRecentDateTime(instant, sameYear),
      formatRecentDateTime(instant, nextYear),
    ];

    // Assess
    expect(written).toEqual(['Nov 21, 2026, 3:05 PM', 'Nov 21, 3:05 PM', 'Nov 21, 2026, 3:05 PM']);
  });
});
