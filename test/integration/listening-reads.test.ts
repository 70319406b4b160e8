// The fan's listening reading calls: latest plays, popular and top tracks, the fan's artists, recently
// listened artists, and another fan's listening only as their visibility allows.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { PlayToStore } from '../../functions/domain/listening/plays';
import { testTable } from '../support/test-table';
import { bodyOf } from '../support/gateway-event';
import type { HandlerResult } from '../support/identity';
import { call, createSignedInAccount, dataOf } from '../support/identity';

const table = testTable;

// Dates relative to today, so the plays fall inside the default 30-day period whenever the test runs.
const dayAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);
const at = (daysAgo: number, time: string) => `${dayAgo(daysAgo)}T${time}.000Z`;

async function loadHandlers() {
  return {
    tracks: (await import('../../functions/handlers/fan-tracks')).handler,
    artists: (await import('../../functions/handlers/fan-artists')).handler,
  };
}

interface PlayInput {
  endedAt: string;
  msPlayed: number;
  track: string;
  artists: { artistId?: string; artistName: string }[];
  trackId?: string;
  source?: 'spotify' | 'import';
}

/** Stores plays as the sync and the import do, then rebuilds the days they touched. */
async function storePlays(fanId: string, inputs: readonly PlayInput[]): Promise<void> {
  const { savePlays, recomputeDailyListening } = await import('../../functions/data/listening');
  const plays: PlayToStore[] = inputs.map((input) => ({
    endedAt: input.endedAt,
    msPlayed: input.msPlayed,
    trackName: input.track,
    ...(input.trackId ? { trackId: input.trackId } : {}),
    artists: input.artists,
    source: input.source ?? 'spotify',
    identity: JSON.stringify([input.endedAt, input.track, input.msPlayed]),
  }));
  const saved = await savePlays(table(), fanId, plays);
  await recomputeDailyListening(table(), fanId, saved.days);
}

async function shareListening(fanId: string) {
  const { setFanVisibility } = await import('../../functions/data/fan-profiles');
  await setFanVisibility(table(), fanId, 'fans', new Date());
}

/** A fan who looks, and two fans who listened to the sample history: one keeps it private, the other shares it. */
async function givenViewerAndListeners() {
  const [viewer, privateFan, sharingFan] = await Promise.all([
    createSignedInAccount('fan'),
    createSignedInAccount('fan'),
    createSignedInAccount('fan'),
  ]);
  await storePlays(privateFan.userId, sampleHistory());
  await storePlays(sharingFan.userId, sampleHistory());
  await shareListening(sharingFan.userId);
  return { viewer, privateFan, sharingFan };
}

const nina = { artistId: `nina-${randomUUID()}`, artistName: 'Nina Simone' };
const radiohead = { artistName: 'Radiohead' };
const beyonce = { artistName: 'Beyoncé' };

/** A small listening history: 6 stored plays over 3 days, one of them under 30 s. */
function sampleHistory(): PlayInput[] {
  return [
    {
      endedAt: at(3, '08:00:00'),
      msPlayed: 600_000,
      track: 'Sinnerman',
      trackId: 'sinnerman',
      artists: [nina],
    },
    { endedAt: at(3, '09:00:00'), msPlayed: 200_000, track: 'Reckoner', artists: [radiohead] },
    { endedAt: at(2, '10:00:00'), msPlayed: 10_000, track: 'Skipped Song', artists: [beyonce] },
    {
      endedAt: at(2, '11:00:00'),
      msPlayed: 300_000,
      track: 'Sinnerman',
      trackId: 'sinnerman',
      artists: [nina],
    },
    { endedAt: at(1, '12:00:00'), msPlayed: 240_000, track: 'Halo', artists: [beyonce] },
    { endedAt: at(1, '13:00:00'), msPlayed: 250_000, track: 'Reckoner', artists: [radiohead] },
  ];
}

const paginationOf = (result: HandlerResult) => bodyOf(result)['pagination'];

