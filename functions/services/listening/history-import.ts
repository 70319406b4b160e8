// The history import: the records of a fan's Spotify data export become plays, matched to catalogue
// artists by name, stored once however often the file is sent and never again for a listening the sync stored
// (docs/decisions/034), and the days they touch are rebuilt. A request is worked through in slices within a time
// budget: on a slow day it answers what it went through and where to go on, well before the API's 29 s limit, and
// the screen sends the rest (each slice is whole: its plays stored and its days rebuilt before the next begins).
import type { HistoryImport, HistoryImportResult } from '../../contracts/listening';
import { findCatalogueArtistsByNames } from '../../data/catalogue/artists';
import { registerNameOnlyArtists } from '../../data/name-only-artists';
import { findNewPlays, getCountedListeningOfDays, recomputeDailyListening } from '../../data/listening';
import { readListeningGuards, saveListening } from '../../data/listening-counted-once';
import type { TableRef } from '../../data/table';
import { utcDateOf } from '../../domain/calendar';
import {
  artistOfImportedPlay,
  capDailyListening,
  readHistoryImport,
  screenImportedPlays,
} from '../../domain/listening/history-import';
import { normalizeArtistName } from '../../domain/listening/rules';
import type { Clock } from '../../runtime/clock';
import { getClock } from '../../runtime/clock';
import { recordMetric } from '../../runtime/metrics';
import { getTable } from '../../runtime/table';

export interface HistoryImportDependencies {
  table: TableRef;
  /** The product clock: plays after it are refused, plays older than the retention are not kept. */
  clock: Clock;
  /**
   * How long one request may go on starting slices, in ms of wall time: a slice is not started when the slowest one
   * so far would end past it. The first slice always runs, so every request makes progress.
   */
  writeBudgetMs?: number;
  /** Records read, matched and stored together between two looks at the time. */
  sliceRecords?: number;
}

/**
 * Well inside the 29 s the API allows a request (infra/openpie-stack.ts): the slowest slice seen may still run after
 * the budget is nearly spent, and the reply must still go out.
 */
export const importWriteBudgetMs = 20_000;
/**
 * Eight transactions of 50 plays and their minutes' guards, one for each of the writes the store keeps in flight
 * (data/listening-counted-once.ts; 500 left three of them idle): 2-6 s on a loaded machine, where 5,000 records in
 * one go took over 29 s.
 */
export const importSliceRecords = 800;

/** The deployment's table and the product clock. */
export function historyImportDependencies(): HistoryImportDependencies {
  return { table: getTable(), clock: getClock() };
}

/**
 * What a request's earlier slices learned of the export's artist names: the catalogue artist of each name looked up
 * (null: none), and the names already given to the name-only registration. A name is looked up and registered once a
 * request, however many slices it appears in, as when the request was one slice.
 */
interface NamesSeen {
  catalogue: Map<string, { id: string; name: string } | null>;
  registered: Set<string>;
}

/** The counts of the records gone through: those of each slice, added up. */
type ImportCounts = Omit<HistoryImportResult, 'processedRecords' | 'nextRecord'>;

/**
 * `POST /tracks/user/import`: imports one batch of export records for the fan, slice by slice, until every record is
 * stored or the time budget is spent. The reply counts the records gone through (the first `processedRecords`) and
 * names the first one not looked at (`nextRecord`, null when none is left): sending the records from there again
 * goes on where this request stopped, and sending any of them twice stores nothing twice.
 */
export async function importListeningHistory(
  deps: HistoryImportDependencies,
  fanId: string,
  request: HistoryImport,
): Promise<HistoryImportResult> {
  const budgetMs = deps.writeBudgetMs ?? importWriteBudgetMs;
  const sliceRecords = Math.max(1, deps.sliceRecords ?? importSliceRecords);
  const startedAt = performance.now();
  let slowestSliceMs = 0;
  let processed = 0;
  let counts: ImportCounts = { imported: 0, duplicates: 0, ignored: 0, tooOld: 0, refused: 0 };
  const records: readonly HistoryImport['records'][number][] = request.records;
  const names: NamesSeen = { catalogue: new Map(), registered: new Set() };
  while (processed < records.length) {
    if (processed > 0 && performance.now() - startedAt + slowestSliceMs > budgetMs) break;
    const sliceStartedAt = performance.now();
    const slice = records.slice(processed, processed + sliceRecords);
    const sliceCounts = await importSlice(
      deps,
      fanId,
      { source: request.source, records: slice } as HistoryImport,
      names,
    );
    counts = addCounts(counts, sliceCounts);
    processed += slice.length;
    slowestSliceMs = Math.max(slowestSliceMs, performance.now() - sliceStartedAt);
  }
  recordMetric('HistoryImport');
  return {
    ...counts,
    processedRecords: processed,
    nextRecord: processed < records.length ? processed : null,
  };
}

