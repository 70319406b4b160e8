// A fan's pie calls through the fan-pie handler on DynamoDB Local: the settings of an open pie (PATCH
// /pie/{pieId}), bans for every pie and one pie's inclusions (PATCH /pie/artist/{id}/…), each seen at once by the live
// preview (realtime-stats), the pie with its counts (GET /pie/active/{id}) and its listening day by day. Replies are
// checked against their contracts by the plumbing (local mode).
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import type { PieSummary } from '../../functions/contracts/payments';
import type {
  PieActiveDetail,
  PieArtistBan,
  PieArtistInclusionReply,
  PieDailyListening,
  RealtimeStats,
} from '../../functions/contracts/pie';
import { bodyOf } from '../support/gateway-event';
import { createSignedInAccount, dataOf } from '../support/identity';
import {
  addCatalogueArtists,
  callPie,
  dayMs,
  markSplitAt,
  openTestPie,
  startedDaysAgo,
  storePlays,
  table,
} from '../support/pie-calls-harness';

type Artist = { artistId?: string; artistName: string };

/** 3:1 listening a day after the pie started: the popular band 600,000 ms, the obscure duo 200,000 ms. */
async function storeThreeToOne(fanId: string, periodStart: Date, popular: Artist, obscure: Artist) {
  const at = (hours: number) => new Date(periodStart.getTime() + dayMs + hours * 3_600_000).toISOString();
  await storePlays(fanId, [
    { endedAt: at(1), msPlayed: 400_000, artists: [popular] },
    { endedAt: at(2), msPlayed: 200_000, artists: [popular] },
    { endedAt: at(3), msPlayed: 200_000, artists: [obscure] },
  ]);
}

async function preview(cookie: string, pieId: string): Promise<RealtimeStats> {
  const reply = await callPie('GET', `/api/pie/${pieId}/realtime-stats`, cookie);
  expect(reply.statusCode).toBe(200);
  return dataOf<RealtimeStats>(reply);
}

const centsOf = (stats: RealtimeStats) =>
  Object.fromEntries(stats.includedArtists.map((artist) => [artist.artist_name, artist.cents]));
const reasonsOf = (stats: RealtimeStats) =>
  Object.fromEntries(stats.excludedArtists.map((artist) => [artist.artist_name, artist.reasons]));

const patch = (cookie: string | null, path: string, body: unknown) =>
  callPie('PATCH', path, cookie, { body });

