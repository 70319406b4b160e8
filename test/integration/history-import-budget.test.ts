// The history import's time budget through DynamoDB Local: a request whose budget runs out answers what it went
// through and where to go on; sending the rest from there stores every record exactly once, and sending any part
// again stores nothing twice. The budget is injected tiny (0 ms, slices of 2 records), so every request stops after
// its first slice whatever the machine's speed.
import { describe, expect, it } from 'vitest';
import type { HistoryImport, HistoryImportResult } from '../../functions/contracts/listening';
import { getClock } from '../../functions/runtime/clock';
import {
  importListeningHistory,
  type HistoryImportDependencies,
} from '../../functions/services/listening/history-import';
import { call, createSignedInAccount, dataOf } from '../support/identity';
import type { SentCommand } from '../support/table-hooks';
import { tableWithHook } from '../support/table-hooks';
import { testTable } from '../support/test-table';

const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
const [d4, d3, d2] = [day(4), day(3), day(2)];

/** Nine records over three days: seven counted plays, a 10 s skip and a podcast-like unnamed row. */
const records: Extract<HistoryImport, { source: 'spotify-account-data' }>['records'] = [
  { endTime: `${d4} 08:00`, artistName: 'Nina Simone', trackName: 'Sinnerman', msPlayed: 620_000 },
  { endTime: `${d4} 08:15`, artistName: 'Nina Simone', trackName: 'Feeling Good', msPlayed: 175_000 },
  { endTime: `${d4} 09:00`, artistName: 'Radiohead', trackName: 'Reckoner', msPlayed: 10_000 },
  { endTime: `${d3} 10:00`, artistName: 'Radiohead', trackName: 'Reckoner', msPlayed: 290_000 },
  { endTime: `${d3} 11:00`, artistName: 'Unknown Artist', trackName: 'Unknown Track', msPlayed: 900_000 },
  { endTime: `${d3} 12:00`, artistName: 'Björk', trackName: 'Hyperballad', msPlayed: 240_000 },
  { endTime: `${d2} 07:30`, artistName: 'Nina Simone', trackName: 'Sinnerman', msPlayed: 600_000 },
  { endTime: `${d2} 07:40`, artistName: 'Björk', trackName: 'Army of Me', msPlayed: 200_000 },
  { endTime: `${d2} 23:59`, artistName: 'Radiohead', trackName: 'Nude', msPlayed: 255_000 },
];

/** A spent budget from the start: each request runs its first slice of two records, then answers. */
function spentBudget(): HistoryImportDependencies {
  return { table: testTable(), clock: getClock(), writeBudgetMs: 0, sliceRecords: 2 };
}

async function loadHandler() {
  return (await import('../../functions/handlers/fan-tracks')).handler;
}

