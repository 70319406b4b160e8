// Listening counted once: the real test exports (test/fixtures/spotify-export) imported over plays of the same
// tracks that the sync read from the Spotify sandbox, in both orders and again. The plays stored and the daily totals
// the pie reads hold each listening once, and match the totals worked out by hand for the export alone.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { spotifyAccountIdOf } from '../../local/oauth-sandbox/identities';
import {
  accountDataTotals,
  exportFiles,
  exportFixtureDir,
  extendedTotals,
  shiftDays,
  withoutArtistIds,
} from '../fixtures/spotify-export/spotify-export';
import {
  planImportChunks,
  readExportFiles,
} from '../../frontend/src/features/history-import/lib/export-files';
import { givenOpenPie } from '../support/factories/funding';
import { uniqueEmail } from '../support/identity';
import { SiteBrowser, useLocalOpenPie } from '../support/local-app';
import { answerConsent } from '../support/oauth-consent';
import { testTable } from '../support/test-table';

const site = useLocalOpenPie('counted-once');
const dayMs = 86_400_000;

interface Fan {
  browser: SiteBrowser;
  id: string;
  listener: string;
}

/** A new fan signed up with Spotify through the sandbox's consent page. */
async function newSpotifyFan(): Promise<Fan> {
  const browser = new SiteBrowser(site);
  const email = uniqueEmail('once');
  const leaving = await browser.fetch('/api/auth/loginSpotify?deviceType=desktop');
  const consent = await answerConsent(new URL(leaving.headers.get('location') ?? '', site.url).href, {
    identity: 'custom',
    email,
    name: 'Counted Once',
    decision: 'approve',
  });
  expect((await browser.fetch(consent.location!.href)).status).toBe(302);
  const user = await readJson<{ id: string }>(await browser.fetch('/api/user'));
  return { browser, id: user.id, listener: spotifyAccountIdOf(email) };
}

async function readJson<T>(reply: Response): Promise<T> {
  const body = (await reply.json()) as { data: T };
  expect(reply.status, JSON.stringify(body)).toBe(200);
  return body.data;
}

/**
 * The fixture as written, its days moved forward by whole days so that the newest lies two days back: inside the sandbox's 14 days
 * of recently played, times of day (and so each play's UTC day) as written. `date` maps a written day to the moved one.
 */
function movedExport(name: string, newestWritten: string) {
  const text = readFileSync(join(exportFixtureDir, name), 'utf8');
  const newest = Date.parse(`${newestWritten}T00:00:00Z`);
  const extraDays = Math.floor((Date.now() - newest) / dayMs) - 2;
  const move = (instant: number) => new Date(instant + extraDays * dayMs);
  const moved = text
    .replace(/"endTime": "([^"]+)"/g, (_, endTime: string) => {
      const shifted = move(Date.parse(`${endTime.replace(' ', 'T')}:00Z`));
      return `"endTime": "${shifted.toISOString().slice(0, 16).replace('T', ' ')}"`;
    })
    .replace(
      /"ts": "([^"]+)"/g,
      (_, ts: string) => `"ts": "${move(Date.parse(ts)).toISOString().replace('.000Z', 'Z')}"`,
    );
  return {
    text: moved,
    extraDays,
    date: (day: string) =>
      move(Date.parse(`${day}T00:00:00Z`))
        .toISOString()
        .slice(0, 10),
  };
}

/** A day of the fixtures' hand-worked totals (moved by `shiftDays`) as the file writes it. */
function writtenDay(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) - shiftDays * dayMs).toISOString().slice(0, 10);
}

interface ScriptedPlay {
  playedAt: string;
  track: { id: string; name: string; durationMs: number; artists: { id: string; name: string }[] };
}

/**
 * A scenario of the moved export: the plays Spotify is scripted with, the fixture's hand-worked totals on the moved
 * days, and the moved days from and to which they are read (given as the file writes them).
 */
