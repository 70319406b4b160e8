// The history import: the records of a fan's Spotify data export become plays, matched to catalogue
// artists by name, stored once however often the file is sent and never again for a listening the sync stored
// (docs/decisions/034), and the days they touch are rebuilt. A request is worked through in slices within a time
// budget: on a slow day it answers what it went through and where to go on, well before the API's 29 s limit, and
// the screen sends the rest (each slice is whole: its plays stored and its days rebuilt before the next begins).
import type { HistoryImport, HistoryImportResult } from '../../contracts/listening';
import { findCatalogueArtistsByNames } from '../../data/catalogue/artists';
import { registerNameOnlyArtists } from '../../data/name-only-artists';
import { getCountedListeningOfDays, recomputeDailyListening } from '../../data/listening';
import type { ListeningGuardsRead } from '../../data/listening-counted-once';
import { findNewListening, readListeningGuards, saveListening } from '../../data/listening-counted-once';
import { playSortKey } from '../../data/keys';
import type { TableRef } from '../../data/table';
import { utcDateOf } from '../../domain/calendar';
import {
  artistOfImportedPlay,
  capDailyListening,
  readHistoryImport,
  screenImportedPlays,
} from '../../domain/listening/history-import';
import type { PlayToStore } from '../../domain/listening/plays';
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
/**
 * The first slice is shorter: nothing is written while it is read (its names looked up, which of its plays are new),
 * so the writing starts sooner and the rest of the names are looked up while the first slice is written.
 */
