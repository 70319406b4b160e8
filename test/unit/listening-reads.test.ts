// The pure shaping of the fan's listening reads (functions/domain/listening/listening-reads.ts).
import { describe, expect, it } from 'vitest';
import {
  filterArtistsByName,
  listRecentArtists,
  locatePlayOffset,
  pageOf,
  sortArtists,
  sumArtistDays,
  sumTrackDays,
  totalArtistListening,
  totalTracks,
} from '../../functions/domain/listening/listening-reads';

describe('locatePlayOffset', () => {
  const days = [
    { date: '2026-11-22', storedPlays: 3 },
    { date: '2026-11-20', storedPlays: 1 },
    { date: '2026-11-19', storedPlays: 4 },
  ];

  it.each([
    [0, { date: '2026-11-22', skip: 0 }],
    [2, { date: '2026-11-22', skip: 2 }],
    [3, { date: '2026-11-20', skip: 0 }],
    [4, { date: '2026-11-19', skip: 0 }],
    [7, { date: '2026-11-19', skip: 3 }],
  ])('finds the play at offset %i', (offset, expected) => {
    // Act
    const found = locatePlayOffset(days, offset);
    // Assess
    expect(found).toEqual(expected);
  });

  it('finds nothing past the last play', () => {
    // Act
    const found = locatePlayOffset(days, 8);
    // Assess
    expect(found).toBeUndefined();
  });
});

describe('track totals', () => {
  it('counts plays of 30 s or more per track, by id or else by name and artists', () => {
    // Prepare
    const nina = [{ artistName: 'Nina Simone' }];
    const plays = [
      {
        endedAt: '2026-11-01T08:00:00Z',
        msPlayed: 200_000,
        trackName: 'Sinnerman',
        trackId: 't1',
        artists: nina,
      },
      {
        endedAt: '2026-11-01T09:00:00Z',
        msPlayed: 100_000,
        trackName: 'Sinnerman (Live)',
        trackId: 't1',
        artists: nina,
      },
      {
        endedAt: '2026-11-01T10:00:00Z',
        msPlayed: 29_999,
        trackName: 'Sinnerman',
        trackId: 't1',
        artists: nina,
      },
      {
        endedAt: '2026-11-01T11:00:00Z',
        msPlayed: 60_000,
        trackName: 'Halo',
        artists: [{ artistName: 'Beyoncé' }],
      },
      {
        endedAt: '2026-11-01T12:00:00Z',
        msPlayed: 60_000,
        trackName: 'Halo',
        artists: [{ artistName: 'Other' }],
      },
      { endedAt: '2026-11-01T13:00:00Z', msPlayed: 60_000, trackName: 'Nobody', artists: [] },
    ];
    // Act
    const tracks = totalTracks(plays);
    // Assess
    expect(tracks).toEqual([
      { trackId: 't1', trackName: 'Sinnerman', artists: nina, plays: 2, msPlayed: 300_000 },
      { trackName: 'Halo', artists: [{ artistName: 'Beyoncé' }], plays: 1, msPlayed: 60_000 },
      { trackName: 'Halo', artists: [{ artistName: 'Other' }], plays: 1, msPlayed: 60_000 },
    ]);
  });

  it('adds the days of a period up, most played first, keeping the last day played', () => {
    // Prepare
    const track = (trackName: string, plays: number, msPlayed: number) => ({
      trackName,
      artists: [{ artistName: 'A' }],
      plays,
      msPlayed,
    });
    // Act
    const tracks = sumTrackDays([
      { date: '2026-11-01', tracks: [track('One', 1, 500_000), track('Two', 2, 100_000)] },
      { date: '2026-11-03', tracks: [track('One', 2, 100_000)] },
    ]);
    // Assess
    expect(tracks.map((entry) => [entry.trackName, entry.plays, entry.msPlayed, entry.lastPlayedOn])).toEqual(
      [
        ['One', 3, 600_000, '2026-11-03'],
        ['Two', 2, 100_000, '2026-11-01'],
      ],
    );
  });
});