describe('PATCH /api/pie/{pieId}', () => {
  it('changes the settings of an open pie, answers its summary, and the preview follows at once', async () => {
    // Prepare
    const fan = await createSignedInAccount('fan');
    const { popular, obscure } = await addCatalogueArtists();
    const start = startedDaysAgo(5);
    const pie = await openTestPie(fan.userId, start);
    await storeThreeToOne(fan.userId, start, popular, obscure);
    // Act
    const reply = await patch(fan.cookie, `/api/pie/${pie.id}`, { artistLimit: 1 });
    const afterLimit = await preview(fan.cookie, pie.id);
    const tilted = await patch(fan.cookie, `/api/pie/${pie.id}`, { artistLimit: 0, artistPopularity: 100 });
    const afterTilt = await preview(fan.cookie, pie.id);
    // Assess
    expect(reply.statusCode).toBe(200);
    expect(dataOf<PieSummary>(reply)).toMatchObject({
      id: pie.id,
      status: 'active',
      settings: { artistLimit: 1, artistPopularity: 0, excludeNonActive: false },
    });
    expect(centsOf(afterLimit)).toEqual({ 'Popular Band': 941 });
    expect(reasonsOf(afterLimit)).toEqual({ 'Obscure Duo': ['over_limit'] });
    expect(dataOf<PieSummary>(tilted).settings).toEqual({
      artistLimit: 0,
      artistPopularity: 100,
      excludeNonActive: false,
    });
    // Weights 600,000 × 0.2 = 120,000 and 200,000 × 1.8 = 360,000: 941 × 1/4 = 235.25, 941 × 3/4 = 705.75.
    expect(centsOf(afterTilt)).toEqual({ 'Obscure Duo': 706, 'Popular Band': 235 });
  });

  it('refuses an empty change (422), an ended pie (409 pie_closed), another fan (404) and nobody (401)', async () => {
    // Prepare
    const fan = await createSignedInAccount('fan');
    const stranger = await createSignedInAccount('fan');
    const open = await openTestPie(fan.userId, startedDaysAgo(5));
    const ended = await openTestPie(fan.userId, startedDaysAgo(40));
    // Act
    const empty = await patch(fan.cookie, `/api/pie/${open.id}`, {});
    const tooMany = await patch(fan.cookie, `/api/pie/${open.id}`, { artistLimit: 501 });
    const closed = await patch(fan.cookie, `/api/pie/${ended.id}`, { artistLimit: 3 });
    const foreign = await patch(stranger.cookie, `/api/pie/${open.id}`, { artistLimit: 3 });
    const anonymous = await patch(null, `/api/pie/${open.id}`, { artistLimit: 3 });
    // Assess
    expect(empty.statusCode).toBe(422);
    expect(bodyOf(empty)).toMatchObject({
      code: 'validation_failed',
      fields: { artistLimit: expect.any(String) },
    });
    expect(tooMany.statusCode).toBe(422);
    expect(closed.statusCode).toBe(409);
    expect(bodyOf(closed)).toMatchObject({ code: 'pie_closed' });
    expect(foreign.statusCode).toBe(404);
    expect(anonymous.statusCode).toBe(401);
    const { getPie } = await import('../../functions/data/pies');
    expect((await getPie(table(), open.id))?.settings.artistLimit).toBe(0);
    expect((await getPie(table(), ended.id))?.settings.artistLimit).toBe(0);
  });
});

