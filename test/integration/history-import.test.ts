import { describe, expect, it } from 'vitest';
import { call, createSignedInAccount, dataOf } from '../support/identity';
import { bodyOf } from '../support/gateway-event';

// Dates relative to today, so the plays stay inside the 13-month retention whenever the test runs.
const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
const [d3, d2] = [day(3), day(2)];

async function loadHandler() {
  return (await import('../../functions/handlers/fan-tracks')).handler;
}

const accountData = {
  source: 'spotify-account-data',
  records: [
    { endTime: `${d3} 08:15`, artistName: 'Nina Simone', trackName: 'Sinnerman', msPlayed: 620_000 },
    { endTime: `${d3} 08:15`, artistName: 'Nina Simone', trackName: 'Feeling Good', msPlayed: 175_000 },
    { endTime: `${d3} 09:00`, artistName: 'Radiohead', trackName: 'Reckoner', msPlayed: 29_000 },
    { endTime: `${d3} 23:59`, artistName: 'Radiohead', trackName: 'Reckoner', msPlayed: 290_000 },
    { endTime: `${d2} 00:01`, artistName: 'Unknown Artist', trackName: 'Unknown Track', msPlayed: 900_000 },
    { endTime: `${d2} 07:30`, artistName: 'Nina Simone', trackName: 'Sinnerman', msPlayed: 600_000 },
    { endTime: '2019-01-01 10:00', artistName: 'Nina Simone', trackName: 'Sinnerman', msPlayed: 600_000 },
  ],
};

describe('POST /api/tracks/user/import and GET /api/tracks/user/daily', () => {
  it('imports a Spotify account-data export once, however often it is sent, with per-day totals', async () => {
    // Prepare
    const handler = await loadHandler();
    const fan = await createSignedInAccount('fan');
    const send = () =>
      call(handler, 'POST', '/api/tracks/user/import', { body: accountData, cookies: [fan.cookie] });
    // Act
    const first = await send();
    const second = await send();
    const daily = await call(handler, 'GET', '/api/tracks/user/daily', {
      query: { startDate: d3, endDate: d2 },
      cookies: [fan.cookie],
    });
    // Assess: 7 records; a 29 s play and an unnamed row are ignored, a 2019 play is past the retention
    expect(dataOf(first)).toEqual({
      imported: 4,
      duplicates: 0,
      ignored: 2,
      tooOld: 1,
      refused: 0,
      processedRecords: 7,
      nextRecord: null,
    });
    expect(dataOf(second)).toEqual({
      imported: 0,
      duplicates: 4,
      ignored: 2,
      tooOld: 1,
      refused: 0,
      processedRecords: 7,
      nextRecord: null,
    });
    expect(dataOf(daily)).toEqual([
      {
        date: d3,
        plays: 3,
        msPlayed: 1_085_000,
        artists: [
          { artistName: 'Nina Simone', plays: 2, msPlayed: 795_000 },
          { artistName: 'Radiohead', plays: 1, msPlayed: 290_000 },
        ],
      },
      {
        date: d2,
        plays: 1,
        msPlayed: 600_000,
        artists: [{ artistName: 'Nina Simone', plays: 1, msPlayed: 600_000 }],
      },
    ]);
  });

  it('imports the extended streaming history format', async () => {
    const handler = await loadHandler();
    const fan = await createSignedInAccount('fan');
    const record = (
      ts: string,
      ms: number,
      track: string | null,
      artist: string | null,
      episode: string | null = null,
    ) => ({
      ts,
      ms_played: ms,
      master_metadata_track_name: track,
      master_metadata_album_artist_name: artist,
      master_metadata_album_album_name: 'Post',
      spotify_track_uri: track ? 'spotify:track:0abc' : null,
      episode_name: episode,
      episode_show_name: episode ? 'A Show' : null,
      spotify_episode_uri: episode ? 'spotify:episode:1' : null,
      reason_end: 'trackdone',
      shuffle: false,
    });
    const reply = await call(handler, 'POST', '/api/tracks/user/import', {
      cookies: [fan.cookie],
      body: {
        source: 'spotify-extended',
        records: [
          record(`${d2}T10:00:00Z`, 240_000, 'Hyperballad', 'Björk'),
          record(`${d2}T11:00:00Z`, 1_800_000, null, null, 'Episode 12'),
          record(`${d2}T12:00:00Z`, 200_500, 'Army of Me', 'Björk'),
        ],
      },
    });
    expect(dataOf(reply)).toEqual({
      imported: 2,
      duplicates: 0,
      ignored: 1,
      tooOld: 0,
      refused: 0,
      processedRecords: 3,
      nextRecord: null,
    });
    const daily = await call(handler, 'GET', '/api/tracks/user/daily', {
      query: { startDate: d2, endDate: d2 },
      cookies: [fan.cookie],
    });
    expect(dataOf(daily)).toEqual([
      {
        date: d2,
        plays: 2,
        msPlayed: 440_500,
        artists: [{ artistName: 'Björk', plays: 2, msPlayed: 440_500 }],
      },
    ]);
  });

  it('refuses a malformed chunk with 422 and stores nothing of it', async () => {
    const handler = await loadHandler();
    const fan = await createSignedInAccount('fan');
    const reply = await call(handler, 'POST', '/api/tracks/user/import', {
      cookies: [fan.cookie],
      body: {
        source: 'spotify-account-data',
        records: [accountData.records[0], { ...accountData.records[1], msPlayed: 'a lot' }],
      },
    });
    const daily = await call(handler, 'GET', '/api/tracks/user/daily', {
      query: { startDate: d3, endDate: d2 },
      cookies: [fan.cookie],
    });
    expect(reply.statusCode).toBe(422);
    expect(bodyOf(reply)).toMatchObject({
      code: 'validation_failed',
      fields: { 'records.1.msPlayed': expect.any(String) },
    });
    expect(dataOf(daily)).toEqual([]);
  });

  it("shows a fan only their own listening, and nobody's without a session", async () => {
    const handler = await loadHandler();
    const [alice, bob] = [await createSignedInAccount('fan'), await createSignedInAccount('fan')];
    await call(handler, 'POST', '/api/tracks/user/import', { body: accountData, cookies: [alice.cookie] });
    const bobsView = await call(handler, 'GET', '/api/tracks/user/daily', {
      query: { startDate: d3, endDate: d2 },
      cookies: [bob.cookie],
    });
    const anonymous = await call(handler, 'GET', '/api/tracks/user/daily', {
      query: { startDate: d3, endDate: d2 },
    });
    expect(dataOf(bobsView)).toEqual([]);
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses a date range that runs backwards', async () => {
    const handler = await loadHandler();
    const fan = await createSignedInAccount('fan');
    const reply = await call(handler, 'GET', '/api/tracks/user/daily', {
      query: { startDate: d2, endDate: d3 },
      cookies: [fan.cookie],
    });
    expect(reply.statusCode).toBe(422);
    expect(bodyOf(reply)).toMatchObject({
      fields: { endDate: 'The start date must not be after the end date' },
    });
  });
});
