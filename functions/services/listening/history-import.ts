// The history import: the records of a fan's Spotify data export become plays, matched to catalogue
// artists by name, stored once however often the file is sent and never again for a listening the sync stored
// (docs/decisions/034), and the days they touch are rebuilt. A request is worked through in slices within a time
// budget: on a slow day it answers what it went through and where to go on, well before the API's 29 s limit, and
// the screen sends the rest. The slices are pipelined (docs/decisions/057): the next slice's reads run while this
// one writes, and a slice's days are rebuilt while the next one writes (a day the next one also writes to is rebuilt
// once, after it); a request answers only once every day it touched is rebuilt.
import type { HistoryImport, HistoryImportResult } from '../../contracts/listening';
import { findCatalogueArtistsByNames } from '../../data/catalogue/artists';
import { registerNameOnlyArtists } from '../../data/name-only-artists';
import { findNewPlays, getCountedListeningOfDays, recomputeDailyListening } from '../../data/listening';
import type { ListeningGuardsRead } from '../../data/listening-counted-once';
import { readListeningGuards, saveListening } from '../../data/listening-counted-once';
import type { TableRef } from '../../data/table';
import { utcDateOf } from '../../domain/calendar';
import type { ImportedPlay } from '../../domain/listening/history-import';
import {
  artistOfImportedPlay,
  capDailyListening,
  readHistoryImport,
  screenImportedPlays,
} from '../../domain/listening/history-import';
import type { PlayToStore } from '../../domain/listening/plays';
import { isCountedPlay, normalizeArtistName } from '../../domain/listening/rules';
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

/** What a request's slices share: the names seen, and each day's counted listening as the request knows it. */
interface RequestState {
  names: NamesSeen;
  /**
   * Each day's counted listening in ms: read once, when a slice's plays first fall on the day (before any slice of
   * the request wrote to it), then added to as the request's slices store plays on it. The 24-hour cap reads it, so
   * a slice need not wait for the previous slice's days to be rebuilt.
   */
  dayTotals: Map<string, number>;
}

/** A slice read ahead, while the slice before it writes: its plays, which of them are new, its minutes' guards. */
interface PreparedSlice {
  records: number;
  ignored: number;
  tooOld: number;
  refused: number;
  /** The plays kept after screening, as the export names their artists (for the name-only registration). */
  kept: ImportedPlay[];
  /** The plays not stored when read, their artists matched to the catalogue where it knows the name. */
  fresh: PlayToStore[];
  duplicates: number;
  guardsRead: ListeningGuardsRead;
  /** The UTC days of the slice's plays. */
  days: ReadonlySet<string>;
}

/** What the slice before wrote after the next slice's reads: its guards' minutes are read again, its plays known. */
interface SliceWritten {
  minutes: ReadonlySet<string>;
  storedPlays: ReadonlySet<string>;
}

