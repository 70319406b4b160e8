// The history import: the records of a fan's Spotify data export become plays, matched to catalogue
// artists by name, stored once however often the file is sent and never again for a listening the sync stored
// (docs/decisions/034), and the days they touch are rebuilt.
import type { HistoryImport, HistoryImportResult } from '../../contracts/listening';
import { findCatalogueArtistsByNames } from '../../data/catalogue/artists';
import { registerNameOnlyArtists } from '../../data/name-only-artists';
import {
  findNewPlays,
  getCountedListeningOfDays,
  recomputeDailyListening,
  saveListening,
} from '../../data/listening';
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
}

/** The deployment's table and the product clock. */
export function historyImportDependencies(): HistoryImportDependencies {
  return { table: getTable(), clock: getClock() };
}

/** `POST /tracks/user/import`: imports one batch of export records for the fan. */
export async function importListeningHistory(
  { table, clock }: HistoryImportDependencies,
  fanId: string,
  request: HistoryImport,
): Promise<HistoryImportResult> {
  const outcome = readHistoryImport(request);
  // Impossible plays (in the future by the product clock, over 3 hours) are refused; those past the 13-month
  // retention would be removed by TTL at once: they are reported as too old.
  const { kept, tooOld, refused } = screenImportedPlays(outcome.plays, clock.now());
  // An export names artists only: match each name to a catalogue artist where one has the same normalised name.
  const known = await findCatalogueArtistsByNames(
    table,
    kept.map((play) => play.artistName),
  );
  // A name the catalogue does not know is held by name when split; the escrow job looks for its artist later.
  await registerNameOnlyArtists(
    table,
    kept.flatMap((play) => {
      const normalisedName = normalizeArtistName(play.artistName);
      if (known.has(normalisedName)) return [];
      return [{ normalisedName, name: play.artistName, ...(play.trackId ? { trackId: play.trackId } : {}) }];
    }),
    clock.now(),
  );
  const { fresh, duplicates } = await findNewPlays(
    table,
    fanId,
    kept.map((play) => ({
      endedAt: play.endedAt,
      msPlayed: play.msPlayed,
      trackName: play.trackName,
      ...(play.trackId ? { trackId: play.trackId } : {}),
      artists: [artistOfImportedPlay(play.artistName, known)],
      source: 'import' as const,
      identity: play.identity,
    })),
  );
  // A day never holds more than 24 hours of counted listening, counting what earlier imports and syncs stored.
  const stored = await getCountedListeningOfDays(
    table,
    fanId,
    fresh.map((play) => utcDateOf(play.endedAt)),
  );
  const { admitted, refused: overDailyCap } = capDailyListening(fresh, stored);
  // A play of a listening the sync stored already is not stored again: it counts as a duplicate.
  const saved = await saveListening(table, fanId, admitted, { storedAt: clock.now() });
  await recomputeDailyListening(table, fanId, saved.days);
  recordMetric('HistoryImport');
  recordMetric('ImportedPlays', 'Count', saved.saved);
  return {
    imported: saved.saved,
    duplicates: duplicates + saved.duplicates + saved.matched,
    ignored: outcome.ignored,
    tooOld,
    refused: refused + overDailyCap,
  };
}
