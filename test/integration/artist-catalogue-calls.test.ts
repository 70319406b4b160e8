// The artist catalogue's calls through their handlers, with Spotify played by the local sandbox (client credentials).
import { randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useOAuthSandbox } from '../support/oauth-sandbox-server';
import { testTable } from '../support/test-table';
import { catalogue as sandboxCatalogue } from '../../local/spotify-sandbox/catalogue';
import { bodyOf } from '../support/gateway-event';
import { call, createSignedInAccount, dataOf } from '../support/identity';

const oauthSandbox = useOAuthSandbox();
const table = testTable;

const loadSearch = async () => (await import('../../functions/handlers/artist-search')).handler;
const loadArtists = async () => (await import('../../functions/handlers/fan-artists')).handler;
const loadTracks = async () => (await import('../../functions/handlers/fan-tracks')).handler;
const loadCatalogue = () => import('../../functions/data/catalogue/artists');

/** A word no other test uses, so searches see only this test's artists. */
const uniqueWord = () =>
  `z${[...randomBytes(10)].map((byte) => String.fromCharCode(97 + (byte % 26))).join('')}`;
const now = new Date();

describe('GET /api/for-artists/search', () => {
  it('pages catalogue matches, six by default, first page 1', async () => {
    // Prepare
    const { upsertCatalogueArtists } = await loadCatalogue();
    const handler = await loadSearch();
    const artist = await createSignedInAccount('artist');
    const word = uniqueWord();
    await upsertCatalogueArtists(
      table(),
      Array.from({ length: 8 }, (_, index) => ({
        id: randomUUID(),
        name: `${word} ${index}`,
        popularity: index,
      })),
      now,
    );
    // Act
    const first = await call(handler, 'GET', '/api/for-artists/search', {
      query: { search_term: word.toUpperCase() },
      cookies: [artist.cookie],
    });
    const second = await call(handler, 'GET', '/api/for-artists/search', {
      query: { search_term: word, page: '2' },
      cookies: [artist.cookie],
    });
    // Assess
    expect(first.statusCode).toBe(200);
    expect(dataOf<{ name: string }[]>(first).map((found) => found.name)).toEqual(
      [7, 6, 5, 4, 3, 2].map((index) => `${word} ${index}`),
    );
    expect(bodyOf(first)['pagination']).toEqual({ page: 1, limit: 6, total: 8, pages: 2 });
    expect(dataOf<{ name: string }[]>(second).map((found) => found.name)).toEqual([`${word} 1`, `${word} 0`]);
  });

  it('asks Spotify when the catalogue knows too few, and keeps what it finds', async () => {
    // Prepare
    const { getCatalogueArtist } = await loadCatalogue();
    const handler = await loadSearch();
    const artist = await createSignedInAccount('artist');
    const wanted = sandboxCatalogue.artists[17];
    if (!wanted) throw new Error('The sandbox catalogue is smaller than expected');
    const before = await getCatalogueArtist(table(), wanted.id);
    // Act
    const reply = await call(handler, 'GET', '/api/for-artists/search', {
      query: { search_term: wanted.name.toLowerCase() },
      cookies: [artist.cookie],
    });
    // Assess
    expect(before).toBeNull();
    expect(reply.statusCode).toBe(200);
    expect(dataOf<{ id: string }[]>(reply).map((found) => found.id)).toContain(wanted.id);
    expect(await getCatalogueArtist(table(), wanted.id)).toMatchObject({
      id: wanted.id,
      name: wanted.name,
      popularity: wanted.popularity,
      claimed: false,
    });
  });

  it('refuses a missing search term (422) and anyone not signed in on the artist side (401)', async () => {
    // Prepare
    const handler = await loadSearch();
    const artist = await createSignedInAccount('artist');
    const fan = await createSignedInAccount('fan');
    // Act
    const missing = await call(handler, 'GET', '/api/for-artists/search', { cookies: [artist.cookie] });
    const badLimit = await call(handler, 'GET', '/api/for-artists/search', {
      query: { search_term: 'a', limit: '0' },
      cookies: [artist.cookie],
    });
    const asFan = await call(handler, 'GET', '/api/for-artists/search', {
      query: { search_term: 'a' },
      cookies: [fan.cookie],
    });
    // Assess
    expect(missing.statusCode).toBe(422);
    expect(bodyOf(missing)['fields']).toHaveProperty('search_term');
    expect(badLimit.statusCode).toBe(422);
    expect(asFan.statusCode).toBe(401);
  });
});