export const importFirstSliceRecords = 200;

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
  const withinBudget = (slowestSliceMs: number) => performance.now() - startedAt + slowestSliceMs <= budgetMs;
  let slowestSliceMs = 0;
  let processed = 0;
  let counts: ImportCounts = { imported: 0, duplicates: 0, ignored: 0, tooOld: 0, refused: 0 };
  const records: readonly HistoryImport['records'][number][] = request.records;
  const names: NamesSeen = { catalogue: new Map(), registered: new Set() };
  const firstSliceRecords = Math.min(sliceRecords, importFirstSliceRecords);
  const sizeAt = (first: number) =>
    Math.min(first === 0 ? firstSliceRecords : sliceRecords, records.length - first);
  const sliceAt = (first: number) =>
    ({ source: request.source, records: records.slice(first, first + sizeAt(first)) }) as HistoryImport;
  // A pipeline of two: while one slice is written, the next one is read (its names looked up, which of its plays are
  // new, its minutes' guards). Slices are still written one after another, each whole before the next begins.
  let preparing: Promise<PreparedSlice> | null = prepareSlice(deps, fanId, sliceAt(0), names);
  let previousKeys: ReadonlySet<string> = new Set();
  while (preparing !== null) {
    // A slice's time counts the wait for its reads (the first slice's, which nothing overlaps) and its writes.
    const sliceStartedAt = performance.now();
    const prepared = await preparing;
    const first = processed;
    const nextFirst = first + sizeAt(first);
    // The next slice is read while this one is written, when the time left would let it be written too.
    preparing =
      nextFirst < records.length && withinBudget(slowestSliceMs)
        ? prepareSlice(deps, fanId, sliceAt(nextFirst), names)
        : null;
    // A read that fails is the request's failure once its slice is reached; not an unhandled rejection before.
    preparing?.catch(() => undefined);
    const sliceCounts = await writeSlice(deps, fanId, prepared, previousKeys);
    counts = addCounts(counts, sliceCounts);
    processed = nextFirst;
    previousKeys = prepared.keys;
    slowestSliceMs = Math.max(slowestSliceMs, performance.now() - sliceStartedAt);
    // A slice read ahead is not written when the slowest slice so far would end past the budget.
    if (preparing !== null && !withinBudget(slowestSliceMs)) preparing = null;
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

/** A slice read, ready to be written: its plays, which of them were new when read, and their minutes' guards. */
interface PreparedSlice {
  counts: Pick<ImportCounts, 'ignored' | 'tooOld' | 'refused'>;
  fresh: PlayToStore[];
  duplicates: number;
  guardsRead: ListeningGuardsRead;
  /** The keys of the slice's plays: the next slice, read while this one is written, checks its own against them. */
  keys: ReadonlySet<string>;
}

/**
 * A slice's reads: its records screened, its artist names matched (and the unknown ones registered by name), which of
 * its plays are new and the guards of their minutes.
 */
async function prepareSlice(
  { table, clock }: HistoryImportDependencies,
  fanId: string,
  request: HistoryImport,
  names: NamesSeen,
): Promise<PreparedSlice> {
  const outcome = readHistoryImport(request);
  // Impossible plays (in the future by the product clock, over 3 hours) are refused; those past the 13-month
  // retention would be removed by TTL at once: they are reported as too old.
  const { kept, tooOld, refused } = screenImportedPlays(outcome.plays, clock.now());
  const playsWith = (known: ReadonlyMap<string, { id: string; name: string }>): PlayToStore[] =>
    kept.map((play) => ({
      endedAt: play.endedAt,
      msPlayed: play.msPlayed,
      trackName: play.trackName,
      ...(play.trackId ? { trackId: play.trackId } : {}),
      artists: [artistOfImportedPlay(play.artistName, known)],
      source: 'import' as const,
      identity: play.identity,
    }));
  // The guards of the plays' minutes say which plays were sent before (a counted play is registered in its buckets,
  // stored or matched), and depend on when each play ended and its track, not on the catalogue's artist: they are
  // read while the names are matched.
  const byName = playsWith(new Map());
  const readNewListening = async () => {
    const guards = await readListeningGuards(table, fanId, byName);
    return { guards, ...(await findNewListening(table, fanId, byName, guards)) };
  };
  const [known, { fresh: freshByName, duplicates, guards: guardsRead }] = await Promise.all([
    matchArtistNames(table, kept, names, clock.now()),
    readNewListening(),
  ]);
  const plays = playsWith(known);
  const matched = new Map(byName.map((play, index) => [play, plays[index] ?? play]));
  const fresh = freshByName.map((play) => matched.get(play) ?? play);
  return {
    counts: { ignored: outcome.ignored, tooOld, refused },
    fresh,
    duplicates,
    guardsRead,
    keys: new Set(plays.map((play) => playSortKey(play.endedAt, play.identity))),
  };
}

/**
 * The catalogue artists of the plays' names, as far as the request knows them: a name is looked up and, when the
 * catalogue does not know it, registered by name once a request, however many slices hold it.
 */
async function matchArtistNames(
  table: TableRef,
  plays: readonly { artistName: string; trackId?: string }[],
  names: NamesSeen,
  now: Date,
): Promise<Map<string, { id: string; name: string }>> {
  // An export names artists only: match each name to a catalogue artist where one has the same normalised name.
  const found = await findCatalogueArtistsByNames(
    table,
    plays.map((play) => play.artistName).filter((name) => !names.catalogue.has(normalizeArtistName(name))),
  );
  for (const play of plays) {
    const normalisedName = normalizeArtistName(play.artistName);
    if (!names.catalogue.has(normalisedName))
      names.catalogue.set(normalisedName, found.get(normalisedName) ?? null);
  }
  const known = new Map<string, { id: string; name: string }>();
  for (const [normalisedName, artist] of names.catalogue) if (artist) known.set(normalisedName, artist);
  // A name the catalogue does not know is held by name when split; the escrow job looks for its artist later.
  const unmatched = plays.flatMap((play) => {
    const normalisedName = normalizeArtistName(play.artistName);
    if (known.has(normalisedName) || names.registered.has(normalisedName)) return [];
    return [{ normalisedName, name: play.artistName, ...(play.trackId ? { trackId: play.trackId } : {}) }];
  });
  await registerNameOnlyArtists(table, unmatched, now);
  for (const { normalisedName } of unmatched) names.registered.add(normalisedName);
  return known;
}

/**
 * A slice's writes, after the slice before it is whole: the 24-hour cap admits its plays in time order after what
 * earlier slices and requests stored, the plays are stored once, and their days rebuilt.
 */
async function writeSlice(
  { table, clock }: HistoryImportDependencies,
  fanId: string,
  prepared: PreparedSlice,
  previousKeys: ReadonlySet<string>,
): Promise<ImportCounts> {
  // A play this slice shares with the one before was read while that one was being written: whether it is new is
  // read again now.
  const shared = prepared.fresh.filter((play) => previousKeys.has(playSortKey(play.endedAt, play.identity)));
  let { fresh, duplicates } = prepared;
  if (shared.length > 0) {
    const again = await findNewListening(
      table,
      fanId,
      shared,
      await readListeningGuards(table, fanId, shared),
    );
    const sharedKeys = new Set(shared);
    fresh = [...fresh.filter((play) => !sharedKeys.has(play)), ...again.fresh];
    duplicates += shared.length - again.fresh.length;
  }
  // The stored totals of the days read now, after the slice before rebuilt its days.
  const stored = await getCountedListeningOfDays(
    table,
    fanId,
    fresh.map((play) => utcDateOf(play.endedAt)),
  );
  // A day never holds more than 24 hours of counted listening, counting what earlier imports and syncs stored.
  const { admitted, refused: overDailyCap } = capDailyListening(fresh, stored);
  // A play of a listening the sync stored already is not stored again: it counts as a duplicate.
  const saved = await saveListening(table, fanId, admitted, {
    storedAt: clock.now(),
    guardsRead: prepared.guardsRead,
  });
  await recomputeDailyListening(table, fanId, saved.days);
  recordMetric('ImportedPlays', 'Count', saved.saved);
  return {
    imported: saved.saved,
    duplicates: duplicates + saved.duplicates + saved.matched,
    ignored: prepared.counts.ignored,
    tooOld: prepared.counts.tooOld,
    refused: prepared.counts.refused + overDailyCap,
  };
}
