// GET /api/pie/{pieId}/orphaned-tracks through the fan-pie handler on DynamoDB Local: the plays near a pie
// that it does not count, with the reason, within the window of decision 021 ("Orphaned tracks"), page by page.
import { describe, expect, it } from 'vitest';
import type { PieOrphanedTracks } from '../../functions/contracts/pie';
import { bodyOf } from '../support/gateway-event';
import { createSignedInAccount, dataOf } from '../support/identity';
import {
  addCatalogueArtists,
  callPie,
  dayMs,
  markSplitAt,
  openTestPie,
  storePlays,
} from '../support/pie-calls-harness';

const iso = (ms: number) => new Date(ms).toISOString();

async function orphans(cookie: string | null, pieId: string, query?: Record<string, string>) {
  return callPie('GET', `/api/pie/${pieId}/orphaned-tracks`, cookie, query ? { query } : {});
}

const reasonsByTrack = (page: PieOrphanedTracks) =>
  page.tracks.map((track) => [track.trackName, track.reason] as const);

describe('GET /api/pie/{pieId}/orphaned-tracks', () => {
  it('names the plays around a pie it does not count, bounded by its neighbours, with their reasons', async () => {
    // Prepare: three 10-day pies with gaps of 5 days: [p0s, p0e) … [s, e) … [n, n + 10d); the middle one is asked.
    const fan = await createSignedInAccount('fan');
    const { popular } = await addCatalogueArtists();
    const s = Date.parse(`${iso(Date.now() - 60 * dayMs).slice(0, 10)}T12:00:00.000Z`);
    const e = s + 10 * dayMs;
    await openTestPie(fan.userId, new Date(s - 15 * dayMs), { pieDays: 10 });
    const pie = await openTestPie(fan.userId, new Date(s), { pieDays: 10 });
    await openTestPie(fan.userId, new Date(e + 5 * dayMs), { pieDays: 10 });
    await storePlays(fan.userId, [
      { trackName: 'in the previous pie', endedAt: iso(s - 6 * dayMs), msPlayed: 60_000, artists: [popular] },
      { trackName: 'gap before', endedAt: iso(s - 2 * dayMs), msPlayed: 60_000, artists: [popular] },
      { trackName: 'counted', endedAt: iso(s + dayMs), msPlayed: 60_000, artists: [popular] },
      { trackName: 'nobody', endedAt: iso(s + 2 * dayMs), msPlayed: 60_000, artists: [] },
      { trackName: 'a skip', endedAt: iso(s + 3 * dayMs), msPlayed: 29_999, artists: [popular] },
      { trackName: 'at the end instant', endedAt: iso(e), msPlayed: 60_000, artists: [popular] },
      { trackName: 'in the next pie', endedAt: iso(e + 6 * dayMs), msPlayed: 60_000, artists: [popular] },
    ]);
    // Act
    const reply = await orphans(fan.cookie, pie.id);
    // Assess
    expect(reply.statusCode).toBe(200);
    const page = dataOf<PieOrphanedTracks>(reply);
    expect(page.window).toEqual({ from: iso(s - 5 * dayMs), to: iso(e + 5 * dayMs) });
    expect(reasonsByTrack(page)).toEqual([
      ['gap before', 'between_pies'],
      ['nobody', 'no_artist'],
      ['a skip', 'too_short'],
      ['at the end instant', 'between_pies'],
    ]);
    expect(page.tracks[0]).toEqual({
      endedAt: iso(s - 2 * dayMs),
      trackName: 'gap before',
      artists: [popular],
      msPlayed: 60_000,
      source: 'spotify',
      reason: 'between_pies',
    });
    expect(page.nextCursor).toBeNull();
  });

  it('looks 30 days before and after a pie with no neighbours, never past now', async () => {
    // Prepare: a pie that ended 10 days ago.
    const fan = await createSignedInAccount('fan');
    const { popular } = await addCatalogueArtists();
    const s = Date.now() - 40 * dayMs;
    const e = s + 30 * dayMs;
    const pie = await openTestPie(fan.userId, new Date(s));
    await storePlays(fan.userId, [
      { trackName: 'too early', endedAt: iso(s - 31 * dayMs), msPlayed: 60_000, artists: [popular] },
      { trackName: 'before', endedAt: iso(s - 29 * dayMs), msPlayed: 60_000, artists: [popular] },
      { trackName: 'after', endedAt: iso(e + dayMs), msPlayed: 60_000, artists: [popular] },
    ]);
    // Act
    const before = Date.now();
    const reply = await orphans(fan.cookie, pie.id);
    const after = Date.now();
    // Assess
    const page = dataOf<PieOrphanedTracks>(reply);
    expect(page.window.from).toBe(iso(s - 30 * dayMs));
    expect(Date.parse(page.window.to)).toBeGreaterThanOrEqual(before);
    expect(Date.parse(page.window.to)).toBeLessThanOrEqual(after);
    expect(reasonsByTrack(page)).toEqual([
      ['before', 'before_pie'],
      ['after', 'after_pie'],
    ]);
  });

  it("names a promo pie's imported plays and plays stored after the split, which the split did not count", async () => {
    // Prepare: a promo pie split 2 days after it ended; a late sync then stores a play of its period.
    const fan = await createSignedInAccount('fan');
    const { popular, obscure } = await addCatalogueArtists();
    const s = Date.now() - 50 * dayMs;
    const e = s + 30 * dayMs;
    const pie = await openTestPie(fan.userId, new Date(s), { promo: true });
    const splitAt = new Date(e + 2 * dayMs);
    await storePlays(
      fan.userId,
      [
        { trackName: 'synced', endedAt: iso(s + dayMs), msPlayed: 60_000, artists: [popular] },
        {
          trackName: 'imported',
          endedAt: iso(s + 2 * dayMs),
          msPlayed: 60_000,
          artists: [obscure],
          source: 'import',
        },
      ],
      new Date(s + 2 * dayMs),
    );
    await markSplitAt(pie.id, splitAt);
    await storePlays(
      fan.userId,
      [{ trackName: 'late sync', endedAt: iso(e - dayMs), msPlayed: 60_000, artists: [popular] }],
      new Date(splitAt.getTime() + 1000),
    );
    // Act
    const page = dataOf<PieOrphanedTracks>(await orphans(fan.cookie, pie.id));
    // Assess
    expect(reasonsByTrack(page)).toEqual([
      ['imported', 'not_synced'],
      ['late sync', 'arrived_after_split'],
    ]);
  });

  it('pages with a cursor, oldest first, and refuses a bad cursor or limit (422)', async () => {
    // Prepare: five plays before a pie with no neighbours, all orphans.
    const fan = await createSignedInAccount('fan');
    const { popular } = await addCatalogueArtists();
    const s = Date.now() - 20 * dayMs;
    const pie = await openTestPie(fan.userId, new Date(s));
    await storePlays(
      fan.userId,
      [1, 2, 3, 4, 5].map((n) => ({
        trackName: `early ${n}`,
        endedAt: iso(s - (10 - n) * dayMs),
        msPlayed: 60_000,
        artists: [popular],
      })),
    );
    // Act
    const first = dataOf<PieOrphanedTracks>(await orphans(fan.cookie, pie.id, { limit: '2' }));
    const second = dataOf<PieOrphanedTracks>(
      await orphans(fan.cookie, pie.id, { limit: '2', cursor: first.nextCursor ?? '' }),
    );
    const third = dataOf<PieOrphanedTracks>(
      await orphans(fan.cookie, pie.id, { limit: '2', cursor: second.nextCursor ?? '' }),
    );
    const badCursor = await orphans(fan.cookie, pie.id, { cursor: 'PLAY#anything' });
    const badLimit = await orphans(fan.cookie, pie.id, { limit: '101' });
    // Assess
    expect(first.tracks.map((track) => track.trackName)).toEqual(['early 1', 'early 2']);
    expect(second.tracks.map((track) => track.trackName)).toEqual(['early 3', 'early 4']);
    expect(third.tracks.map((track) => track.trackName)).toEqual(['early 5']);
    expect(first.nextCursor).toMatch(/^\d{4}-.*Z#[0-9a-f]{20}$/);
    expect(third.nextCursor).toBeNull();
    expect(badCursor.statusCode).toBe(422);
    expect(bodyOf(badCursor)).toMatchObject({
      fields: { cursor: 'Use the nextCursor of the previous page' },
    });
    expect(badLimit.statusCode).toBe(422);
  });

  it("answers 404 for another fan's pie and 401 for nobody", async () => {
    // Prepare
    const owner = await createSignedInAccount('fan');
    const stranger = await createSignedInAccount('fan');
    const pie = await openTestPie(owner.userId, new Date(Date.now() - 3 * dayMs));
    // Act
    const foreign = await orphans(stranger.cookie, pie.id);
    const anonymous = await orphans(null, pie.id);
    // Assess
    expect(foreign.statusCode).toBe(404);
    expect(anonymous.statusCode).toBe(401);
  });
});
