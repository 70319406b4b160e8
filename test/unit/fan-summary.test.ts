import { describe, expect, it } from 'vitest';
import {
  activityStartDate,
  buildPublicFanProfile,
  rankTopArtists,
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

describe('activityStartDate', () => {
  it('starts at the Monday or the 1st, whichever comes first', () => {
    // Act / Assess
    expect(activityStartDate('2026-12-02')).toBe('2026-11-30'); // the week began in November
    expect(activityStartDate('2026-11-22')).toBe('2026-11-01'); // the month began before the week
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

describe('buildPublicFanProfile', () => {
  it('shows the 30-day period, its totals, the top artists with shares and the last 7 days with listening', () => {
    // Prepare: nine days with listening in the 30 days up to 2026-11-22, one silent day among them
    const dates = ['10-24', '11-01', '11-05', '11-09', '11-12', '11-15', '11-18', '11-20', '11-22'];
    const days = dates.map((date) =>
      day(`2026-${date}`, [{ artistName: 'Nina Simone', artistId: 'a1', plays: 1, msPlayed: 60_000 }]),
    );
    days.push(day('2026-11-21', []));
    days.sort((a, b) => a.date.localeCompare(b.date));
    const fan = {
      id: 'fan-1',
      username: 'ana',
      memberSince: '2026-01-02T03:04:05.000Z',
      visibility: 'fans' as const,
    };
    // Act
    const seenByOther = buildPublicFanProfile(fan, 'fan-2', days, '2026-11-22');
    const seenBySelf = buildPublicFanProfile(fan, 'fan-1', days, '2026-11-22');
    // Assess
    expect(seenByOther).toEqual({
      id: 'fan-1',
      username: 'ana',
      memberSince: '2026-01-02T03:04:05.000Z',
      visibility: 'fans',
      isSelf: false,
      period: { startDate: '2026-10-24', endDate: '2026-11-22' },
      plays: 9,
      msPlayed: 540_000,
      topArtists: [{ artistId: 'a1', artistName: 'Nina Simone', plays: 9, msPlayed: 540_000, share: 1 }],
      recentDays: ['11-22', '11-20', '11-18', '11-15', '11-12', '11-09', '11-05'].map((date) => ({
        date: `2026-${date}`,
        plays: 1,
        msPlayed: 60_000,
      })),
    });
    expect(seenBySelf.isSelf).toBe(true);
  });
});
