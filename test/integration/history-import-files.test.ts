// The history import with real export files: the test exports of both formats (test/fixtures/spotify-export), read
// and chunked by the settings screen's own code, sent to the handler, and the daily totals checked against the
// numbers worked out by hand in the fixtures' module. history-import.test.ts covers the route with inline records.
import { describe, expect, it } from 'vitest';
import type { HistoryImportResult } from '../../functions/contracts/listening';
import {
  planImportChunks,
  readExportFiles,
  type ImportChunk,
} from '../../frontend/src/features/history-import/lib/export-files';
import {
  accountDataTotals,
  buildExtendedZip,
  exportDate,
  exportFiles,
  extendedTotals,
  readExportFixture,
  withoutArtistIds,
} from '../fixtures/spotify-export/spotify-export';
import { bodyOf } from '../support/gateway-event';
import { call, createSignedInAccount, dataOf } from '../support/identity';

async function loadHandler() {
  return (await import('../../functions/handlers/fan-tracks')).handler;
}
type Handler = Awaited<ReturnType<typeof loadHandler>>;

/** Sends the chunks one after another, as the settings screen does, and adds up the answers. */
async function sendChunks(handler: Handler, cookie: string, chunks: readonly ImportChunk[]) {
  const totals = { imported: 0, duplicates: 0, ignored: 0 };
  for (const chunk of chunks) {
    const reply = await call(handler, 'POST', '/api/tracks/user/import', {
      body: { source: chunk.source, records: chunk.records },
      cookies: [cookie],
    });
    expect(reply.statusCode).toBe(200);
    const result = dataOf(reply) as HistoryImportResult;
    totals.imported += result.imported;
    totals.duplicates += result.duplicates;
    totals.ignored += result.ignored;
  }
  return totals;
}

async function readDaily(handler: Handler, cookie: string, startDate: string, endDate: string) {
  const reply = await call(handler, 'GET', '/api/tracks/user/daily', {
    query: { startDate, endDate },
    cookies: [cookie],
  });
  return withoutArtistIds(dataOf(reply) as Parameters<typeof withoutArtistIds>[0]);
}

describe('importing Spotify export files as the settings screen reads them', () => {
  it('imports the account-data file in several chunks with the hand-computed per-day and per-artist totals, once', async () => {
    // Prepare: three records per chunk, so the 8 records take 3 requests
    const handler = await loadHandler();
    const fan = await createSignedInAccount('fan');
    const file = new File([readExportFixture(exportFiles.accountData)], exportFiles.accountData);
    const contents = await readExportFiles([file]);
    const chunks = planImportChunks(contents.listening, { maxRecords: 3, maxBytes: 1_000_000 });
    const expected = accountDataTotals();
    const [from, to] = [exportDate('2026-11-01'), exportDate('2026-11-04')];

    // Act
    const first = await sendChunks(handler, fan.cookie, chunks);
    const afterFirst = await readDaily(handler, fan.cookie, from, to);
    const second = await sendChunks(handler, fan.cookie, chunks);
    const afterSecond = await readDaily(handler, fan.cookie, from, to);

    // Assess
    expect(chunks.map((chunk) => chunk.records.length)).toEqual([3, 3, 2]);
    expect(first).toEqual({ ...expected.result, duplicates: 0 });
    expect(afterFirst).toEqual(expected.days);
    // 6 counted plays come back as duplicates; the 2 ignored records are ignored again
    expect(second).toEqual({ imported: 0, duplicates: 6, ignored: 2 });
    expect(afterSecond).toEqual(expected.days);
  });

  it('imports the extended history from the ZIP, skipping the video history, with the hand-computed totals, once', async () => {
    // Prepare
    const handler = await loadHandler();
    const fan = await createSignedInAccount('fan');
    const zip = new File([buildExtendedZip()], 'my_spotify_data.zip', { type: 'application/zip' });
    const contents = await readExportFiles([zip]);
    const chunks = planImportChunks(contents.listening);
    const expected = extendedTotals();
    const [from, to] = [exportDate('2026-11-04'), exportDate('2026-11-07')];

    // Act
    const first = await sendChunks(handler, fan.cookie, chunks);
    const afterFirst = await readDaily(handler, fan.cookie, from, to);
    const second = await sendChunks(handler, fan.cookie, chunks);
    const afterSecond = await readDaily(handler, fan.cookie, from, to);

    // Assess
    expect(contents.listening.map((file) => [file.source, file.records.length])).toEqual([
      ['spotify-extended', 8],
    ]);
    expect(contents.skipped).toHaveLength(2);
    expect(chunks).toHaveLength(1);
    expect(first).toEqual({ ...expected.result, duplicates: 0 });
    expect(afterFirst).toEqual(expected.days);
    expect(second).toEqual({ imported: 0, duplicates: 5, ignored: 3 });
    expect(afterSecond).toEqual(expected.days);
  });

  it('refuses a chunk over the record limit with 422 and stores none of it', async () => {
    // Prepare: 5,001 valid records, one more than a request may carry
    const handler = await loadHandler();
    const fan = await createSignedInAccount('fan');
    const day = exportDate('2026-11-10');
    const records = Array.from({ length: 5001 }, (_, index) => ({
      endTime: `${day} 10:00`,
      artistName: 'Nina Simone',
      trackName: `Take ${index}`,
      msPlayed: 60_000,
    }));

    // Act
    const reply = await call(handler, 'POST', '/api/tracks/user/import', {
      body: { source: 'spotify-account-data', records },
      cookies: [fan.cookie],
    });
    const daily = await readDaily(handler, fan.cookie, day, day);

    // Assess
    expect(reply.statusCode).toBe(422);
    expect(bodyOf(reply)).toMatchObject({
      code: 'validation_failed',
      fields: { records: expect.any(String) },
    });
    expect(daily).toEqual([]);
  });

  it('refuses extended records sent as account data with 422 and stores none of them', async () => {
    // Prepare
    const handler = await loadHandler();
    const fan = await createSignedInAccount('fan');
    const records = JSON.parse(readExportFixture(exportFiles.extendedAudio)) as unknown[];

    // Act
    const reply = await call(handler, 'POST', '/api/tracks/user/import', {
      body: { source: 'spotify-account-data', records },
      cookies: [fan.cookie],
    });
    const daily = await readDaily(handler, fan.cookie, exportDate('2026-11-04'), exportDate('2026-11-07'));

    // Assess
    expect(reply.statusCode).toBe(422);
    expect(bodyOf(reply)).toMatchObject({ code: 'validation_failed' });
    expect(daily).toEqual([]);
  });
});