describe('artist lists', () => {
  const listed = sumArtistDays([
    {
      date: '2026-11-01',
      plays: 3,
      msPlayed: 0,
      artists: [
        { artistId: 'z', artistName: 'Zoe', plays: 2, msPlayed: 400_000 },
        { artistName: 'Émile', plays: 1, msPlayed: 100_000 },
      ],
    },
    {
      date: '2026-11-02',
      plays: 1,
      msPlayed: 0,
      artists: [{ artistName: 'adele', plays: 1, msPlayed: 200_000 }],
    },
  ]);

  it('sorts by time, by name ignoring case and accents, and by the last day listened', () => {
    // Act
    const orders = (['popular', 'name', 'recent'] as const).map((sortBy) =>
      sortArtists(listed, sortBy).map((artist) => artist.artistName),
    );
    // Assess
    expect(orders).toEqual([
      ['Zoe', 'adele', 'Émile'],
      ['adele', 'Émile', 'Zoe'],
      ['adele', 'Zoe', 'Émile'],
    ]);
  });

  it('finds artists by any part of their name, ignoring case and accents', () => {
    // Act
    const found = filterArtistsByName(listed, ' EMI ').map((artist) => artist.artistName);
    // Assess
    expect(found).toEqual(['Émile']);
    expect(filterArtistsByName(listed, undefined)).toHaveLength(3);
  });

  it('pages a list, with an empty page past the end', () => {
    // Act
    const second = pageOf(listed, 2, 2);
    const past = pageOf(listed, 3, 2);
    // Assess
    expect(second.items).toHaveLength(1);
    expect(second.pagination).toEqual({ page: 2, limit: 2, total: 3, pages: 2 });
    expect(past.items).toEqual([]);
  });
});

describe('listRecentArtists', () => {
  it('keeps each artist once, at their latest counted play, up to the limit', () => {
    // Prepare
    const play = (endedAt: string, msPlayed: number, ...names: string[]) => ({
      endedAt,
      msPlayed,
      artists: names.map((artistName) => ({ artistName })),
    });
    const plays = [
      play('2026-11-03T10:00:00Z', 10_000, 'Skipped'),
      play('2026-11-03T09:00:00Z', 60_000, 'A', 'B'),
      play('2026-11-02T09:00:00Z', 60_000, 'A'),
      play('2026-11-01T09:00:00Z', 60_000, 'C'),
    ];
    // Act
    const recent = listRecentArtists(plays, 2);
    // Assess
    expect(recent).toEqual([
      { artistName: 'A', lastPlayedAt: '2026-11-03T09:00:00Z' },
      { artistName: 'B', lastPlayedAt: '2026-11-03T09:00:00Z' },
    ]);
  });
});

describe('totalArtistListening', () => {
  it("adds one artist's plays and time over all the days, and over the recent ones apart", () => {
    // Prepare: the artist on three days, another artist beside them; the recent part starts on 2026-11-01
    const days = [
      {
        date: '2026-10-31',
        plays: 2,
        msPlayed: 400_000,
        artists: [
          { artistId: 'a', artistName: 'A', plays: 1, msPlayed: 100_000 },
          { artistId: 'b', artistName: 'B', plays: 1, msPlayed: 300_000 },
        ],
      },
      {
        date: '2026-11-01',
        plays: 3,
        msPlayed: 90_000,
        artists: [{ artistId: 'a', artistName: 'A', plays: 3, msPlayed: 90_000 }],
      },
      {
        date: '2026-11-22',
        plays: 1,
        msPlayed: 45_000,
        artists: [{ artistId: 'a', artistName: 'A', plays: 1, msPlayed: 45_000 }],
      },
    ];
    // Act
    const totals = totalArtistListening(days, 'a', '2026-11-01');
    // Assess
    expect(totals).toEqual({
      recent: { plays: 4, msPlayed: 135_000 },
      all: { plays: 5, msPlayed: 235_000 },
    });
  });
});
