import { describe, expect, it } from 'vitest';
import { historyImportSchema } from '../../functions/contracts/listening';
import { aggregateDaily } from '../../functions/domain/listening/daily';
import { readHistoryImport } from '../../functions/domain/listening/history-import';
import {
  isCountedPlay,
  normalizeArtistName,
  shareAmongArtists,
} from '../../functions/domain/listening/rules';

describe('listening rules', () => {
  it('counts a play from 30 seconds', () => {
    expect([isCountedPlay(29_999), isCountedPlay(30_000), isCountedPlay(240_000)]).toEqual([
      false,
      true,
      true,
    ]);
  });

  it("shares a play's time equally among its artists, to the millisecond", () => {
    // 100 001 ms among three artists: 33 333 each and 2 ms left, to the first two by key
    const shares = shareAmongArtists(100_001, ['c', 'a', 'b']);
    expect(Object.fromEntries(shares)).toEqual({ a: 33_334, b: 33_334, c: 33_333 });
    expect([...shares.values()].reduce((sum, ms) => sum + ms, 0)).toBe(100_001);
  });

  it.each([
    ['Beyoncé', 'beyonce'],
    ['AC/DC', 'ac dc'],
    ["Guns N' Roses", 'guns n roses'],
    ['  Simon & Garfunkel ', 'simon and garfunkel'],
    ['SIGUR RÓS', 'sigur ros'],
  ])('normalises the artist name %s to %s', (name, key) => {
    expect(normalizeArtistName(name)).toBe(key);
  });
});

describe('history import (Spotify account data)', () => {
  // Written by hand in the export's format; totals below are computed by hand.
  const request = historyImportSchema.parse({
    source: 'spotify-account-data',
    records: [
      { endTime: '2026-11-01 08:15', artistName: 'Nina Simone', trackName: 'Sinnerman', msPlayed: 620_000 },
      {
        endTime: '2026-11-01 08:15',
        artistName: 'Nina Simone',
        trackName: 'Feeling Good',
        msPlayed: 175_000,
      },
      { endTime: '2026-11-01 09:00', artistName: 'Radiohead', trackName: 'Reckoner', msPlayed: 29_000 },
      { endTime: '2026-11-01 23:59', artistName: 'Radiohead', trackName: 'Reckoner', msPlayed: 290_000 },
      {
        endTime: '2026-11-02 00:01',
        artistName: 'Unknown Artist',
        trackName: 'Unknown Track',
        msPlayed: 900_000,
      },
      { endTime: '2026-11-02 07:30', artistName: 'Nina Simone', trackName: 'Sinnerman', msPlayed: 600_000 },
    ],
  });

  it('keeps counted plays, ignores short and unnamed ones, and gives each its identity', () => {
    const outcome = readHistoryImport(request);
    expect(outcome.ignored).toBe(2);
    expect(outcome.plays.map((play) => play.endedAt)).toEqual([
      '2026-11-01T08:15:00.000Z',
      '2026-11-01T08:15:00.000Z',
      '2026-11-01T23:59:00.000Z',
      '2026-11-02T07:30:00.000Z',
    ]);
    // Two different plays ending in the same minute are two plays
    expect(new Set(outcome.plays.map((play) => play.identity)).size).toBe(4);
    // The same record read twice has the same identity
    expect(readHistoryImport(request).plays.map((play) => play.identity)).toEqual(
      outcome.plays.map((play) => play.identity),
    );
  });

  it('gives per-day and per-artist totals', () => {
    const { plays } = readHistoryImport(request);
    const daily = aggregateDaily(
      plays.map((play) => ({ ...play, artists: [{ artistName: play.artistName }] })),
    );
    expect(daily).toEqual([
      {
        date: '2026-11-01',
        plays: 3,
        msPlayed: 620_000 + 175_000 + 290_000,
        artists: [
          { artistName: 'Nina Simone', plays: 2, msPlayed: 795_000 },
          { artistName: 'Radiohead', plays: 1, msPlayed: 290_000 },
        ],
      },
      {
        date: '2026-11-02',
        plays: 1,
        msPlayed: 600_000,
        artists: [{ artistName: 'Nina Simone', plays: 1, msPlayed: 600_000 }],
      },
    ]);
  });
});

