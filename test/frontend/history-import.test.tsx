// The history import of the fan's settings: reading export files (JSON and ZIP), telling their format, packing
// chunks under both limits, sending them one after another, and the section a fan sees while it happens.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { strToU8 } from 'fflate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { importBatchLimit } from '../../functions/contracts/listening';
import { bodyLimitBytes } from '../../functions/contracts/routes';
import { HistoryImportSection } from '../../frontend/src/features/history-import';
import {
  describeRefusedPlays,
  describeTooOld,
} from '../../frontend/src/features/history-import/components/history-import-section';
import {
  detectExportFormat,
  importChunkLimits,
  planImportChunks,
  readExportFiles,
  unreadableReasons,
  type ListeningFile,
} from '../../frontend/src/features/history-import/lib/export-files';
import { addTotals, runImport } from '../../frontend/src/features/history-import/lib/run-import';
import {
  buildAccountDataZip,
  buildExtendedZip,
  exportDate,
  exportFiles,
  readExportFixture,
  toBlobPart,
} from '../fixtures/spotify-export/spotify-export';

const fixtureFile = (name: string) => new File([readExportFixture(name)], name, { type: 'application/json' });

const accountRecord = (index: number, artistName = 'Nina Simone') => ({
  endTime: '2026-11-02 07:45',
  artistName,
  trackName: `Take ${index}`,
  msPlayed: 60_000,
});

/** A server's reply to one import request when its time runs out after `limit` records: it says where to go on. */
const partialImportReply = (limit: number, sentRecords: number) => {
  const processedRecords = Math.min(limit, sentRecords);
  return {
    imported: processedRecords,
    duplicates: 0,
    ignored: 0,
    tooOld: 0,
    refused: 0,
    processedRecords,
    nextRecord: processedRecords < sentRecords ? processedRecords : null,
  };
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('detectExportFormat', () => {
  it('tells account data and extended history apart from the shape of their records', () => {
    // Prepare
    const accountData = JSON.parse(readExportFixture(exportFiles.accountData)) as unknown;
    const extended = JSON.parse(readExportFixture(exportFiles.extendedAudio)) as unknown;

    // Act
    const [a, b] = [detectExportFormat(accountData), detectExportFormat(extended)];

    // Assess
    expect(a).toMatchObject({ kind: 'listening', source: 'spotify-account-data' });
    expect(b).toMatchObject({ kind: 'listening', source: 'spotify-extended' });
    expect(a.kind === 'listening' && a.records).toHaveLength(8);
  });

  it('keeps only the fields the import reads, so the IP address and device stay in the browser', () => {
    // Prepare
    const extended = JSON.parse(readExportFixture(exportFiles.extendedAudio)) as unknown;

    // Act
    const detection = detectExportFormat(extended);

    // Assess
    const first = detection.kind === 'listening' ? detection.records[0] : undefined;
    expect(first).toMatchObject({ ts: `${exportDate('2026-11-05')}T09:03:20Z`, ms_played: 268_000 });
    expect(first).not.toHaveProperty('ip_addr');
    expect(first).not.toHaveProperty('platform');
  });

  it('reports files of neither format, empty files and records Spotify would not write', () => {
    // Act
    const search = detectExportFormat([{ searchTime: '2026-11-03', searchQuery: 'pie' }]);
    const object = detectExportFormat({ username: 'fan' });
    const empty = detectExportFormat([]);
    const broken = detectExportFormat([accountRecord(1), { ...accountRecord(2), msPlayed: 'a lot' }]);

    // Assess
    expect(search).toEqual({ kind: 'other', reason: unreadableReasons.notListening });
    expect(object).toEqual({ kind: 'other', reason: unreadableReasons.notListening });
    expect(empty).toEqual({ kind: 'other', reason: unreadableReasons.empty });
    expect(broken).toMatchObject({ kind: 'other', reason: expect.stringContaining('record 2 (msPlayed)') });
  });
});

describe('readExportFiles', () => {
  it('reads several JSON files at once and reports the one that is no listening history', async () => {
    // Prepare
    const files = [
      fixtureFile(exportFiles.accountData),
      fixtureFile(exportFiles.extendedAudio),
      fixtureFile(exportFiles.notAnExport),
      new File(['hello'], 'notes.txt'),
    ];

    // Act
    const contents = await readExportFiles(files);

    // Assess
    expect(contents.listening.map((file) => [file.name, file.source, file.records.length])).toEqual([
      [exportFiles.accountData, 'spotify-account-data', 8],
      [exportFiles.extendedAudio, 'spotify-extended', 8],
    ]);
    expect(contents.unreadable).toEqual([
      { name: exportFiles.notAnExport, reason: unreadableReasons.notListening },
      { name: 'notes.txt', reason: unreadableReasons.unsupportedType },
    ]);
  });

  it('reads the music history out of the account-data ZIP and skips its other files', async () => {
    // Prepare
    const zip = new File([buildAccountDataZip()], 'my_spotify_data.zip');

    // Act
    const contents = await readExportFiles([zip]);

    // Assess: the podcast history, Userdata.json and the read-me PDF are skipped without a warning
    expect(contents.listening.map((file) => [file.name, file.source, file.records.length])).toEqual([
      ['my_spotify_data.zip › Spotify Account Data/StreamingHistory_music_0.json', 'spotify-account-data', 8],
    ]);
    expect(contents.unreadable).toEqual([]);
    expect(contents.skipped).toHaveLength(3);
  });

  it('reads the audio history out of the extended ZIP and never the video history', async () => {
    // Prepare
    const zip = new File([buildExtendedZip()], 'my_spotify_data.zip');

    // Act
    const contents = await readExportFiles([zip]);

    // Assess
    expect(contents.listening.map((file) => file.source)).toEqual(['spotify-extended']);
    expect(contents.skipped.some((name) => name.includes('Streaming_History_Video'))).toBe(true);
  });

  it('reports a ZIP without listening history, a broken ZIP and a file with a byte order mark read fine', async () => {
    // Prepare
    const noHistory = new File(
      [toBlobPart({ 'Spotify Account Data/Userdata.json': strToU8('{"username":"fan"}') })],
      'other.zip',
    );
    const broken = new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3])], 'broken.zip');
    const withBom = new File([`\uFEFF${readExportFixture(exportFiles.accountData)}`], 'bom.json');

    // Act
    const contents = await readExportFiles([noHistory, broken, withBom]);

    // Assess
    expect(contents.unreadable).toEqual([
      { name: 'other.zip', reason: unreadableReasons.noListeningInZip },
      { name: 'broken.zip', reason: unreadableReasons.unreadableZip },
    ]);
    expect(contents.listening.map((file) => file.name)).toEqual(['bom.json']);
  });
});

