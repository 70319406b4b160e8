import { describe, expect, it } from 'vitest';
import {
  activityStartDate,
  rankTopArtists,
  shiftUtcDate,
  startOfUtcMonth,
  startOfUtcWeek,
  summarizeActivity,
} from '../../functions/domain/listening/fan-summary';

const day = (
  date: string,
  artists: { artistName: string; artistId?: string; plays: number; msPlayed: number }[],
) => ({
  date,
  plays: artists.reduce((sum, artist) => sum + artist.plays, 0),
  msPlayed: artists.reduce((sum, artist) => sum + artist.msPlayed, 0),
  artists,
});

describe('UTC calendar windows', () => {
  it('starts weeks on Monday and months on the 1st, across month and year ends', () => {
    // Act
    const cases = [
      startOfUtcWeek('2026-11-22'), // a Sunday
      startOfUtcWeek('2026-11-23'), // a Monday
      startOfUtcWeek('2027-01-01'), // a Friday
      startOfUtcMonth('2026-11-22'),
      shiftUtcDate('2024-03-01', 1),
      activityStartDate('2026-12-02'), // week began in November
      activityStartDate('2026-11-22'), // month began before the week
    ];
    // Assess
    expect(cases).toEqual([
      '2026-11-16',
      '2026-11-23',
      '2026-12-28',
      '2026-11-01',
      '2024-02-29',
      '2026-11-30',
      '2026-11-01',
    ]);
  });
});

describe('rankTopArtists', () => {
  it('adds up each artist over the days, by id or else by name, most time first, with shares of the total', () => {
    // Prepare
    const days = [
      day('2026-11-20', [
        { artistId: 'a1', artistName: 'Nina Simone', plays: 1, msPlayed: 300_000 },
        { artistName: 'Radiohead', plays: 1, msPlayed: 100_000 },
      ]),
      day('2026-11-21', [
        { artistId: 'a1', artistName: 'Nina Simone', plays: 1, msPlayed: 300_000 },
        { artistName: 'Radiohead', plays: 2, msPlayed: 200_000 },
        { artistName: 'Björk', plays: 1, msPlayed: 100_000 },
      ]),
    ];
    // Act
    const top = rankTopArtists(days, 2);
    // Assess
    expect(top).toEqual([
      { artistId: 'a1', artistName: 'Nina Simone', plays: 2, msPlayed: 600_000, share: 0.6 },
      { artistName: 'Radiohead', plays: 3, msPlayed: 300_000, share: 0.3 },
    ]);
  });
});

describe('summarizeActivity', () => {
  it('counts today, this week and this month separately, with the latest day that had listening', () => {
    // Prepare: 2026-11-02 is a Monday, so the 1st is in the month but not the week
    const days = [
      day('2026-10-31', [{ artistName: 'Old', plays: 5, msPlayed: 500_000 }]),
      day('2026-11-01', [{ artistName: 'Nina Simone', plays: 1, msPlayed: 60_000 }]),
      day('2026-11-03', [
        { artistName: 'Nina Simone', plays: 2, msPlayed: 120_000 },
        { artistName: 'Radiohead', plays: 1, msPlayed: 60_000 },
      ]),
    ];
    // Act
    const activity = summarizeActivity(days, '2026-11-04', '2026-11-04T01:00:00.000Z');
    // Assess
    expect(activity).toEqual({
      asOf: '2026-11-04',
      today: { startDate: '2026-11-04', plays: 0, msPlayed: 0, daysWithListening: 0, artistCount: 0 },
      thisWeek: {
        startDate: '2026-11-02',
        plays: 3,
        msPlayed: 180_000,
        daysWithListening: 1,
        artistCount: 2,
      },
      thisMonth: {
        startDate: '2026-11-01',
        plays: 4,
        msPlayed: 240_000,
        daysWithListening: 2,
        artistCount: 2,
      },
      lastListenedDate: '2026-11-03',
      latestFetchedDate: '2026-11-04T01:00:00.000Z',
    });
  });
});