/** A play's key within a request: stored plays are keyed by their end and identity. */
const playKeyOf = (play: { endedAt: string; identity: string }) => `${play.endedAt}#${play.identity}`;

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
  const elapsed = () => performance.now() - startedAt;
  const records: readonly HistoryImport['records'][number][] = request.records;
  const sliceFrom = (from: number) =>
    ({ source: request.source, records: records.slice(from, from + sliceRecords) }) as HistoryImport;
  const state: RequestState = {
    names: { catalogue: new Map(), registered: new Set() },
    dayTotals: new Map(),
  };
  let counts: ImportCounts = { imported: 0, duplicates: 0, ignored: 0, tooOld: 0, refused: 0 };
  let processed = 0;
  // A slice's time: from the end of the slice before (its reads ran meanwhile) to the end of its own writes.
  let slowestSliceMs = 0;
  let sliceStartedAt = startedAt;
  // Days are rebuilt one set after another, each while the next slice writes; a day stays pending while the next
  // slice has plays on it.
  let rebuilt: Promise<void> = Promise.resolve();
  const rebuild = (days: readonly string[]) => {
    if (days.length === 0) return;
    rebuilt = rebuilt.then(() => recomputeDailyListening(deps.table, fanId, days));
    // Awaited before the reply; marked handled here so a failure waits for that await.
    rebuilt.catch(() => undefined);
  };
  let pendingDays = new Set<string>();
  let written: SliceWritten | null = null;
  let next: Promise<PreparedSlice> | null = null;
  try {
    let current: PreparedSlice | null =
      records.length > 0 ? await prepareSlice(deps, fanId, sliceFrom(0), state) : null;
    while (current !== null) {
      const nextFrom = processed + current.records;
      // The next slice read while this one writes, when it could still start within the budget.
      if (nextFrom < records.length && elapsed() + slowestSliceMs <= budgetMs) {
        next = prepareSlice(deps, fanId, sliceFrom(nextFrom), state);
        next.catch(() => undefined);
      }
      const outcome = await writeSlice(deps, fanId, current, state, written);
      counts = addCounts(counts, outcome.counts);
      processed = nextFrom;
      written = { minutes: current.guardsRead.minutes, storedPlays: outcome.storedPlays };
      for (const day of outcome.days) pendingDays.add(day);
      const now = performance.now();
      slowestSliceMs = Math.max(slowestSliceMs, now - sliceStartedAt);
      sliceStartedAt = now;
      // A slice is not started when the slowest one so far would end past the budget.
      const upcoming: PreparedSlice | null =
        next === null || processed >= records.length || elapsed() + slowestSliceMs > budgetMs
          ? null
          : await next;
      const nextDays = upcoming?.days ?? new Set<string>();
      rebuild([...pendingDays].filter((day) => !nextDays.has(day)).sort());
      pendingDays = new Set([...pendingDays].filter((day) => nextDays.has(day)));
      current = upcoming;
      if (upcoming !== null) next = null;
    }
  } finally {
    // Reads of a slice the budget left out, and the days still being rebuilt, end before the reply.
    await next?.catch(() => undefined);
    await rebuilt.catch(() => undefined);
  }
  await rebuilt;
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
 * A slice's reads, ahead of its writes: its records screened, its artist names matched to the catalogue (each name
 * once a request), and at once which plays are new, its minutes' guards and the totals of days the request has not
 * read yet. Reads only: a slice the budget leaves out has written nothing.
 */
async function prepareSlice(
  { table, clock }: HistoryImportDependencies,
  fanId: string,
  request: HistoryImport,
  { names, dayTotals }: RequestState,
): Promise<PreparedSlice> {
  const outcome = readHistoryImport(request);
  // Impossible plays (in the future by the product clock, over 3 hours) are refused; those past the 13-month
  // retention would be removed by TTL at once: they are reported as too old.
  const { kept, tooOld, refused } = screenImportedPlays(outcome.plays, clock.now());
  // As the export names them: the keys, the days and the minutes do not depend on the catalogue's match.
  const named = kept.map((play) => ({
    endedAt: play.endedAt,
    msPlayed: play.msPlayed,
    trackName: play.trackName,
    ...(play.trackId ? { trackId: play.trackId } : {}),
    artists: [{ artistName: play.artistName }],
    source: 'import' as const,
    identity: play.identity,
  }));
  const days = new Set(named.map((play) => utcDateOf(play.endedAt)));
  const unreadDays = [...days].filter((day) => !dayTotals.has(day));
  // An export names artists only: each name matched to a catalogue artist of the same normalised name, beside the
  // reads of which plays are new, the totals of the days first touched and the guards of the slice's minutes.
  const [found, { fresh, duplicates }, totals, guardsRead] = await Promise.all([
    findCatalogueArtistsByNames(
      table,
      kept.map((play) => play.artistName).filter((name) => !names.catalogue.has(normalizeArtistName(name))),
    ),
    findNewPlays(table, fanId, named),
    getCountedListeningOfDays(table, fanId, unreadDays),
    readListeningGuards(table, fanId, named),
  ]);
  for (const day of unreadDays) if (!dayTotals.has(day)) dayTotals.set(day, totals.get(day) ?? 0);
  for (const play of kept) {
    const normalisedName = normalizeArtistName(play.artistName);
    if (!names.catalogue.has(normalisedName))
      names.catalogue.set(normalisedName, found.get(normalisedName) ?? null);
  }
  const known = knownArtists(names);
  return {
    records: request.records.length,
    ignored: outcome.ignored,
    tooOld,
    refused,
    kept,
    fresh: fresh.map((play) => ({
      ...play,
      artists: [artistOfImportedPlay(play.artists[0]?.artistName ?? '', known)],
    })),
    duplicates,
    guardsRead,
    days,
  };
}