describe('history import (Spotify extended streaming history)', () => {
  const base = {
    master_metadata_album_album_name: 'An Album',
    episode_name: null,
    episode_show_name: null,
    spotify_episode_uri: null,
    audiobook_title: null,
    audiobook_uri: null,
    platform: 'android',
    conn_country: 'DE',
    reason_start: 'trackdone',
    reason_end: 'trackdone',
    shuffle: false,
    skipped: false,
    offline: false,
    incognito_mode: false,
  };
  const request = historyImportSchema.parse({
    source: 'spotify-extended',
    records: [
      {
        ...base,
        ts: '2026-10-31T23:50:00Z',
        ms_played: 240_000,
        master_metadata_track_name: 'Hyperballad',
        master_metadata_album_artist_name: 'Björk',
        spotify_track_uri: 'spotify:track:4Dp4',
      },
      {
        ...base,
        ts: '2026-11-01T00:10:00Z',
        ms_played: 1_800_000,
        master_metadata_track_name: null,
        master_metadata_album_artist_name: null,
        spotify_track_uri: null,
        episode_name: 'Episode 12',
        episode_show_name: 'A Podcast',
        spotify_episode_uri: 'spotify:episode:1',
      },
      {
        ...base,
        ts: '2026-11-01T00:20:00Z',
        ms_played: 12_000,
        master_metadata_track_name: 'Army of Me',
        master_metadata_album_artist_name: 'Björk',
        spotify_track_uri: 'spotify:track:5Aa',
      },
      {
        ...base,
        ts: '2026-11-01T10:00:00Z',
        ms_played: 200_500,
        master_metadata_track_name: 'Army of Me',
        master_metadata_album_artist_name: 'Björk',
        spotify_track_uri: 'spotify:track:5Aa',
      },
    ],
  });

  it('ignores podcasts and short plays and keeps the track id', () => {
    const outcome = readHistoryImport(request);
    expect(outcome.ignored).toBe(2);
    expect(outcome.plays).toMatchObject([
      {
        endedAt: '2026-10-31T23:50:00.000Z',
        msPlayed: 240_000,
        artistName: 'Björk',
        trackId: '4Dp4',
      },
      { endedAt: '2026-11-01T10:00:00.000Z', msPlayed: 200_500, trackName: 'Army of Me' },
    ]);
    const daily = aggregateDaily(
      outcome.plays.map((play) => ({ ...play, artists: [{ artistName: play.artistName }] })),
    );
    expect(daily.map((day) => [day.date, day.plays, day.msPlayed])).toEqual([
      ['2026-10-31', 1, 240_000],
      ['2026-11-01', 1, 200_500],
    ]);
  });

  it('refuses a malformed batch as a whole', () => {
    const result = historyImportSchema.safeParse({
      source: 'spotify-extended',
      records: [{ ts: 'not a time', ms_played: -1 }],
    });
    expect(result.success).toBe(false);
    expect(historyImportSchema.safeParse({ source: 'spotify-account-data', records: [] }).success).toBe(
      false,
    );
    expect(
      historyImportSchema.safeParse({
        source: 'spotify-account-data',
        records: Array.from({ length: 5001 }, () => ({
          endTime: '2026-11-01 08:15',
          artistName: 'a',
          trackName: 'b',
          msPlayed: 1,
        })),
      }).success,
    ).toBe(false);
  });
});

describe('daily aggregation with several artists on a track', () => {
  it('counts the play once for the day and shares its time among the artists', () => {
    const daily = aggregateDaily([
      {
        endedAt: '2026-11-05T12:00:00.000Z',
        msPlayed: 200_001,
        artists: [
          { artistId: 'a2', artistName: 'Second' },
          { artistId: 'a1', artistName: 'First' },
        ],
      },
    ]);
    expect(daily).toEqual([
      {
        date: '2026-11-05',
        plays: 1,
        msPlayed: 200_001,
        artists: [
          { artistId: 'a1', artistName: 'First', plays: 1, msPlayed: 100_001 },
          { artistId: 'a2', artistName: 'Second', plays: 1, msPlayed: 100_000 },
        ],
      },
    ]);
  });
});