describe('GET /api/artists', () => {
  it('lists the catalogue by name by default and by popularity on request, page after page', async () => {
    // Prepare
    const { upsertCatalogueArtists } = await loadCatalogue();
    const handler = await loadArtists();
    const fan = await createSignedInAccount('fan');
    await upsertCatalogueArtists(
      table(),
      ['Émile Ünderwood', 'adele adkins', 'Zed Zebra', 'Björk'].map((name, index) => ({
        id: randomUUID(),
        name: `${name} ${uniqueWord()}`,
        popularity: 20 * index,
      })),
      now,
    );
    const list = (query: Record<string, string>) =>
      call(handler, 'GET', '/api/artists', { query, cookies: [fan.cookie] });
    // Act
    const byName = await list({ limit: '50' });
    const firstTwo = await list({ limit: '2' });
    const nextTwo = await list({ limit: '2', page: '2' });
    const byPopularity = await list({ limit: '50', sort: 'popularity', direction: 'desc' });
    const wrongSort = await list({ sort: 'followers' });
    // Assess
    const names = dataOf<{ name: string }[]>(byName).map((artist) => artist.name);
    const folded = (name: string) =>
      name
        .normalize('NFKD')
        .replace(/\p{M}+/gu, '')
        .toLowerCase();
    expect(names.length).toBeGreaterThanOrEqual(4);
    expect(names).toEqual([...names].sort((a, b) => (folded(a) < folded(b) ? -1 : 1)));
    const total = Number((bodyOf(byName)['pagination'] as { total: number }).total);
    expect(total).toBe(names.length);
    expect(
      [...dataOf<{ name: string }[]>(firstTwo), ...dataOf<{ name: string }[]>(nextTwo)].map((a) => a.name),
    ).toEqual(names.slice(0, 4));
    const popularity = dataOf<{ popularity?: number }[]>(byPopularity).map(
      (artist) => artist.popularity ?? 0,
    );
    expect(popularity).toEqual([...popularity].sort((a, b) => b - a));
    expect(wrongSort.statusCode).toBe(422);
  });

  it('searches by word prefix and refuses anonymous callers', async () => {
    // Prepare
    const { upsertCatalogueArtists } = await loadCatalogue();
    const handler = await loadArtists();
    const fan = await createSignedInAccount('fan');
    const word = uniqueWord();
    const id = randomUUID();
    await upsertCatalogueArtists(table(), [{ id, name: `Sigur Rós ${word}` }], now);
    // Act
    const found = await call(handler, 'GET', '/api/artists', {
      query: { search: `ros ${word.slice(0, 3)}` },
      cookies: [fan.cookie],
    });
    const anonymous = await call(handler, 'GET', '/api/artists');
    // Assess
    expect(dataOf<{ id: string }[]>(found).map((artist) => artist.id)).toEqual([id]);
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('an artist page and a fan listening to the artist', () => {
  it('matches imported names to the catalogue and counts the fans listening this month', async () => {
    // Prepare
    const { upsertCatalogueArtists } = await loadCatalogue();
    const tracks = await loadTracks();
    const artists = await loadArtists();
    const word = uniqueWord();
    const id = randomUUID();
    await upsertCatalogueArtists(table(), [{ id, name: `Beyoncé ${word}`, popularity: 50 }], now);
    const [first, second] = [await createSignedInAccount('fan'), await createSignedInAccount('fan')];
    const minute = new Date().toISOString().slice(0, 16).replace('T', ' ');
    const records = [
      { endTime: minute, artistName: `BEYONCE ${word.toUpperCase()}`, trackName: 'Halo', msPlayed: 200_000 },
      { endTime: minute, artistName: `beyoncé ${word}`, trackName: 'Formation', msPlayed: 100_000 },
      { endTime: minute, artistName: `Nobody ${word}`, trackName: 'Unknown', msPlayed: 100_000 },
    ];
    // Act
    for (const fan of [first, second]) {
      await call(tracks, 'POST', '/api/tracks/user/import', {
        body: { source: 'spotify-account-data', records },
        cookies: [fan.cookie],
      });
    }
    const today = minute.slice(0, 10);
    const daily = await call(tracks, 'GET', '/api/tracks/user/daily', {
      query: { startDate: today, endDate: today },
      cookies: [first.cookie],
    });
    const details = await call(artists, 'GET', `/api/artists/details/${id}`);
    const asFan = await call(artists, 'GET', `/api/artists/details/user/${id}`, { cookies: [first.cookie] });
    // Assess
    expect(dataOf<{ artists: unknown[] }[]>(daily)[0]?.artists).toEqual([
      { artistId: id, artistName: `Beyoncé ${word}`, plays: 2, msPlayed: 300_000 },
      { artistName: `Nobody ${word}`, plays: 1, msPlayed: 100_000 },
    ]);
    expect(details.statusCode).toBe(200);
    expect(dataOf(details)).toMatchObject({
      id,
      name: `Beyoncé ${word}`,
      claimed: false,
      fansListeningThisMonth: 2,
    });
    expect(dataOf(asFan)).toMatchObject({
      artist: { id, fansListeningThisMonth: 2 },
      listening: { last30Days: { plays: 2, msPlayed: 300_000 }, allTime: { plays: 2, msPlayed: 300_000 } },
    });
  });

  it('answers 404 for an artist OpenPie does not know and 422 for a malformed id', async () => {
    // Prepare
    const handler = await loadArtists();
    const fan = await createSignedInAccount('fan');
    const unknown = `unknown${uniqueWord()}`;
    // Act
    const details = await call(handler, 'GET', `/api/artists/details/${unknown}`);
    const asFan = await call(handler, 'GET', `/api/artists/details/user/${unknown}`, {
      cookies: [fan.cookie],
    });
    const tracks = await call(handler, 'GET', `/api/artists/${unknown}/top-tracks`, {
      cookies: [fan.cookie],
    });
    const malformed = await call(handler, 'GET', '/api/artists/details/not%20an%20id');
    // Assess
    expect(details.statusCode).toBe(404);
    expect(asFan.statusCode).toBe(404);
    expect(tracks.statusCode).toBe(404);
    expect(malformed.statusCode).toBe(422);
  });

  it("reads an artist's top tracks from Spotify for signed-in fans only", async () => {
    // Prepare
    const { upsertCatalogueArtists } = await loadCatalogue();
    const handler = await loadArtists();
    const fan = await createSignedInAccount('fan');
    const known = sandboxCatalogue.artists[3];
    if (!known) throw new Error('The sandbox catalogue is smaller than expected');
    await upsertCatalogueArtists(table(), [{ id: known.id, name: known.name }], now);
    // Act
    const tracks = await call(handler, 'GET', `/api/artists/${known.id}/top-tracks`, {
      cookies: [fan.cookie],
    });
    const again = await call(handler, 'GET', `/api/artists/${known.id}/top-tracks`, {
      cookies: [fan.cookie],
    });
    const anonymous = await call(handler, 'GET', `/api/artists/${known.id}/top-tracks`);
    const anonymousAsFan = await call(handler, 'GET', `/api/artists/details/user/${known.id}`);
    // Assess
    const list = dataOf<{ name: string; artists: { id: string }[]; spotifyUrl: string }[]>(tracks);
    expect(list.length).toBeGreaterThan(0);
    expect(list[0]?.artists[0]?.id).toBe(known.id);
    expect(list[0]?.spotifyUrl).toMatch(/^https:\/\/open\.spotify\.com\/track\//);
    expect(dataOf(again)).toEqual(list);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymousAsFan.statusCode).toBe(401);
  });
});

describe("the Spotify sandbox's client credentials", () => {
  it("gives OpenPie an app token for catalogue calls, never for a listener's data", async () => {
    // Prepare
    const basic = Buffer.from('openpie-local-spotify:openpie-local-spotify-secret').toString('base64');
    const tokenReply = await fetch(`${oauthSandbox.origin()}/_sandbox/oauth/spotify/accounts/api/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    const token = (await tokenReply.json()) as {
      access_token: string;
      token_type: string;
      expires_in: number;
    };
    const asApp = (path: string) =>
      fetch(`${oauthSandbox.origin()}/_sandbox/oauth/spotify/api${path}`, {
        headers: { authorization: `Bearer ${token.access_token}` },
      });
    // Act
    const search = await asApp('/v1/search?q=the&type=artist&limit=3');
    const me = await asApp('/v1/me');
    const recent = await asApp('/v1/me/player/recently-played');
    const wrongSecret = await fetch(`${oauthSandbox.origin()}/_sandbox/oauth/spotify/accounts/api/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from('openpie-local-spotify:wrong').toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    // Assess
    expect(tokenReply.status).toBe(200);
    expect(token).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    expect(token).not.toHaveProperty('refresh_token');
    expect(search.status).toBe(200);
    expect(((await search.json()) as { artists: { items: unknown[] } }).artists.items).toHaveLength(3);
    expect(me.status).toBe(403);
    expect(recent.status).toBe(403);
    expect(wrongSecret.status).toBe(401);
  });
});
