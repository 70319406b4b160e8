// The live preview of a pie's split (GET /api/pie/{pieId}/realtime-stats) through the fan-pie
// handler on DynamoDB Local: plays stored and day totals rebuilt as the sync does, a pie written as a payment opens
// it, cents computed by hand (largest remainder), the what-if query, the promo pie's synced plays, an artist known
// only by name, and the fan's own pie only. Replies are checked against their contract by the plumbing (local mode).
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { RealtimeStats } from '../../functions/contracts/pie';
import { testTable } from '../support/test-table';
import { bodyOf } from '../support/gateway-event';
import { call, createSignedInAccount, dataOf } from '../support/identity';
import { fundPieMoney, givenOpenPie, noTilt } from '../support/factories/funding';
import type { PlayInput } from '../support/pie-calls-harness';
import { addCatalogueArtists, storePlays } from '../support/pie-calls-harness';

const table = testTable;

async function loadHandler() {
  return (await import('../../functions/handlers/fan-pie')).handler;
}

/** A 30-day pie from 1 October 2026 15:00 UTC (mid-day, so its first and last days are partial). */
async function openTestPie(
  fanId: string,
  options: { promo?: boolean; amountCents?: number; processingFeeCents?: number | null } = {},
) {
  const pie = await givenOpenPie(fanId, new Date('2026-10-01T15:00:00.000Z'), options);
  await fundPieMoney(pie);
  return pie;
}

/**
 * 3:1 listening inside the period: the popular band 600,000 ms over the partial first day, a whole day and the
 * partial last day; the obscure duo 200,000 ms. Around it, plays the pie must not count: one a second before the
 * period, one at its end instant (the period is half-open), and one under 30 s.
 */
async function storeThreeToOne(
  fanId: string,
  popular: PlayInput['artists'][number],
  obscure: typeof popular,
) {
  await storePlays(fanId, [
    { endedAt: '2026-10-01T14:59:59.000Z', msPlayed: 900_000, artists: [obscure] },
    { endedAt: '2026-10-01T16:00:00.000Z', msPlayed: 180_000, artists: [popular] },
    { endedAt: '2026-10-10T12:00:00.000Z', msPlayed: 240_000, artists: [popular] },
    { endedAt: '2026-10-15T10:00:00.000Z', msPlayed: 200_000, artists: [obscure] },
    { endedAt: '2026-10-15T11:00:00.000Z', msPlayed: 20_000, artists: [obscure] },
    { endedAt: '2026-10-31T14:59:59.000Z', msPlayed: 180_000, artists: [popular] },
    { endedAt: '2026-10-31T15:00:00.000Z', msPlayed: 900_000, artists: [obscure] },
  ]);
}

async function preview(cookie: string, pieId: string, query?: Record<string, string>) {
  const handler = await loadHandler();
  return call(handler, 'GET', `/api/pie/${pieId}/realtime-stats`, {
    cookies: [cookie],
    ...(query ? { query } : {}),
  });
}

const centsOf = (stats: RealtimeStats) =>
  Object.fromEntries(stats.includedArtists.map((artist) => [artist.artist_name, artist.cents]));