function addCounts(a: ImportCounts, b: ImportCounts): ImportCounts {
  return {
    imported: a.imported + b.imported,
    duplicates: a.duplicates + b.duplicates,
    ignored: a.ignored + b.ignored,
    tooOld: a.tooOld + b.tooOld,
    refused: a.refused + b.refused,
  };
}

/**
 * One slice: its plays screened, matched, stored and their days rebuilt. The 24-hour cap admits a slice's plays in
 * time order after what earlier slices and requests stored.
 */
async function importSlice(
  { table, clock }: HistoryImportDependencies,
  fanId: string,
  request: HistoryImport,
  names: NamesSeen,
): Promise<ImportCounts> {
  const outcome = readHistoryImport(request);
  // Impossible plays (in the future by the product clock, over 3 hours) are refused; those past the 13-month
  // retention would be removed by TTL at once: they are reported as too old.
  const { kept, tooOld, refused } = screenImportedPlays(outcome.plays, clock.now());
  // An export names artists only: match each name to a catalogue artist where one has the same normalised name.
  const found = await findCatalogueArtistsByNames(
    table,
    kept.map((play) => play.artistName).filter((name) => !names.catalogue.has(normalizeArtistName(name))),
  );
  for (const play of kept) {
    const normalisedName = normalizeArtistName(play.artistName);
    if (!names.catalogue.has(normalisedName))
      names.catalogue.set(normalisedName, found.get(normalisedName) ?? null);
  }
  const known = new Map<string, { id: string; name: string }>();
  for (const [normalisedName, artist] of names.catalogue) if (artist) known.set(normalisedName, artist);
  // A name the catalogue does not know is held by name when split; the escrow job looks for its artist later.
  const unmatched = kept.flatMap((play) => {
    const normalisedName = normalizeArtistName(play.artistName);
    if (known.has(normalisedName) || names.registered.has(normalisedName)) return [];
    return [{ normalisedName, name: play.artistName, ...(play.trackId ? { trackId: play.trackId } : {}) }];
  });
  await registerNameOnlyArtists(table, unmatched, clock.now());
  for (const { normalisedName } of unmatched) names.registered.add(normalisedName);
  const plays = kept.map((play) => ({
    endedAt: play.endedAt,
    msPlayed: play.msPlayed,
    trackName: play.trackName,
    ...(play.trackId ? { trackId: play.trackId } : {}),
    artists: [artistOfImportedPlay(play.artistName, known)],
    source: 'import' as const,
    identity: play.identity,
  }));
  // Which plays are new, the stored totals of their days and the guards of their minutes, read at once (the days and
  // minutes of every play of the slice: those of the new ones are among them).
  const [{ fresh, duplicates }, stored, guardsRead] = await Promise.all([
    findNewPlays(table, fanId, plays),
    getCountedListeningOfDays(
      table,
      fanId,
      plays.map((play) => utcDateOf(play.endedAt)),
    ),
    readListeningGuards(table, fanId, plays),
  ]);
  // A day never holds more than 24 hours of counted listening, counting what earlier imports and syncs stored.
  const { admitted, refused: overDailyCap } = capDailyListening(fresh, stored);
  // A play of a listening the sync stored already is not stored again: it counts as a duplicate.
  const saved = await saveListening(table, fanId, admitted, { storedAt: clock.now(), guardsRead });
  await recomputeDailyListening(table, fanId, saved.days);
  recordMetric('ImportedPlays', 'Count', saved.saved);
  return {
    imported: saved.saved,
    duplicates: duplicates + saved.duplicates + saved.matched,
    ignored: outcome.ignored,
    tooOld,
    refused: refused + overDailyCap,
  };
}