describe('the history import within its time budget', () => {
  it('answers where to go on when its budget is spent, and the continuation stores every record exactly once', async () => {
    // Prepare
    const handler = await loadHandler();
    const [fan, reference] = [await createSignedInAccount('fan'), await createSignedInAccount('fan')];

    // Act: send, and send again from where each reply says to go on, as the settings screen does
    const replies: HistoryImportResult[] = [];
    let rest: typeof records = records;
    // Bounded, so a server that never says it is done fails the test rather than hanging it.
    while (replies.length < records.length) {
      const reply = await importListeningHistory(spentBudget(), fan.userId, {
        source: 'spotify-account-data',
        records: rest,
      });
      replies.push(reply);
      if (reply.nextRecord === null || reply.nextRecord === undefined) break;
      rest = rest.slice(reply.nextRecord);
    }
    const referenceReply = await call(handler, 'POST', '/api/tracks/user/import', {
      body: { source: 'spotify-account-data', records },
      cookies: [reference.cookie],
    });
    const readDaily = (cookie: string) =>
      call(handler, 'GET', '/api/tracks/user/daily', {
        query: { startDate: d4, endDate: d2 },
        cookies: [cookie],
      });
    const daily = await readDaily(fan.cookie);
    const referenceDaily = await readDaily(reference.cookie);

    // Assess: five requests of two records (the last of one); the same plays and day totals as one request
    expect(replies.map((reply) => [reply.processedRecords, reply.nextRecord])).toEqual([
      [2, 2],
      [2, 2],
      [2, 2],
      [2, 2],
      [1, null],
    ]);
    expect(replies.map((reply) => reply.imported)).toEqual([2, 1, 1, 2, 1]);
    expect(replies.reduce((sum, reply) => sum + reply.ignored, 0)).toBe(2);
    expect(dataOf(referenceReply)).toEqual({
      imported: 7,
      duplicates: 0,
      ignored: 2,
      tooOld: 0,
      refused: 0,
      processedRecords: 9,
      nextRecord: null,
    });
    expect(dataOf(daily)).toEqual(dataOf(referenceDaily));
    expect((dataOf(daily) as { plays: number }[]).map((totals) => totals.plays)).toEqual([2, 2, 3]);
  });

  it('looks each artist name up in the catalogue and in the name-only artists once a request, however many slices hold it', async () => {
    // Prepare: slices of two records and time enough for all; the catalogue's name look-ups and the name-only
    // artists' keys read are counted
    const fan = await createSignedInAccount('fan');
    const looked: { catalogue: string[]; nameOnly: string[] } = { catalogue: [], nameOnly: [] };
    const counted = tableWithHook(testTable(), (command, pass) => {
      const input = command.input as SentCommand['input'] & {
        IndexName?: string;
        RequestItems?: Record<string, { Keys?: { pk: string }[] }>;
      };
      if (input?.IndexName === 'gsi3')
        looked.catalogue.push(String(input.ExpressionAttributeValues?.[':name']));
      for (const { Keys = [] } of Object.values(input?.RequestItems ?? {}))
        for (const { pk } of Keys) if (pk.startsWith('NAME_ONLY_ARTIST#')) looked.nameOnly.push(pk);
      return pass();
    });

    // Act
    const reply = await importListeningHistory(
      { table: counted, clock: getClock(), sliceRecords: 2 },
      fan.userId,
      { source: 'spotify-account-data', records },
    );

    // Assess: every record in one request of five slices; the three names of its counted plays (Nina Simone in
    // three slices, Radiohead and Björk in two each) looked up once each
    expect(reply).toMatchObject({ imported: 7, ignored: 2, processedRecords: 9, nextRecord: null });
    expect(looked.catalogue).toHaveLength(3);
    expect(new Set(looked.catalogue).size).toBe(3);
    expect(looked.nameOnly).toHaveLength(3);
    expect(new Set(looked.nameOnly).size).toBe(3);
  });

  it('stores nothing twice when a chunk is sent again after a partial answer', async () => {
    // Prepare: the first request stops after two records
    const handler = await loadHandler();
    const fan = await createSignedInAccount('fan');
    const first = await importListeningHistory(spentBudget(), fan.userId, {
      source: 'spotify-account-data',
      records,
    });

    // Act: the same chunk again, whole, with time enough
    const again = await call(handler, 'POST', '/api/tracks/user/import', {
      body: { source: 'spotify-account-data', records },
      cookies: [fan.cookie],
    });
    const daily = await call(handler, 'GET', '/api/tracks/user/daily', {
      query: { startDate: d4, endDate: d2 },
      cookies: [fan.cookie],
    });

    // Assess
    expect(first).toMatchObject({ imported: 2, processedRecords: 2, nextRecord: 2 });
    expect(dataOf(again)).toEqual({
      imported: 5,
      duplicates: 2,
      ignored: 2,
      tooOld: 0,
      refused: 0,
      processedRecords: 9,
      nextRecord: null,
    });
    expect((dataOf(daily) as { plays: number }[]).map((totals) => totals.plays)).toEqual([2, 2, 3]);
  });
  it('reads the next slice while one is written, and still counts a record both slices hold once, against the 24-hour cap', async () => {
    // Prepare: slices of five records, the second read while the first is written. The first fills a day to 12 h in
    // four plays of just under 3 h (and holds one play of another day); the second holds the first's last play
    // again and four more of the day: 24 h in all, the cap exactly reached if the shared play is counted once.
    const fan = await createSignedInAccount('fan');
    const [d6, d7] = [day(6), day(7)];
    const long = 3 * 3_600_000 - 1_000;
    const ofDay = (time: string) => ({
      endTime: `${d6} ${time}`,
      artistName: 'Nina Simone',
      trackName: `Sinnerman at ${time}`,
      msPlayed: long,
    });
    const [p1, p2, p3, p4, p5, p6, p7, p8] = [
      '03:00',
      '06:00',
      '09:00',
      '12:00',
      '15:00',
      '18:00',
      '21:00',
      '23:59',
    ].map(ofDay);
    const other = {
      endTime: `${d7} 10:00`,
      artistName: 'Björk',
      trackName: 'Hyperballad',
      msPlayed: 240_000,
    };
    const sliced = [p1, p2, p3, p4, other, p4, p5, p6, p7, p8].filter((record) => record !== undefined);

    // Act
    const reply = await importListeningHistory(
      { table: testTable(), clock: getClock(), sliceRecords: 5 },
      fan.userId,
      { source: 'spotify-account-data', records: sliced },
    );
    const handler = await loadHandler();
    const daily = await call(handler, 'GET', '/api/tracks/user/daily', {
      query: { startDate: d6, endDate: d6 },
      cookies: [fan.cookie],
    });

    // Assess: nine plays stored, the shared one a duplicate and none refused; the day holds its eight plays
    expect(reply).toEqual({
      imported: 9,
      duplicates: 1,
      ignored: 0,
      tooOld: 0,
      refused: 0,
      processedRecords: 10,
      nextRecord: null,
    });
    expect(dataOf(daily)).toMatchObject([{ date: d6, plays: 8, msPlayed: 8 * long }]);
  });
});