describe('planImportChunks', () => {
  const file = (source: ListeningFile['source'], records: object[], name = 'a.json'): ListeningFile => ({
    name,
    source,
    records: records as ListeningFile['records'],
  });

  it('sends at most the server’s record limit per chunk, keeping order and sharing chunks between files', () => {
    // Prepare: 4,000 + 3,000 records of one format = 7,000, so 5,000 + 2,000
    const first = Array.from({ length: 4000 }, (_, index) => accountRecord(index));
    const second = Array.from({ length: 3000 }, (_, index) => accountRecord(4000 + index));

    // Act
    const chunks = planImportChunks([
      file('spotify-account-data', first),
      file('spotify-account-data', second),
    ]);

    // Assess
    expect(importChunkLimits.maxRecords).toBe(importBatchLimit);
    expect(chunks.map((chunk) => chunk.records.length)).toEqual([5000, 2000]);
    expect(chunks[1]?.records[0]).toEqual(accountRecord(5000));
  });

  it('closes a chunk before it passes the byte limit, and its byte count is the real request body', () => {
    // Prepare: each record is ~100 bytes; a 1,000-byte limit takes a handful
    const records = Array.from({ length: 30 }, (_, index) => accountRecord(index, 'Ñina Šimone'));

    // Act
    const chunks = planImportChunks([file('spotify-account-data', records)], {
      maxRecords: 5000,
      maxBytes: 1000,
    });

    // Assess
    expect(chunks.length).toBeGreaterThan(3);
    for (const chunk of chunks) {
      const body = new TextEncoder().encode(JSON.stringify({ source: chunk.source, records: chunk.records }));
      expect(chunk.bytes).toBe(body.length);
      expect(chunk.bytes).toBeLessThanOrEqual(1000);
    }
    expect(chunks.flatMap((chunk) => chunk.records)).toEqual(records);
    expect(importChunkLimits.maxBytes).toBeLessThan(bodyLimitBytes.import);
  });

  it('never mixes the two formats in one chunk', () => {
    // Prepare
    const extended = JSON.parse(readExportFixture(exportFiles.extendedAudio)) as object[];

    // Act
    const chunks = planImportChunks([
      file('spotify-account-data', [accountRecord(1)]),
      file('spotify-extended', extended),
      file('spotify-account-data', [accountRecord(2)]),
    ]);

    // Assess
    expect(chunks.map((chunk) => [chunk.source, chunk.records.length])).toEqual([
      ['spotify-account-data', 2],
      ['spotify-extended', 8],
    ]);
  });
});