describe('PATCH /api/pie/artist/{id}/ban', () => {
  it('bans an artist from every pie of the fan, idempotently, and lifts the ban', async () => {
    // Prepare
    const fan = await createSignedInAccount('fan');
    const { popular, obscure } = await addCatalogueArtists();
    const start = startedDaysAgo(5);
    const current = await openTestPie(fan.userId, start);
    const older = await openTestPie(fan.userId, new Date(start.getTime() - 30 * dayMs));
    await storeThreeToOne(fan.userId, start, popular, obscure);
    await storeThreeToOne(fan.userId, new Date(start.getTime() - 30 * dayMs), popular, obscure);
    // Act
    const first = await patch(fan.cookie, `/api/pie/artist/${popular.artistId}/ban`, { value: true });
    const again = await patch(fan.cookie, `/api/pie/artist/${popular.artistId}/ban`, { value: true });
    const bannedNow = await preview(fan.cookie, current.id);
    const bannedBefore = await preview(fan.cookie, older.id);
    const lifted = await patch(fan.cookie, `/api/pie/artist/${popular.artistId}/ban`, { value: false });
    const afterLift = await preview(fan.cookie, current.id);
    // Assess
    expect(first.statusCode).toBe(200);
    expect(dataOf<PieArtistBan>(first)).toEqual({ artistKey: `id:${popular.artistId}`, banned: true });
    expect(dataOf<PieArtistBan>(again)).toEqual({ artistKey: `id:${popular.artistId}`, banned: true });
    for (const stats of [bannedNow, bannedBefore]) {
      expect(centsOf(stats)).toEqual({ 'Obscure Duo': 941 });
      expect(stats.excludedArtists).toMatchObject([
        { artist_name: 'Popular Band', is_banned: true, reasons: ['banned'] },
      ]);
    }
    expect(dataOf<PieArtistBan>(lifted)).toEqual({ artistKey: `id:${popular.artistId}`, banned: false });
    expect(centsOf(afterLift)).toEqual({ 'Popular Band': 706, 'Obscure Duo': 235 });
    const { getPieBans } = await import('../../functions/data/pie-preferences');
    expect([...(await getPieBans(table(), fan.userId)).keys()]).toEqual([]);
  });

  it('keys an artist the catalogue does not know by its normalised name', async () => {
    // Prepare
    const fan = await createSignedInAccount('fan');
    const start = startedDaysAgo(5);
    const pie = await openTestPie(fan.userId, start);
    const at = new Date(start.getTime() + dayMs).toISOString();
    await storePlays(fan.userId, [
      { endedAt: at, msPlayed: 100_000, artists: [{ artistName: 'Beyoncé' }] },
      { endedAt: at.replace('.000Z', '.500Z'), msPlayed: 100_000, artists: [{ artistName: 'Some Band' }] },
    ]);
    // Act
    const reply = await patch(fan.cookie, `/api/pie/artist/${encodeURIComponent('BEYONCE')}/ban`, {
      value: true,
    });
    const stats = await preview(fan.cookie, pie.id);
    // Assess
    expect(dataOf<PieArtistBan>(reply)).toEqual({ artistKey: 'name:beyonce', banned: true });
    expect(centsOf(stats)).toEqual({ 'Some Band': 941 });
    expect(stats.excludedArtists).toMatchObject([
      { artist_id: null, artist_name: 'Beyoncé', is_banned: true },
    ]);
  });

  it('refuses a ban over the limit of 1,000 (409) but still answers a ban the fan already has', async () => {
    // Prepare: 1,000 bans written as the route writes them; a name-only artist heard an hour ago.
    const fan = await createSignedInAccount('fan');
    await storePlays(fan.userId, [
      {
        endedAt: new Date(Date.now() - 3_600_000).toISOString(),
        msPlayed: 60_000,
        artists: [{ artistName: 'One More' }],
      },
    ]);
    const { maximumPieBans } = await import('../../functions/data/pie-preferences');
    const bans = Object.fromEntries(
      Array.from({ length: maximumPieBans }, (_, index) => [
        `name:artist ${index}`,
        { artistName: `Artist ${index}`, at: '2026-11-01T00:00:00.000Z' },
      ]),
    );
    await table().client.send(
      new PutCommand({
        TableName: table().name,
        Item: { pk: `FAN#${fan.userId}`, sk: 'PIE_BANS', entity: 'pie-bans', v: 1, bans },
      }),
    );
    // Act
    const over = await patch(fan.cookie, '/api/pie/artist/One%20More/ban', { value: true });
    const known = await patch(fan.cookie, '/api/pie/artist/Artist%207/ban', { value: true });
    const badName = await patch(fan.cookie, '/api/pie/artist/%21%21%21/ban', { value: true });
    const neverHeard = await patch(fan.cookie, '/api/pie/artist/Never%20Heard/ban', { value: false });
    const anonymous = await patch(null, '/api/pie/artist/Artist%207/ban', { value: true });
    // Assess
    expect(over.statusCode).toBe(409);
    expect(bodyOf(over)).toMatchObject({ code: 'pie_ban_limit_reached' });
    expect(dataOf<PieArtistBan>(known)).toEqual({ artistKey: 'name:artist 7', banned: true });
    expect(badName.statusCode).toBe(422);
    expect(neverHeard.statusCode).toBe(404);
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('PATCH /api/pie/artist/{id}/set-inclusion', () => {
  it('keeps an artist in beyond the limit, leaves one out, hands it back, and a ban beats an inclusion', async () => {
    // Prepare: the limit keeps only the popular band.
    const fan = await createSignedInAccount('fan');
    const { popular, obscure } = await addCatalogueArtists();
    const start = startedDaysAgo(5);
    const pie = await openTestPie(fan.userId, start, {
      settings: { artistLimit: 1, artistPopularity: 0, excludeNonActive: false },
    });
    await storeThreeToOne(fan.userId, start, popular, obscure);
    const path = (artist: Artist) => `/api/pie/artist/${artist.artistId}/set-inclusion`;
    // Act and assess, step by step.
    const included = await patch(fan.cookie, path(obscure), { value: true });
    expect(dataOf<PieArtistInclusionReply>(included)).toEqual({
      artistKey: `id:${obscure.artistId}`,
      pieId: pie.id,
      inclusion: true,
    });
    const beyondLimit = await preview(fan.cookie, pie.id);
    expect(centsOf(beyondLimit)).toEqual({ 'Popular Band': 706, 'Obscure Duo': 235 });
    expect(beyondLimit.includedArtists.find((a) => a.artist_name === 'Obscure Duo')).toMatchObject({
      manual_inclusion_status: true,
    });

    await patch(fan.cookie, path(popular), { value: false, pieId: pie.id });
    const excluded = await preview(fan.cookie, pie.id);
    expect(centsOf(excluded)).toEqual({ 'Obscure Duo': 941 });
    expect(reasonsOf(excluded)).toEqual({ 'Popular Band': ['excluded_by_fan'] });

    await patch(fan.cookie, `/api/pie/artist/${obscure.artistId}/ban`, { value: true });
    const banned = await preview(fan.cookie, pie.id);
    expect(banned.includedArtists).toEqual([]);
    expect(reasonsOf(banned)).toEqual({ 'Popular Band': ['excluded_by_fan'], 'Obscure Duo': ['banned'] });

    await patch(fan.cookie, `/api/pie/artist/${obscure.artistId}/ban`, { value: false });
    const handedBack = await patch(fan.cookie, path(obscure), { value: null });
    await patch(fan.cookie, path(popular), { value: null });
    expect(dataOf<PieArtistInclusionReply>(handedBack).inclusion).toBeNull();
    const settingsAgain = await preview(fan.cookie, pie.id);
    expect(centsOf(settingsAgain)).toEqual({ 'Popular Band': 941 });
    expect(reasonsOf(settingsAgain)).toEqual({ 'Obscure Duo': ['over_limit'] });
    const { getPie } = await import('../../functions/data/pies');
    expect((await getPie(table(), pie.id))?.inclusions).toEqual({});
  });

  it('answers 409 no_active_pie without a current pie, 409 pie_closed for an ended one, 404 for another fan', async () => {
    // Prepare
    const fan = await createSignedInAccount('fan');
    const stranger = await createSignedInAccount('fan');
    const { popular } = await addCatalogueArtists();
    const ended = await openTestPie(fan.userId, startedDaysAgo(40));
    const strangersPie = await openTestPie(stranger.userId, startedDaysAgo(3));
    const path = `/api/pie/artist/${popular.artistId}/set-inclusion`;
    // Act
    const noPie = await patch(fan.cookie, path, { value: true });
    const closed = await patch(fan.cookie, path, { value: true, pieId: ended.id });
    const foreign = await patch(fan.cookie, path, { value: true, pieId: strangersPie.id });
    const badValue = await patch(fan.cookie, path, { value: 'yes' });
    const ownPie = await openTestPie(fan.userId, startedDaysAgo(1));
    const neverHeard = await patch(fan.cookie, '/api/pie/artist/Never%20Heard/set-inclusion', {
      value: true,
      pieId: ownPie.id,
    });
    // Assess
    expect(neverHeard.statusCode).toBe(404);
    expect(noPie.statusCode).toBe(409);
    expect(bodyOf(noPie)).toMatchObject({ code: 'no_active_pie' });
    expect(closed.statusCode).toBe(409);
    expect(bodyOf(closed)).toMatchObject({ code: 'pie_closed' });
    expect(foreign.statusCode).toBe(404);
    expect(badValue.statusCode).toBe(422);
    const { getPie } = await import('../../functions/data/pies');
    expect((await getPie(table(), strangersPie.id))?.inclusions).toEqual({});
  });

  it('refuses a new inclusion once the pie holds 500 (409), still changing one it holds', async () => {
    // Prepare
    const fan = await createSignedInAccount('fan');
    const pie = await openTestPie(fan.userId, startedDaysAgo(2));
    await storePlays(fan.userId, [
      { endedAt: startedDaysAgo(1).toISOString(), msPlayed: 60_000, artists: [{ artistName: 'One More' }] },
    ]);
    const { maximumPieInclusions } = await import('../../functions/data/pie-settings');
    const inclusions = Object.fromEntries(
      Array.from({ length: maximumPieInclusions }, (_, index) => [`name:artist ${index}`, true]),
    );
    await table().client.send(
      new UpdateCommand({
        TableName: table().name,
        Key: { pk: `PIE#${pie.id}`, sk: 'PIE' },
        UpdateExpression: 'SET inclusions = :inclusions',
        ExpressionAttributeValues: { ':inclusions': inclusions },
      }),
    );
    // Act
    const over = await patch(fan.cookie, '/api/pie/artist/One%20More/set-inclusion', { value: true });
    const held = await patch(fan.cookie, '/api/pie/artist/Artist%203/set-inclusion', { value: false });
    // Assess
    expect(over.statusCode).toBe(409);
    expect(bodyOf(over)).toMatchObject({ code: 'pie_inclusion_limit_reached' });
    expect(held.statusCode).toBe(200);
    const { getPie } = await import('../../functions/data/pies');
    const stored = await getPie(table(), pie.id);
    expect(stored?.inclusions['name:artist 3']).toBe(false);
    expect(stored?.inclusions['name:one more']).toBeUndefined();
  });

  it('gives a pie stored before inclusions existed its first inclusion', async () => {
    // Prepare: a pie item without the `inclusions` attribute, as the first pies were stored.
    const fan = await createSignedInAccount('fan');
    const pie = await openTestPie(fan.userId, startedDaysAgo(2));
    await storePlays(fan.userId, [
      { endedAt: startedDaysAgo(1).toISOString(), msPlayed: 60_000, artists: [{ artistName: 'Old Band' }] },
    ]);
    await table().client.send(
      new UpdateCommand({
        TableName: table().name,
        Key: { pk: `PIE#${pie.id}`, sk: 'PIE' },
        UpdateExpression: 'REMOVE inclusions',
      }),
    );
    // Act
    const handedBack = await patch(fan.cookie, '/api/pie/artist/Old%20Band/set-inclusion', { value: null });
    const included = await patch(fan.cookie, '/api/pie/artist/Old%20Band/set-inclusion', { value: true });
    // Assess
    expect(handedBack.statusCode).toBe(200);
    expect(included.statusCode).toBe(200);
    const { getPie } = await import('../../functions/data/pies');
    expect((await getPie(table(), pie.id))?.inclusions).toEqual({ 'name:old band': true });
  });
});

describe('GET /api/pie/active/{id} and GET /api/pie/{pieId}/daily-listening', () => {
  it('answers the pie with its counts, and its listening per UTC day adding up to the preview', async () => {
    // Prepare: a 3-day pie from 15:00 UTC; plays before, on each day, and at its end instant (not counted).
    const fan = await createSignedInAccount('fan');
    const { popular, obscure } = await addCatalogueArtists();
    const startDay = new Date(Date.now() - 10 * dayMs).toISOString().slice(0, 10);
    const start = new Date(`${startDay}T15:00:00.000Z`);
    const pie = await openTestPie(fan.userId, start, {
      pieDays: 3,
      settings: { artistLimit: 1, artistPopularity: 0, excludeNonActive: false },
    });
    const day = (offset: number, time: string) =>
      `${new Date(start.getTime() + offset * dayMs).toISOString().slice(0, 10)}T${time}Z`;
    await storePlays(fan.userId, [
      { endedAt: day(0, '14:59:59.000'), msPlayed: 500_000, artists: [popular] },
      { endedAt: day(0, '16:00:00.000'), msPlayed: 100_000, artists: [popular] },
      { endedAt: day(1, '09:00:00.000'), msPlayed: 200_000, artists: [obscure] },
      { endedAt: day(1, '10:00:00.000'), msPlayed: 300_000, artists: [popular, obscure] },
      { endedAt: day(3, '14:00:00.000'), msPlayed: 60_000, artists: [popular] },
      { endedAt: day(3, '15:00:00.000'), msPlayed: 900_000, artists: [obscure] },
    ]);
    // Act
    const detail = await callPie('GET', `/api/pie/active/${pie.id}`, fan.cookie);
    const daily = await callPie('GET', `/api/pie/${pie.id}/daily-listening`, fan.cookie);
    const stats = await preview(fan.cookie, pie.id);
    // Assess
    expect(detail.statusCode).toBe(200);
    expect(dataOf<PieActiveDetail>(detail)).toMatchObject({
      id: pie.id,
      status: 'ended',
      settings: { artistLimit: 1 },
      count_tracks: 4,
      count_artists: 2,
      total_time_listened: 660_000,
      included_artists: 1,
    });
    expect(daily.statusCode).toBe(200);
    const days = dataOf<PieDailyListening>(daily);
    expect(days).toMatchObject({ pieId: pie.id, periodStart: pie.periodStart, periodEnd: pie.periodEnd });
    expect(days.days).toEqual([
      { date: day(0, '').slice(0, 10), ms: 100_000, tracks: 1 },
      { date: day(1, '').slice(0, 10), ms: 500_000, tracks: 2 },
      { date: day(2, '').slice(0, 10), ms: 0, tracks: 0 },
      { date: day(3, '').slice(0, 10), ms: 60_000, tracks: 1 },
    ]);
    expect(days.days.reduce((sum, entry) => sum + entry.ms, 0)).toBe(stats.stats.total_time_listened);
    expect(days.days.reduce((sum, entry) => sum + entry.tracks, 0)).toBe(stats.stats.count_tracks);
  });

  it('answers a split pie with the number of artists its receipt paid, not a new count', async () => {
    // Prepare: two artists heard, a receipt that paid one (the split is frozen).
    const fan = await createSignedInAccount('fan');
    const { popular, obscure } = await addCatalogueArtists();
    const start = startedDaysAgo(40);
    const pie = await openTestPie(fan.userId, start);
    await storeThreeToOne(fan.userId, start, popular, obscure);
    await markSplitAt(pie.id, new Date(start.getTime() + 31 * dayMs));
    // Act
    const reply = await callPie('GET', `/api/pie/active/${pie.id}`, fan.cookie);
    // Assess
    expect(dataOf<PieActiveDetail>(reply)).toMatchObject({
      status: 'split',
      count_tracks: 3,
      count_artists: 2,
      total_time_listened: 800_000,
      included_artists: 1,
      receipt: { outcome: 'split', artistCount: 1 },
    });
  });

  it("answers 404 for another fan's pie and 401 for nobody", async () => {
    // Prepare
    const owner = await createSignedInAccount('fan');
    const stranger = await createSignedInAccount('fan');
    const pie = await openTestPie(owner.userId, startedDaysAgo(3));
    // Act
    const replies = await Promise.all([
      callPie('GET', `/api/pie/active/${pie.id}`, stranger.cookie),
      callPie('GET', `/api/pie/${pie.id}/daily-listening`, stranger.cookie),
      callPie('GET', `/api/pie/active/${pie.id}`, null),
      callPie('GET', `/api/pie/${pie.id}/daily-listening`, null),
    ]);
    // Assess
    expect(replies.map((reply) => reply.statusCode)).toEqual([404, 404, 401, 401]);
  });
});