describe('GET /api/pie/{pieId}/realtime-stats', () => {
  it('splits a $10 pie (net 941) 3:1 as 706 and 235 by largest remainder, counting the period to the instant', async () => {
    // Prepare
    const fan = await createSignedInAccount('fan');
    const { popular, obscure } = await addCatalogueArtists();
    const pie = await openTestPie(fan.userId);
    await storeThreeToOne(fan.userId, popular, obscure);
    // Act
    const reply = await preview(fan.cookie, pie.id);
    // Assess: 941 × 3/4 = 705.75 and 941 × 1/4 = 235.25; the cent left goes to the larger remainder (.75).
    expect(reply.statusCode).toBe(200);
    const stats = dataOf<RealtimeStats>(reply);
    expect(stats).toMatchObject({
      pieId: pie.id,
      periodStart: '2026-10-01T15:00:00.000Z',
      periodEnd: '2026-10-31T15:00:00.000Z',
      amountCents: 1000,
      feesCents: { processing: 59, platform: 0 },
      netCents: 941,
      excludedArtists: [],
      stats: { count_tracks: 4, count_artists: 2, total_time_listened: 800_000 },
    });
    expect(stats.includedArtists).toEqual([
      {
        artist_id: popular.artistId,
        artist_name: 'Popular Band',
        total_time_listened: 600_000,
        total_tracks_listened: 3,
        popularity: 90,
        manual_inclusion_status: false,
        is_banned: false,
        weight: 600_000,
        percentage: 75,
        cents: 706,
      },
      {
        artist_id: obscure.artistId,
        artist_name: 'Obscure Duo',
        total_time_listened: 200_000,
        total_tracks_listened: 1,
        popularity: 10,
        manual_inclusion_status: false,
        is_banned: false,
        weight: 200_000,
        percentage: 25,
        cents: 235,
      },
    ]);
    expect(stats.allArtists).toEqual(stats.includedArtists);
  });

  it('answers a what-if of the settings without saving it', async () => {
    // Prepare
    const fan = await createSignedInAccount('fan');
    const { popular, obscure } = await addCatalogueArtists();
    const pie = await openTestPie(fan.userId);
    await storeThreeToOne(fan.userId, popular, obscure);
    // Act
    const limited = await preview(fan.cookie, pie.id, { limit: '1' });
    // The full tilt: popularity 90 weighs 0.2 (2000 bp), popularity 10 weighs 1.8 (18000 bp).
    const tilted = await preview(fan.cookie, pie.id, { artistPopularity: '100', excludeNonActive: 'true' });
    const after = await preview(fan.cookie, pie.id);
    // Assess
    const limitedStats = dataOf<RealtimeStats>(limited);
    expect(centsOf(limitedStats)).toEqual({ 'Popular Band': 941 });
    expect(limitedStats.excludedArtists).toMatchObject([
      { artist_name: 'Obscure Duo', reasons: ['over_limit'] },
    ]);
    expect(
      limitedStats.allArtists.map((artist) => [artist.artist_name, artist.cents, artist.reasons]),
    ).toEqual([
      ['Popular Band', 941, undefined],
      ['Obscure Duo', undefined, ['over_limit']],
    ]);
    // Weights 600,000 × 0.2 = 120,000 and 200,000 × 1.8 = 360,000: 941 × 1/4 = 235.25 and 941 × 3/4 = 705.75.
    // Every artist counts as active (the catalogue records no releases yet), so excludeNonActive leaves nobody out.
    const tiltedStats = dataOf<RealtimeStats>(tilted);
    expect(centsOf(tiltedStats)).toEqual({ 'Obscure Duo': 706, 'Popular Band': 235 });
    expect(tiltedStats.includedArtists.map((artist) => artist.weight)).toEqual([360_000, 120_000]);
    expect(centsOf(dataOf<RealtimeStats>(after))).toEqual({ 'Popular Band': 706, 'Obscure Duo': 235 });
    const { getPie } = await import('../../functions/data/pies');
    expect((await getPie(table(), pie.id))?.settings).toEqual(noTilt);
  });

  it('forecasts a pie with no listening of its own from the fan’s last 30 days, the pie itself still counting none', async () => {
    // Prepare: a pie opened now, and 3:1 listening in the 30 days before it (one play 31 days back, not counted)
    const fan = await createSignedInAccount('fan');
    const { popular, obscure } = await addCatalogueArtists();
    const now = Date.now();
    const pie = await givenOpenPie(fan.userId, new Date(now));
    await fundPieMoney(pie);
    const daysAgo = (days: number) => new Date(now - days * 86_400_000).toISOString();
    await storePlays(fan.userId, [
      { endedAt: daysAgo(31), msPlayed: 900_000, artists: [obscure] },
      { endedAt: daysAgo(20), msPlayed: 300_000, artists: [popular] },
      { endedAt: daysAgo(10), msPlayed: 300_000, artists: [popular] },
      { endedAt: daysAgo(5), msPlayed: 200_000, artists: [obscure] },
    ]);
    // Act
    const own = dataOf<RealtimeStats>(await preview(fan.cookie, pie.id));
    const forecast = await preview(fan.cookie, pie.id, { forecast: 'last-30-days' });
    const wrong = await preview(fan.cookie, pie.id, { forecast: 'last-year' });
    // Assess: the pie has no listening of its own; the forecast splits the last 30 days as the split would
    expect(own.stats.count_tracks).toBe(0);
    expect(forecast.statusCode).toBe(200);
    const forecastStats = dataOf<RealtimeStats>(forecast);
    expect(forecastStats).toMatchObject({
      pieId: pie.id,
      netCents: 941,
      stats: { count_tracks: 3, count_artists: 2, total_time_listened: 800_000 },
    });
    expect(centsOf(forecastStats)).toEqual({ 'Popular Band': 706, 'Obscure Duo': 235 });
    expect(wrong.statusCode).toBe(422);
    expect(bodyOf(wrong)).toMatchObject({ fields: { forecast: 'Use last-30-days' } });
  });

  it('counts only synced plays for a promo pie, never an imported history', async () => {
    // Prepare
    const fan = await createSignedInAccount('fan');
    const { popular, obscure } = await addCatalogueArtists();
    const pie = await openTestPie(fan.userId, { promo: true, amountCents: 500, processingFeeCents: 0 });
    await storePlays(fan.userId, [
      { endedAt: '2026-10-05T09:00:00.000Z', msPlayed: 100_000, artists: [popular] },
      { endedAt: '2026-10-05T10:00:00.000Z', msPlayed: 900_000, artists: [obscure], source: 'import' },
      { endedAt: '2026-10-20T10:00:00.000Z', msPlayed: 900_000, artists: [obscure], source: 'import' },
    ]);
    // Act
    const reply = await preview(fan.cookie, pie.id);
    // Assess
    const stats = dataOf<RealtimeStats>(reply);
    expect(stats).toMatchObject({
      amountCents: 500,
      feesCents: { processing: 0, platform: 0 },
      netCents: 500,
      stats: { count_tracks: 1, count_artists: 1, total_time_listened: 100_000 },
    });
    expect(centsOf(stats)).toEqual({ 'Popular Band': 500 });
  });

  it('keys an artist known only by name by its normalised name, with artist_id null, and estimates an unknown fee', async () => {
    // Prepare
    const fan = await createSignedInAccount('fan');
    const pie = await openTestPie(fan.userId, { processingFeeCents: null });
    await storePlays(fan.userId, [
      { endedAt: '2026-10-03T09:00:00.000Z', msPlayed: 100_000, artists: [{ artistName: 'Beyoncé' }] },
      { endedAt: '2026-10-04T09:00:00.000Z', msPlayed: 50_000, artists: [{ artistName: 'BEYONCE' }] },
    ]);
    // Act
    const reply = await preview(fan.cookie, pie.id);
    // Assess: one artist, its two spellings added up; Stripe's fee not known yet, so 2.9% + 30¢ = 59.
    const stats = dataOf<RealtimeStats>(reply);
    expect(stats.feesCents).toEqual({ processing: 59, platform: 0 });
    expect(stats.includedArtists).toEqual([
      {
        artist_id: null,
        artist_name: 'Beyoncé',
        total_time_listened: 150_000,
        total_tracks_listened: 2,
        popularity: null,
        manual_inclusion_status: false,
        is_banned: false,
        weight: 150_000,
        percentage: 100,
        cents: 941,
      },
    ]);
  });

  it("answers 404 for another fan's pie and for an unknown id, 422 for a bad what-if, 401 for nobody", async () => {
    // Prepare
    const owner = await createSignedInAccount('fan');
    const stranger = await createSignedInAccount('fan');
    const pie = await openTestPie(owner.userId);
    const handler = await loadHandler();
    // Act
    const foreign = await preview(stranger.cookie, pie.id);
    const unknown = await preview(owner.cookie, `pie_${randomUUID().replaceAll('-', '')}`);
    const badLimit = await preview(owner.cookie, pie.id, { limit: '501' });
    const badFlag = await preview(owner.cookie, pie.id, { excludeNonActive: 'maybe' });
    const anonymous = await call(handler, 'GET', `/api/pie/${pie.id}/realtime-stats`);
    // Assess
    expect(foreign.statusCode).toBe(404);
    expect(bodyOf(foreign)).toMatchObject({ success: false, code: 'not_found' });
    expect(unknown.statusCode).toBe(404);
    expect(badLimit.statusCode).toBe(422);
    expect(bodyOf(badLimit)).toMatchObject({ fields: { limit: 'Use a number from 0 to 500' } });
    expect(badFlag.statusCode).toBe(422);
    expect(bodyOf(badFlag)).toMatchObject({ fields: { excludeNonActive: 'Use true or false' } });
    expect(anonymous.statusCode).toBe(401);
  });
});