describe('runImport', () => {
  const chunksOf = (...sizes: number[]) => sizes.map((size) => ({ records: Array.from({ length: size }) }));

  it('sends the chunks one after another, reporting progress and adding up the totals', async () => {
    // Prepare
    let inFlight = 0;
    const send = vi.fn(async (chunk: { records: readonly unknown[] }) => {
      inFlight += 1;
      expect(inFlight).toBe(1);
      await Promise.resolve();
      inFlight -= 1;
      return {
        imported: chunk.records.length - 1,
        duplicates: 0,
        ignored: 1,
        tooOld: 0,
        refused: 0,
        processedRecords: chunk.records.length,
        nextRecord: null,
      };
    });
    const seen: number[] = [];

    // Act
    const outcome = await runImport({
      chunks: chunksOf(3, 2),
      send,
      signal: new AbortController().signal,
      describeFailure: () => 'failed',
      onProgress: (progress) => seen.push(progress.sentRecords),
    });

    // Assess
    expect(seen).toEqual([0, 3, 5]);
    expect(outcome).toMatchObject({
      kind: 'done',
      progress: {
        sentRecords: 5,
        totalRecords: 5,
        totals: { imported: 3, duplicates: 0, ignored: 2, tooOld: 0, refused: 0 },
      },
    });
  });

  it('sends the rest of a chunk by itself when the server went through only its first records', async () => {
    // Prepare: a server whose time runs out after two records of each request
    const sent: number[] = [];
    const send = vi.fn(async (chunk: { records: readonly unknown[] }) => {
      sent.push(chunk.records.length);
      return partialImportReply(2, chunk.records.length);
    });
    const seen: [number, number][] = [];

    // Act
    const outcome = await runImport({
      chunks: chunksOf(5, 2),
      send,
      signal: new AbortController().signal,
      describeFailure: () => 'failed',
      onProgress: (progress) => seen.push([progress.sentRecords, progress.sentChunks]),
    });

    // Assess: one bar over all seven records, each counted once; a chunk counts when its last record is through
    expect(sent).toEqual([5, 3, 1, 2]);
    expect(seen).toEqual([
      [0, 0],
      [2, 0],
      [4, 0],
      [5, 1],
      [7, 2],
    ]);
    expect(outcome).toMatchObject({
      kind: 'done',
      progress: { sentRecords: 7, totalRecords: 7, totals: { imported: 7 } },
    });
  });

  it('stops rather than sending the same records for ever when an answer goes nowhere', async () => {
    // Prepare
    const send = vi.fn(async () => ({
      imported: 0,
      duplicates: 0,
      ignored: 0,
      tooOld: 0,
      refused: 0,
      processedRecords: 0,
      nextRecord: 0,
    }));

    // Act
    const outcome = await runImport({
      chunks: chunksOf(3),
      send,
      signal: new AbortController().signal,
      describeFailure: () => 'failed',
    });

    // Assess
    expect(send).toHaveBeenCalledTimes(1);
    expect(outcome).toMatchObject({ kind: 'refused', message: 'failed', progress: { sentRecords: 0 } });
  });

  it('stops at the first refused chunk with its message and sends nothing after it', async () => {
    // Prepare
    const send = vi
      .fn()
      .mockResolvedValueOnce({ imported: 2, duplicates: 0, ignored: 0, tooOld: 0, refused: 0 })
      .mockRejectedValueOnce(new Error('Send at most 5000 records per request'));

    // Act
    const outcome = await runImport({
      chunks: chunksOf(2, 2, 2),
      send,
      signal: new AbortController().signal,
      describeFailure: (error) => (error as Error).message,
    });

    // Assess
    expect(send).toHaveBeenCalledTimes(2);
    expect(outcome).toMatchObject({
      kind: 'refused',
      message: 'Send at most 5000 records per request',
      progress: { sentRecords: 2, totals: { imported: 2 } },
    });
  });

  it('stops when cancelled, between chunks or during one', async () => {
    // Prepare
    const controller = new AbortController();
    const send = vi.fn(async () => {
      controller.abort();
      throw new DOMException('The operation was aborted.', 'AbortError');
    });

    // Act
    const outcome = await runImport({
      chunks: chunksOf(1, 1),
      send,
      signal: controller.signal,
      describeFailure: () => 'failed',
    });

    // Assess
    expect(send).toHaveBeenCalledTimes(1);
    expect(outcome).toMatchObject({ kind: 'cancelled', progress: { sentRecords: 0 } });
  });
});