describe('GET /api/tracks/user/latest', () => {
  it('lists every stored play newest first, in numbered pages, marking plays under 30 s as not counted', async () => {
    // Prepare
    const { tracks } = await loadHandlers();
    const fan = await createSignedInAccount('fan');
    await storePlays(fan.userId, sampleHistory());
    const page = (number: number, limit = 2) =>
      call(tracks, 'GET', '/api/tracks/user/latest', {
        query: { page: String(number), limit: String(limit) },
        cookies: [fan.cookie],
      });
    // Act
    const [first, second, third, past] = await Promise.all([page(1), page(2), page(3), page(4)]);
    const midDay = await page(2, 3);
    // Assess: pages cross day boundaries without losing or repeating a play
    expect(first.statusCode).toBe(200);
    const names = (result: HandlerResult) =>
      dataOf<{ trackName: string; counted: boolean }[]>(result).map(
        (play) => `${play.trackName}:${play.counted}`,
      );
    expect(names(first)).toEqual(['Reckoner:true', 'Halo:true']);
    expect(names(second)).toEqual(['Sinnerman:true', 'Skipped Song:false']);
    expect(names(third)).toEqual(['Reckoner:true', 'Sinnerman:true']);
    expect(dataOf(past)).toEqual([]);
    expect(names(midDay)).toEqual(['Skipped Song:false', 'Reckoner:true', 'Sinnerman:true']);
    expect(paginationOf(first)).toEqual({ page: 1, limit: 2, total: 6, pages: 3 });
    expect(dataOf<unknown[]>(first)[0]).toEqual({
      endedAt: at(1, '13:00:00'),
      trackName: 'Reckoner',
      artists: [radiohead],
      msPlayed: 250_000,
      counted: true,
      source: 'spotify',
    });
  });

  it('shows plays brought in by the history import, and nothing twice after a second import', async () => {
    // Prepare
    const { tracks } = await loadHandlers();
    const fan = await createSignedInAccount('fan');
    const records = [
      {
        endTime: `${dayAgo(4)} 08:15`,
        artistName: 'Nina Simone',
        trackName: 'Feeling Good',
        msPlayed: 175_000,
      },
      { endTime: `${dayAgo(4)} 09:00`, artistName: 'Radiohead', trackName: 'Nude', msPlayed: 29_000 },
      { endTime: `${dayAgo(5)} 09:00`, artistName: 'Radiohead', trackName: 'Nude', msPlayed: 250_000 },
    ];
    const importOnce = () =>
      call(tracks, 'POST', '/api/tracks/user/import', {
        body: { source: 'spotify-account-data', records },
        cookies: [fan.cookie],
      });
    await importOnce();
    await importOnce();
    // Act
    const result = await call(tracks, 'GET', '/api/tracks/user/latest', { cookies: [fan.cookie] });
    // Assess: the import keeps no play under 30 s; default page size 20
    expect(dataOf<{ trackName: string }[]>(result).map((play) => play.trackName)).toEqual([
      'Feeling Good',
      'Nude',
    ]);
    expect(paginationOf(result)).toEqual({ page: 1, limit: 20, total: 2, pages: 1 });
  });

  it('answers an empty first page to a fan without plays', async () => {
    // Prepare
    const { tracks } = await loadHandlers();
    const fan = await createSignedInAccount('fan');
    // Act
    const result = await call(tracks, 'GET', '/api/tracks/user/latest', { cookies: [fan.cookie] });
    // Assess
    expect(dataOf(result)).toEqual([]);
    expect(paginationOf(result)).toEqual({ page: 1, limit: 20, total: 0, pages: 0 });
  });
});

describe('GET /api/tracks/user/popular and /api/tracks/user/{id}/top', () => {
  it('ranks tracks by counted plays over the last 30 days, in pages', async () => {
    // Prepare
    const { tracks } = await loadHandlers();
    const fan = await createSignedInAccount('fan');
    await storePlays(fan.userId, [
      ...sampleHistory(),
      { endedAt: at(40, '08:00:00'), msPlayed: 300_000, track: 'Halo', artists: [beyonce] },
      { endedAt: at(41, '08:00:00'), msPlayed: 300_000, track: 'Halo', artists: [beyonce] },
    ]);
    // Act
    const first = await call(tracks, 'GET', '/api/tracks/user/popular', {
      query: { limit: '2' },
      cookies: [fan.cookie],
    });
    const second = await call(tracks, 'GET', '/api/tracks/user/popular', {
      query: { limit: '2', page: '2' },
      cookies: [fan.cookie],
    });
    const longer = await call(tracks, 'GET', '/api/tracks/user/popular', {
      query: { days: '60' },
      cookies: [fan.cookie],
    });
    // Assess: Sinnerman and Reckoner 2 plays each (Sinnerman has more time); the 10 s play is not counted
    expect(dataOf(first)).toEqual([
      {
        trackId: 'sinnerman',
        trackName: 'Sinnerman',
        artists: [nina],
        plays: 2,
        msPlayed: 900_000,
        lastPlayedOn: dayAgo(2),
      },
      { trackName: 'Reckoner', artists: [radiohead], plays: 2, msPlayed: 450_000, lastPlayedOn: dayAgo(1) },
    ]);
    expect(dataOf(second)).toEqual([
      { trackName: 'Halo', artists: [beyonce], plays: 1, msPlayed: 240_000, lastPlayedOn: dayAgo(1) },
    ]);
    expect(paginationOf(first)).toEqual({ page: 1, limit: 2, total: 3, pages: 2 });
    expect(dataOf<{ trackName: string; plays: number }[]>(longer)[0]).toMatchObject({
      trackName: 'Halo',
      plays: 3,
    });
  });

  it("shows a fan's own top tracks, another fan's only when shared, and 404 otherwise", async () => {
    // Prepare
    const { tracks } = await loadHandlers();
    const { viewer, privateFan, sharingFan } = await givenViewerAndListeners();
    const top = (fanId: string, query?: Record<string, string>) =>
      call(tracks, 'GET', `/api/tracks/user/${fanId}/top`, {
        cookies: [viewer.cookie],
        ...(query ? { query } : {}),
      });
    // Act
    const ofPrivate = await top(privateFan.userId);
    const ofUnknown = await top(randomUUID());
    const ofSharing = await top(sharingFan.userId, { limit: '1' });
    const own = await call(tracks, 'GET', `/api/tracks/user/${privateFan.userId}/top`, {
      cookies: [privateFan.cookie],
    });
    // Assess: a private and an unknown fan answer alike
    expect(ofPrivate.statusCode).toBe(404);
    expect(ofUnknown.statusCode).toBe(404);
    expect(bodyOf(ofPrivate)['message']).toBe(bodyOf(ofUnknown)['message']);
    expect(ofSharing.statusCode).toBe(200);
    expect(dataOf<{ trackName: string }[]>(ofSharing).map((track) => track.trackName)).toEqual(['Sinnerman']);
    expect(dataOf<unknown[]>(own)).toHaveLength(3);
  });
});

