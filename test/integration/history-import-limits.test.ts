// The history import's sanity limits through the real handler and DynamoDB Local: what is stored, and
// what the reply counts. Dates are relative to the product clock's today, so the plays stay inside the retention.
import { describe, expect, it } from 'vitest';
import { bodyOf } from '../support/gateway-event';
import { call, createSignedInAccount, dataOf } from '../support/identity';

const hour = 3_600_000;
const minute = 60_000;
const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

async function loadHandler() {
  return (await import('../../functions/handlers/fan-tracks')).handler;
}
type Handler = Awaited<ReturnType<typeof loadHandler>>;

const record = (endTime: string, msPlayed: number, trackName = `Track at ${endTime}`) => ({
  endTime,
  artistName: 'Nina Simone',
  trackName,
  msPlayed,
});

async function importRecords(handler: Handler, cookie: string, records: ReturnType<typeof record>[]) {
  return call(handler, 'POST', '/api/tracks/user/import', {
    body: { source: 'spotify-account-data', records },
    cookies: [cookie],
  });
}

async function readDaily(handler: Handler, cookie: string, startDate: string, endDate: string) {
  return call(handler, 'GET', '/api/tracks/user/daily', { query: { startDate, endDate }, cookies: [cookie] });
}

describe('POST /api/tracks/user/import: sanity limits', () => {
  it('refuses plays in the future and over 3 hours, reports old ones as too old, and stores the rest', async () => {
    // Prepare
    const handler = await loadHandler();
    const fan = await createSignedInAccount('fan');
    const [d3, d2, inTwoDays] = [day(3), day(2), day(-2)];
    const records = [
      record(`${d2} 10:00`, 200_000), // imported
      record(`${inTwoDays} 10:00`, 200_000), // refused: in the future
      record('2099-06-01 10:00', 200_000), // refused: in the future
      record(`${d3} 10:00`, Number.MAX_SAFE_INTEGER), // refused: over 3 hours
      record(`${d3} 11:00`, 3 * hour), // imported: exactly 3 hours
      record('2019-01-01 10:00', 200_000), // too old
      record(`${d3} 12:00`, 29_000), // ignored: under 30 s
    ];

    // Act
    const reply = await importRecords(handler, fan.cookie, records);
    const past = await readDaily(handler, fan.cookie, d3, d2);
    const future = await readDaily(handler, fan.cookie, inTwoDays, inTwoDays);

    // Assess
    expect(dataOf(reply)).toEqual({
      imported: 2,
      duplicates: 0,
      ignored: 1,
      tooOld: 1,
      refused: 3,
      processedRecords: 7,
      nextRecord: null,
    });
    expect(dataOf(past)).toEqual([
      {
        date: d3,
        plays: 1,
        msPlayed: 3 * hour,
        artists: [{ artistName: 'Nina Simone', plays: 1, msPlayed: 3 * hour }],
      },
      {
        date: d2,
        plays: 1,
        msPlayed: 200_000,
        artists: [{ artistName: 'Nina Simone', plays: 1, msPlayed: 200_000 }],
      },
    ]);
    expect(dataOf(future)).toEqual([]);
  });

  it('refuses a chunk with an impossible date with 422 and stores nothing of it', async () => {
    // Prepare
    const handler = await loadHandler();
    const fan = await createSignedInAccount('fan');
    const d2 = day(2);

    // Act
    const reply = await importRecords(handler, fan.cookie, [
      record(`${d2} 10:00`, 200_000),
      record('2026-02-30 10:00', 200_000),
    ]);
    const daily = await readDaily(handler, fan.cookie, d2, d2);

    // Assess
    expect(reply.statusCode).toBe(422);
    expect(bodyOf(reply)).toMatchObject({
      fields: { 'records.1.endTime': 'endTime must be a real date and time, like 2024-01-31 23:59' },
    });
    expect(dataOf(daily)).toEqual([]);
  });

  it('never lets a UTC day hold more than 24 hours of counted listening, across two imports', async () => {
    // Prepare: the first import fills the day to 21 h with seven 3-hour plays
    const handler = await loadHandler();
    const fan = await createSignedInAccount('fan');
    const d5 = day(5);
    const first = [3, 6, 9, 12, 15, 18, 21].map((endHour) =>
      record(`${d5} ${String(endHour).padStart(2, '0')}:00`, 3 * hour),
    );
    // The second: 2 h (23 h), 1 h 30 (24 h 30: refused), 1 h (exactly 24 h), and a play of the first again
    const second = [
      record(`${d5} 22:00`, 2 * hour),
      record(`${d5} 23:00`, 90 * minute),
      record(`${d5} 23:30`, hour),
      first[0] ?? record(`${d5} 03:00`, 3 * hour),
    ];

    // Act
    const firstReply = await importRecords(handler, fan.cookie, first);
    const secondReply = await importRecords(handler, fan.cookie, second);
    const againReply = await importRecords(handler, fan.cookie, second);
    const daily = await readDaily(handler, fan.cookie, d5, d5);

    // Assess: the refused play is refused again, never stored; the day holds exactly 24 h in 9 plays
    expect(dataOf(firstReply)).toEqual({
      imported: 7,
      duplicates: 0,
      ignored: 0,
      tooOld: 0,
      refused: 0,
      processedRecords: 7,
      nextRecord: null,
    });
    expect(dataOf(secondReply)).toEqual({
      imported: 2,
      duplicates: 1,
      ignored: 0,
      tooOld: 0,
      refused: 1,
      processedRecords: 4,
      nextRecord: null,
    });
    expect(dataOf(againReply)).toEqual({
      imported: 0,
      duplicates: 3,
      ignored: 0,
      tooOld: 0,
      refused: 1,
      processedRecords: 4,
      nextRecord: null,
    });
    expect(dataOf(daily)).toEqual([
      {
        date: d5,
        plays: 9,
        msPlayed: 24 * hour,
        artists: [{ artistName: 'Nina Simone', plays: 9, msPlayed: 24 * hour }],
      },
    ]);
  });
});

describe('GET /api/tracks/user/daily: the span', () => {
  it('answers at most 400 days at a time', async () => {
    // Prepare
    const handler = await loadHandler();
    const fan = await createSignedInAccount('fan');

    // Act: 400 days (both ends included), then 401
    const allowed = await readDaily(handler, fan.cookie, day(399), day(0));
    const tooLong = await readDaily(handler, fan.cookie, day(400), day(0));

    // Assess
    expect(allowed.statusCode).toBe(200);
    expect(tooLong.statusCode).toBe(422);
    expect(bodyOf(tooLong)).toMatchObject({ fields: { endDate: 'Ask for at most 400 days at a time' } });
  });
});