describe('HistoryImportSection', () => {
  function stubImportApi(reply: (body: { records: unknown[] }) => Response) {
    const requests: { records: unknown[]; source: string }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        const body = JSON.parse(String(init.body)) as { records: unknown[]; source: string };
        requests.push(body);
        return reply(body);
      }),
    );
    return requests;
  }
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

  it('explains where the export comes from and takes several files', () => {
    // Act
    render(<HistoryImportSection />);

    // Assess
    const input = screen.getByLabelText('Choose export files');
    expect(input).toHaveProperty('multiple', true);
    expect(screen.getByRole('link', { name: 'Account privacy' })).toHaveProperty(
      'href',
      'https://www.spotify.com/account/privacy/',
    );
    expect(screen.getByText(/Download your data/)).toBeTruthy();
  });

  it('sends the files it can read, shows the progress and the totals, and names the file it could not read', async () => {
    // Prepare
    const requests = stubImportApi((body) =>
      json(200, {
        success: true,
        data: { imported: body.records.length - 1, duplicates: 0, ignored: 1, tooOld: 0, refused: 0 },
      }),
    );
    const user = userEvent.setup();
    render(<HistoryImportSection />);

    // Act
    await user.upload(screen.getByLabelText('Choose export files'), [
      fixtureFile(exportFiles.accountData),
      new File([buildExtendedZip()], 'my_spotify_data.zip', { type: 'application/zip' }),
      fixtureFile(exportFiles.notAnExport),
    ]);

    // Assess
    expect(await screen.findByText(/Import finished: 16 plays read/, {}, { timeout: 5000 })).toBeTruthy();
    expect(requests.map((request) => [request.source, request.records.length])).toEqual([
      ['spotify-account-data', 8],
      ['spotify-extended', 8],
    ]);
    const progress = screen.getByLabelText('Import progress');
    expect(progress.getAttribute('value')).toBe('16');
    expect(progress.getAttribute('max')).toBe('16');
    const totals = within(screen.getByRole('list', { name: 'Files read' }));
    expect(totals.getByText(/Not sent: This file is not a Spotify listening history/)).toBeTruthy();
    const summary = within(screen.getByLabelText('Import totals'));
    expect(summary.getByText('Imported').nextElementSibling?.textContent).toBe('14');
    expect(summary.getByText('Not counted').nextElementSibling?.textContent).toBe('2');
    expect(screen.queryByText(/older than 13 months and (were|was) not kept/)).toBeNull();
  });

  it('goes on by itself where the server stopped, with one progress bar over the whole file', async () => {
    // Prepare: the server goes through at most 3 records a request and says where to go on
    const requests = stubImportApi((body) =>
      json(200, { success: true, data: partialImportReply(3, body.records.length) }),
    );
    const user = userEvent.setup();
    render(<HistoryImportSection />);

    // Act
    await user.upload(screen.getByLabelText('Choose export files'), [fixtureFile(exportFiles.accountData)]);

    // Assess: 8 records in three requests, each record sent until the server went through it
    expect(await screen.findByText(/Import finished: 8 plays read/, {}, { timeout: 5000 })).toBeTruthy();
    expect(requests.map((request) => request.records.length)).toEqual([8, 5, 2]);
    expect(requests[1]?.records).toEqual(requests[0]?.records.slice(3));
    expect(screen.getAllByRole('progressbar')).toHaveLength(1);
    const progress = screen.getByLabelText('Import progress');
    expect([progress.getAttribute('value'), progress.getAttribute('max')]).toEqual(['8', '8']);
    const summary = within(screen.getByLabelText('Import totals'));
    expect(summary.getByText('Imported').nextElementSibling?.textContent).toBe('8');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it.each([
    // One file of 8 records, each answered as too old: the sentence counts them in plays.
    [[3], '3 plays are older than 13 months and were not kept'],
    [[1], '1 play is older than 13 months and was not kept'],
  ])('says how many plays were too old to keep (%j)', async ([tooOld], expected) => {
    // Prepare
    stubImportApi((body) =>
      json(200, {
        success: true,
        data: {
          imported: body.records.length - (tooOld ?? 0),
          duplicates: 0,
          ignored: 0,
          tooOld,
          refused: 0,
        },
      }),
    );
    const user = userEvent.setup();
    render(<HistoryImportSection />);

    // Act
    await user.upload(screen.getByLabelText('Choose export files'), [fixtureFile(exportFiles.accountData)]);

    // Assess
    await screen.findByText(/Import finished: 8 plays read/, {}, { timeout: 5000 });
    expect(screen.getByText(expected, { exact: true })).toBeTruthy();
    const summary = within(screen.getByLabelText('Import totals'));
    expect(summary.getByText('Imported').nextElementSibling?.textContent).toBe(String(8 - (tooOld ?? 0)));
  });

  it('adds up the plays too old to keep across chunks', () => {
    // Act
    const totals = addTotals(
      { imported: 5, duplicates: 1, ignored: 2, tooOld: 1, refused: 2 },
      { imported: 0, duplicates: 0, ignored: 0, tooOld: 1_203, refused: 1 },
    );

    // Assess
    expect(totals).toEqual({ imported: 5, duplicates: 1, ignored: 2, tooOld: 1_204, refused: 3 });
    expect(describeTooOld(totals.tooOld)).toBe('1,204 plays are older than 13 months and were not kept');
    expect(describeRefusedPlays(1)).toBe(
      '1 play was refused: a play cannot end in the future, last over 3 hours, or add more than 24 hours of listening to one day',
    );
  });

  it('says how many impossible plays the server refused', async () => {
    // Prepare
    stubImportApi((body) =>
      json(200, {
        success: true,
        data: { imported: body.records.length - 2, duplicates: 0, ignored: 0, tooOld: 0, refused: 2 },
      }),
    );
    const user = userEvent.setup();
    render(<HistoryImportSection />);

    // Act
    await user.upload(screen.getByLabelText('Choose export files'), [fixtureFile(exportFiles.accountData)]);

    // Assess
    await screen.findByText(/Import finished: 8 plays read/, {}, { timeout: 5000 });
    expect(screen.getByText(/^2 plays were refused: a play cannot end in the future/)).toBeTruthy();
  });

  it('cancels the chunk in flight and says what was kept', async () => {
    // Prepare: a server that never answers until the request is aborted
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
          }),
      ),
    );
    const user = userEvent.setup();
    render(<HistoryImportSection />);
    await user.upload(screen.getByLabelText('Choose export files'), [fixtureFile(exportFiles.accountData)]);
    const cancel = await screen.findByRole('button', { name: 'Cancel import' }, { timeout: 5000 });

    // Act
    await user.click(cancel);

    // Assess
    expect(await screen.findByText(/Import cancelled after 0 of 8 plays/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel import' })).toBeNull();
  });

  it('shows the server’s message when a chunk is refused and says the import stopped', async () => {
    // Prepare
    stubImportApi(() =>
      json(422, {
        success: false,
        code: 'validation_failed',
        message: 'Some fields are not valid.',
        fields: { 'records.0.msPlayed': 'Invalid input' },
        requestId: 'req-1',
      }),
    );
    const user = userEvent.setup();
    render(<HistoryImportSection />);

    // Act
    await user.upload(screen.getByLabelText('Choose export files'), [fixtureFile(exportFiles.accountData)]);

    // Assess
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(alert.textContent).toContain(
      'Import stopped. OpenPie answered: Some fields are not valid. (records.0.msPlayed: Invalid input)',
    );
    expect(alert.textContent).toContain('Nothing from this upload was saved.');
    expect(alert.textContent).toContain('Sending the same files again is safe');
  });
});