describe('GET /api/artists/user', () => {
  it('lists the artists the fan listens to, most listened first, with search, sorting and pages', async () => {
    // Prepare
    const { artists } = await loadHandlers();
    const fan = await createSignedInAccount('fan');
    await storePlays(fan.userId, sampleHistory());
    const list = (query: Record<string, string>) =>
      call(artists, 'GET', '/api/artists/user', { query, cookies: [fan.cookie] });
    // Act
    const popular = await list({});
    const byName = await list({ sortBy: 'name' });
    const recent = await list({ sortBy: 'recent' });
    const searched = await list({ search: 'BEYONCE' });
    const paged = await list({ itemsPerPage: '1', page: '2' });
    // Assess: Beyoncé's 10 s play does not count
    expect(dataOf(popular)).toEqual([
      { ...nina, plays: 2, msPlayed: 900_000, lastListenedOn: dayAgo(2) },
      { ...radiohead, plays: 2, msPlayed: 450_000, lastListenedOn: dayAgo(1) },
      { ...beyonce, plays: 1, msPlayed: 240_000, lastListenedOn: dayAgo(1) },
    ]);
    expect(paginationOf(popular)).toEqual({ page: 1, limit: 50, total: 3, pages: 1 });
    const names = (result: HandlerResult) =>
      dataOf<{ artistName: string }[]>(result).map((artist) => artist.artistName);
    expect(names(byName)).toEqual(['Beyoncé', 'Nina Simone', 'Radiohead']);
    expect(names(recent)).toEqual(['Radiohead', 'Beyoncé', 'Nina Simone']);
    expect(names(searched)).toEqual(['Beyoncé']);
    expect(names(paged)).toEqual(['Radiohead']);
    expect(paginationOf(paged)).toEqual({ page: 2, limit: 1, total: 3, pages: 3 });
  });

  it('adds the catalogue entry of artists known by id', async () => {
    // Prepare
    const { artists } = await loadHandlers();
    const { upsertCatalogueArtists } = await import('../../functions/data/catalogue/artists');
    const fan = await createSignedInAccount('fan');
    const artistId = `cat${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    await upsertCatalogueArtists(
      table(),
      [{ id: artistId, name: 'Catalogue Star', genres: ['jazz'] }],
      new Date(),
    );
    await storePlays(fan.userId, [
      {
        endedAt: at(1, '08:00:00'),
        msPlayed: 60_000,
        track: 'Shine',
        artists: [{ artistId, artistName: 'Catalogue Star' }],
      },
    ]);
    // Act
    const result = await call(artists, 'GET', '/api/artists/user', { cookies: [fan.cookie] });
    // Assess
    expect(
      dataOf<{ artist?: { id: string; name: string; genres: string[] } }[]>(result)[0]?.artist,
    ).toMatchObject({
      id: artistId,
      name: 'Catalogue Star',
      genres: ['jazz'],
    });
  });
});

describe('GET /api/artists/recent-listened and /api/artists/user/{id}/top', () => {
  it('lists recently listened artists once each, latest first, without plays under 30 s', async () => {
    // Prepare
    const { artists } = await loadHandlers();
    const fan = await createSignedInAccount('fan');
    await storePlays(fan.userId, [
      ...sampleHistory(),
      { endedAt: at(0, '00:00:01'), msPlayed: 5_000, track: 'Intro', artists: [{ artistName: 'Skipper' }] },
    ]);
    // Act
    const result = await call(artists, 'GET', '/api/artists/recent-listened', { cookies: [fan.cookie] });
    const limited = await call(artists, 'GET', '/api/artists/recent-listened', {
      query: { limit: '1' },
      cookies: [fan.cookie],
    });
    // Assess
    expect(dataOf(result)).toEqual([
      { ...radiohead, lastPlayedAt: at(1, '13:00:00') },
      { ...beyonce, lastPlayedAt: at(1, '12:00:00') },
      { ...nina, lastPlayedAt: at(2, '11:00:00') },
    ]);
    expect(dataOf<unknown[]>(limited)).toHaveLength(1);
  });

  it("shows another fan's recent and top artists only when they share their listening", async () => {
    // Prepare
    const { artists } = await loadHandlers();
    const { viewer, privateFan, sharingFan } = await givenViewerAndListeners();
    const get = (path: string) => call(artists, 'GET', path, { cookies: [viewer.cookie] });
    // Act
    const replies = {
      recentPrivate: await get(`/api/artists/recent-listened/${privateFan.userId}`),
      topPrivate: await get(`/api/artists/user/${privateFan.userId}/top`),
      topUnknown: await get(`/api/artists/user/${randomUUID()}/top`),
      recentShared: await get(`/api/artists/recent-listened/${sharingFan.userId}`),
      topShared: await get(`/api/artists/user/${sharingFan.userId}/top`),
      topOwn: await get(`/api/artists/user/${viewer.userId}/top`),
    };
    // Assess
    expect(replies.recentPrivate.statusCode).toBe(404);
    expect(replies.topPrivate.statusCode).toBe(404);
    expect(replies.topUnknown.statusCode).toBe(404);
    expect(dataOf<{ artistName: string }[]>(replies.recentShared).map((a) => a.artistName)).toEqual([
      'Radiohead',
      'Beyoncé',
      'Nina Simone',
    ]);
    expect(dataOf<{ artistName: string }[]>(replies.topShared).map((a) => a.artistName)).toEqual([
      'Nina Simone',
      'Radiohead',
      'Beyoncé',
    ]);
    expect(dataOf(replies.topOwn)).toEqual([]);
  });
});

describe('the listening reads refuse', () => {
  it('callers without a fan session', async () => {
    // Prepare
    const { tracks, artists } = await loadHandlers();
    const artist = await createSignedInAccount('artist');
    const fan = await createSignedInAccount('fan');
    // Act
    const replies = [
      await call(tracks, 'GET', '/api/tracks/user/latest'),
      await call(tracks, 'GET', '/api/tracks/user/popular', { cookies: [artist.cookie] }),
      await call(tracks, 'GET', `/api/tracks/user/${fan.userId}/top`, { cookies: [artist.cookie] }),
      await call(artists, 'GET', '/api/artists/user', { cookies: [artist.cookie] }),
      await call(artists, 'GET', '/api/artists/recent-listened'),
      await call(artists, 'GET', `/api/artists/recent-listened/${fan.userId}`, { cookies: [artist.cookie] }),
      await call(artists, 'GET', `/api/artists/user/${fan.userId}/top`),
    ];
    // Assess
    expect(replies.map((reply) => reply.statusCode)).toEqual([401, 401, 401, 401, 401, 401, 401]);
  });

  it('malformed queries with 422 and a message per field', async () => {
    // Prepare
    const { tracks, artists } = await loadHandlers();
    const fan = await createSignedInAccount('fan');
    const get = (handler: typeof tracks, path: string, query: Record<string, string>) =>
      call(handler, 'GET', path, { query, cookies: [fan.cookie] });
    // Act
    const replies = [
      await get(tracks, '/api/tracks/user/latest', { page: '0' }),
      await get(tracks, '/api/tracks/user/latest', { limit: '51' }),
      await get(tracks, '/api/tracks/user/popular', { days: '400' }),
      await get(tracks, `/api/tracks/user/${fan.userId}/top`, { limit: 'ten' }),
      await get(artists, '/api/artists/user', { sortBy: 'loudest' }),
      await get(artists, '/api/artists/user', { itemsPerPage: '101' }),
      await get(artists, '/api/artists/recent-listened', { limit: '-1' }),
    ];
    // Assess
    expect(replies.map((reply) => reply.statusCode)).toEqual([422, 422, 422, 422, 422, 422, 422]);
    expect(bodyOf(replies[0]!)['fields']).toEqual({ page: 'Use a number from 1 to 10000' });
    expect(bodyOf(replies[4]!)['fields']).toEqual({ sortBy: 'Sort by popular, name or recent' });
  });
});