function scenarioOf(
  exported: ReturnType<typeof movedExport>,
  plays: ScriptedPlay[],
  totals: ReturnType<typeof extendedTotals>,
  [fromWritten, toWritten]: readonly [string, string],
) {
  const days = totals.days.map((day) => ({ ...day, date: exported.date(writtenDay(day.date)) }));
  const [from, to] = [exported.date(fromWritten), exported.date(toWritten)];
  return { exported, plays, expected: { ...totals, days }, from, to };
}

/** Makes these plays the fan's whole recently-played history in the Spotify sandbox. */
async function scriptSpotifyPlays(listener: string, plays: readonly ScriptedPlay[]): Promise<void> {
  const reply = await fetch(`${site.url}/_sandbox/oauth/spotify/_control/plays?listener=${listener}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ plays }),
  });
  expect(reply.status).toBe(200);
}

/** The sync now, as the dashboard's "Sync now" runs it. */
async function syncNow(fan: Fan) {
  return readJson<{ added: number; duplicates: number; read: number }>(
    await fan.browser.fetch('/api/tracks/user/fetchLatestFromSpotify'),
  );
}

/** The export file read and chunked by the settings screen's own code, sent chunk after chunk. */
async function importExport(fan: Fan, name: string, text: string) {
  const contents = await readExportFiles([new File([text], name)]);
  const totals = { imported: 0, duplicates: 0 };
  for (const chunk of planImportChunks(contents.listening, { maxRecords: 3, maxBytes: 1_000_000 })) {
    const result = await readJson<{ imported: number; duplicates: number }>(
      await fan.browser.fetch('/api/tracks/user/import', {
        method: 'POST',
        body: { source: chunk.source, records: chunk.records },
      }),
    );
    totals.imported += result.imported;
    totals.duplicates += result.duplicates;
  }
  return totals;
}

async function dailyTotals(fan: Fan, from: string, to: string) {
  const days = await readJson<Parameters<typeof withoutArtistIds>[0]>(
    await fan.browser.fetch(`/api/tracks/user/daily?startDate=${from}&endDate=${to}`),
  );
  return withoutArtistIds(days);
}

/** The fan's stored plays between two days (inclusive), as the split reads them: source and length. */
async function storedPlays(fan: Fan, from: string, to: string) {
  const { listPlaysBetween } = await import('../../functions/data/listening');
  const plays = await listPlaysBetween(
    testTable(),
    fan.id,
    `${from}T00:00:00.000Z`,
    new Date(Date.parse(`${to}T00:00:00Z`) + dayMs).toISOString(),
  );
  return plays.map((play) => `${play.endedAt.slice(0, 16)} ${play.source} ${play.msPlayed}`);
}

/**
 * What the preview of a pie whose 30 days start at 15:00 on `startDay` splits by (GET /api/pie/{pieId}/realtime-stats):
 * each artist's listening in ms, by name, and the tracks counted.
 */
async function previewListening(fan: Fan, startDay: string) {
  const pie = await givenOpenPie(fan.id, new Date(`${startDay}T15:00:00.000Z`));
  const stats = await readJson<{
    allArtists: { artist_name: string; total_time_listened: number }[];
    stats: { count_tracks: number; total_time_listened: number };
  }>(await fan.browser.fetch(`/api/pie/${pie.id}/realtime-stats`));
  return {
    artists: Object.fromEntries(
      stats.allArtists.map((artist) => [artist.artist_name, artist.total_time_listened]),
    ),
    tracks: stats.stats.count_tracks,
    ms: stats.stats.total_time_listened,
  };
}

const sigurRos = { id: 'SigurRosSandbox0000001', name: 'Sigur Rós' };
const bjork = { id: 'BjorkSandbox0000000001', name: 'Björk' };
const ninaSimone = { id: 'NinaSimoneSandbox00001', name: 'Nina Simone' };
const radiohead = { id: 'RadioheadSandbox000001', name: 'Radiohead' };

describe('the extended export imported over the synced plays of the same tracks', () => {
  // The sync read the plays of 11-06 (records 5, 7, 8 of Streaming_History_Audio_2026.json), each ending some
  // milliseconds into the second the export gives; the track's length is what the export says was played, so the
  // sync's estimate is the export's ms_played. The import covers 11-05 and 11-06.
  function scenario() {
    const exported = movedExport(exportFiles.extendedAudio, '2026-11-06');
    const at = (writtenTs: string, ms: number) =>
      new Date(Date.parse(writtenTs) + exported.extraDays * dayMs + ms).toISOString();
    const plays: ScriptedPlay[] = [
      {
        playedAt: at('2026-11-06T18:45:00Z', 870),
        track: { id: '2NkgLStyZ5T1b8qwS4bfnu', name: 'Sinnerman', durationMs: 45_000, artists: [ninaSimone] },
      },
      {
        playedAt: at('2026-11-06T10:30:00Z', 120),
        track: { id: '6eTGxxQxiTFE6LfZHC33Wm', name: 'Hoppípolla', durationMs: 268_000, artists: [sigurRos] },
      },
      {
        playedAt: at('2026-11-06T00:00:01Z', 999),
        track: { id: '0H4bXeqTuQTPNmf1ezBvbH', name: 'Hyperballad', durationMs: 321_000, artists: [bjork] },
      },
    ];
    return scenarioOf(exported, plays, extendedTotals(), ['2026-11-04', '2026-11-07']);
  }

  it('sync, then import, then both again: each listening is stored and counted once', async () => {
    // Prepare
    const fan = await newSpotifyFan();
    const { exported, plays, expected, from, to } = scenario();
    await scriptSpotifyPlays(fan.listener, plays);
    // Act
    const synced = await syncNow(fan);
    const imported = await importExport(fan, exportFiles.extendedAudio, exported.text);
    const importedAgain = await importExport(fan, exportFiles.extendedAudio, exported.text);
    const syncedAgain = await readJson<{ added: number }>(
      await fan.browser.fetch('/api/pie/add-missing-tracks-anytime', { method: 'POST' }),
    );
    // Assess: the three synced plays stay; of the export's five counted plays only the two of 11-05 are new
    expect(synced).toMatchObject({ added: 3, read: 3 });
    expect(imported).toEqual({ imported: 2, duplicates: 3 });
    expect(importedAgain).toEqual({ imported: 0, duplicates: 5 });
    expect(syncedAgain.added).toBe(0);
    expect(await storedPlays(fan, from, to)).toEqual([
      `${expected.days[0]!.date}T09:03 import 268000`,
      `${expected.days[0]!.date}T23:59 import 321000`,
      `${expected.days[1]!.date}T00:00 spotify 321000`,
      `${expected.days[1]!.date}T10:30 spotify 268000`,
      `${expected.days[1]!.date}T18:45 spotify 45000`,
    ]);
    expect(await dailyTotals(fan, from, to)).toEqual(expected.days);
    // The pie is split by this listening: 5 tracks, 1,223,000 ms (counted twice, the synced day would have added
    // another 634,000 ms, and moved Björk to 963,000, Sigur Rós to 804,000 and Nina Simone to 90,000).
    expect(await previewListening(fan, exported.date('2026-11-04'))).toEqual({
      artists: { Björk: 642_000, 'Sigur Rós': 536_000, 'Nina Simone': 45_000 },
      tracks: 5,
      ms: 1_223_000,
    });
  });

  it('import, then sync, then both again: the synced play takes the imported one’s place, counted once', async () => {
    // Prepare
    const fan = await newSpotifyFan();
    const { exported, plays, expected, from, to } = scenario();
    await scriptSpotifyPlays(fan.listener, plays);
    // Act
    const imported = await importExport(fan, exportFiles.extendedAudio, exported.text);
    const afterImport = await dailyTotals(fan, from, to);
    const synced = await syncNow(fan);
    const syncedAgain = await readJson<{ added: number }>(
      await fan.browser.fetch('/api/pie/add-missing-tracks-anytime', { method: 'POST' }),
    );
    const importedAgain = await importExport(fan, exportFiles.extendedAudio, exported.text);
    // Assess
    expect(imported).toEqual({ imported: 5, duplicates: 0 });
    expect(afterImport).toEqual(expected.days);
    expect(synced).toMatchObject({ added: 3, read: 3 });
    expect(syncedAgain.added).toBe(0);
    expect(importedAgain).toEqual({ imported: 0, duplicates: 5 });
    // The same plays as in the other order
    expect(await storedPlays(fan, from, to)).toEqual([
      `${expected.days[0]!.date}T09:03 import 268000`,
      `${expected.days[0]!.date}T23:59 import 321000`,
      `${expected.days[1]!.date}T00:00 spotify 321000`,
      `${expected.days[1]!.date}T10:30 spotify 268000`,
      `${expected.days[1]!.date}T18:45 spotify 45000`,
    ]);
    expect(await dailyTotals(fan, from, to)).toEqual(expected.days);
  });

  it('a sync and an import running at the same time, twice: each listening once', async () => {
    // Prepare
    const fan = await newSpotifyFan();
    const { exported, plays, expected, from, to } = scenario();
    await scriptSpotifyPlays(fan.listener, plays);
    const both = () =>
      Promise.all([
        importExport(fan, exportFiles.extendedAudio, exported.text),
        fan.browser
          .fetch('/api/pie/add-missing-tracks-anytime', { method: 'POST' })
          .then((reply) => readJson<{ added: number }>(reply)),
      ]);
    // Act
    await both();
    await both();
    // Assess
    expect(await storedPlays(fan, from, to)).toEqual([
      `${expected.days[0]!.date}T09:03 import 268000`,
      `${expected.days[0]!.date}T23:59 import 321000`,
      `${expected.days[1]!.date}T00:00 spotify 321000`,
      `${expected.days[1]!.date}T10:30 spotify 268000`,
      `${expected.days[1]!.date}T18:45 spotify 45000`,
    ]);
    expect(await dailyTotals(fan, from, to)).toEqual(expected.days);
  });
});

describe('the account-data export (names and minutes only) imported over synced plays of the same tracks', () => {
  // The sync read two plays of 11-03 (records 5 and 7 of StreamingHistory_music_0.json), ending 42 s into the
  // minute the export gives; the import covers 11-02 and 11-03.
  function scenario() {
    const exported = movedExport(exportFiles.accountData, '2026-11-03');
    const at = (writtenMinute: string, ms: number) =>
      new Date(Date.parse(`${writtenMinute}:00Z`) + exported.extraDays * dayMs + ms).toISOString();
    const plays: ScriptedPlay[] = [
      {
        playedAt: at('2026-11-03T12:30', 42_250),
        track: { id: '1bJogaSandbox000000001', name: 'Jóga', durationMs: 30_000, artists: [bjork] },
      },
      {
        playedAt: at('2026-11-03T00:00', 42_750),
        track: { id: '1bNudeSandbox000000001', name: 'Nude', durationMs: 255_000, artists: [radiohead] },
      },
    ];
    return scenarioOf(exported, plays, accountDataTotals(), ['2026-11-01', '2026-11-04']);
  }

  it('counts each listening once in either order', async () => {
    // Prepare
    const syncFirst = await newSpotifyFan();
    const importFirst = await newSpotifyFan();
    const { exported, plays, expected, from, to } = scenario();
    await scriptSpotifyPlays(syncFirst.listener, plays);
    await scriptSpotifyPlays(importFirst.listener, plays);
    // Act
    const first = { synced: await syncNow(syncFirst) };
    const firstImport = await importExport(syncFirst, exportFiles.accountData, exported.text);
    const secondImport = await importExport(importFirst, exportFiles.accountData, exported.text);
    const second = { synced: await syncNow(importFirst) };
    // Assess: 6 counted plays in the export, 2 of them synced
    expect(first.synced).toMatchObject({ added: 2 });
    expect(firstImport).toEqual({ imported: 4, duplicates: 2 });
    expect(secondImport).toEqual({ imported: 6, duplicates: 0 });
    expect(second.synced).toMatchObject({ added: 2 });
    const day = expected.days[1]!.date;
    for (const fan of [syncFirst, importFirst]) {
      expect((await storedPlays(fan, day, day)).filter((play) => play.includes('spotify'))).toEqual([
        `${day}T00:00 spotify 255000`,
        `${day}T12:30 spotify 30000`,
      ]);
      expect(await dailyTotals(fan, from, to)).toEqual(expected.days);
    }
  });
});