/** The names the catalogue knows, of those the request looked up. */
function knownArtists(names: NamesSeen): Map<string, { id: string; name: string }> {
  const known = new Map<string, { id: string; name: string }>();
  for (const [normalisedName, artist] of names.catalogue) if (artist) known.set(normalisedName, artist);
  return known;
}

/**
 * A slice's writes: its names the catalogue does not know registered, its new plays capped at 24 hours a day (in
 * time order, after what earlier slices and requests stored) and stored once. What the slice before wrote after this
 * slice's reads is taken into account: its minutes' guards are read again at the write, and its stored plays are
 * duplicates here.
 */
async function writeSlice(
  { table, clock }: HistoryImportDependencies,
  fanId: string,
  slice: PreparedSlice,
  { names, dayTotals }: RequestState,
  before: SliceWritten | null,
): Promise<{ counts: ImportCounts; days: string[]; storedPlays: ReadonlySet<string> }> {
  const fresh = before ? slice.fresh.filter((play) => !before.storedPlays.has(playKeyOf(play))) : slice.fresh;
  const guardsRead: ListeningGuardsRead = before
    ? {
        minutes: new Set([...slice.guardsRead.minutes].filter((minute) => !before.minutes.has(minute))),
        guards: new Map([...slice.guardsRead.guards].filter(([minute]) => !before.minutes.has(minute))),
      }
    : slice.guardsRead;
  // A name the catalogue does not know is held by name when split; the escrow job looks for its artist later.
  const known = knownArtists(names);
  const unmatched = slice.kept.flatMap((play) => {
    const normalisedName = normalizeArtistName(play.artistName);
    if (known.has(normalisedName) || names.registered.has(normalisedName)) return [];
    return [{ normalisedName, name: play.artistName, ...(play.trackId ? { trackId: play.trackId } : {}) }];
  });
  await registerNameOnlyArtists(table, unmatched, clock.now());
  for (const { normalisedName } of unmatched) names.registered.add(normalisedName);
  // A day never holds more than 24 hours of counted listening, counting what earlier imports and syncs stored.
  const { admitted, refused: overDailyCap } = capDailyListening(fresh, dayTotals);
  // A play of a listening the sync stored already is not stored again: it counts as a duplicate.
  const saved = await saveListening(table, fanId, admitted, { storedAt: clock.now(), guardsRead });
  for (const play of saved.storedPlays) {
    const day = utcDateOf(play.endedAt);
    if (isCountedPlay(play.msPlayed)) dayTotals.set(day, (dayTotals.get(day) ?? 0) + play.msPlayed);
  }
  recordMetric('ImportedPlays', 'Count', saved.saved);
  return {
    counts: {
      imported: saved.saved,
      duplicates: slice.duplicates + (slice.fresh.length - fresh.length) + saved.duplicates + saved.matched,
      ignored: slice.ignored,
      tooOld: slice.tooOld,
      refused: slice.refused + overDailyCap,
    },
    days: saved.days,
    storedPlays: new Set(saved.storedPlays.map(playKeyOf)),
  };
}
