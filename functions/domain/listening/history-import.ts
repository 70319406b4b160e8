// Turns the records of a Spotify data export into plays. Podcasts, audiobooks, rows without an artist and plays
// under 30 s are ignored; what remains carries an identity, so importing the same file twice adds nothing.
// Listening is what splits money, so an import is also held to sanity limits: nothing in the future,
// no play over 3 hours, and never more than 24 hours of counted listening in one UTC day. An import only steers the
// fan's own money: these are limits on the believable, not a trust model.
import type { AccountDataRecord, ExtendedRecord, HistoryImport } from '../../contracts/listening';
import { msPerHour, utcDateOf } from '../calendar';
import { isWithinRetention } from './retention';
import { isCountedPlay, normalizeArtistName } from './rules';

/** No single play lasts longer: a longer record is refused. */
export const longestPlayMs = 3 * msPerHour;
/** A UTC day holds at most this much counted listening; what an import would add past it is refused. */
export const dailyListeningCapMs = 24 * msPerHour;

export interface ImportedPlay {
  /** When the play ended, ISO 8601 UTC. */
  endedAt: string;
  msPlayed: number;
  trackName: string;
  artistName: string;
  /** Spotify's track id, read from `spotify:track:<id>` where the export has it (extended history only). */
  trackId?: string;
  /**
   * The record's identity: (end time, artist name, track name, ms played). Two different plays ending in the same
   * minute differ in track or length, so both count; the same record imported twice is one play.
   */
  identity: string;
}

export interface ImportOutcome {
  plays: ImportedPlay[];
  ignored: number;
}

export function readHistoryImport(request: HistoryImport): ImportOutcome {
  const plays: ImportedPlay[] = [];
  let ignored = 0;
  const records: readonly (AccountDataRecord | ExtendedRecord)[] = request.records;
  for (const record of records) {
    const play =
      request.source === 'spotify-account-data'
        ? readAccountDataRecord(record as AccountDataRecord)
        : readExtendedRecord(record as ExtendedRecord);
    if (play) plays.push(play);
    else ignored += 1;
  }
  return { plays, ignored };
}

function readAccountDataRecord(record: AccountDataRecord): ImportedPlay | null {
  const artistName = record.artistName?.trim();
  const trackName = record.trackName?.trim();
  if (!artistName || !trackName || !isCountedPlay(record.msPlayed)) return null;
  // "Unknown Artist" / "Unknown Track" are how this export marks podcasts and local files it could not name.
  if (artistName === 'Unknown Artist' || trackName === 'Unknown Track') return null;
  const endedAt = `${record.endTime.replace(' ', 'T')}:00.000Z`;
  return {
    endedAt,
    msPlayed: record.msPlayed,
    trackName,
    artistName,
    identity: identityOf(record.endTime, artistName, trackName, record.msPlayed),
  };
}

function readExtendedRecord(record: ExtendedRecord): ImportedPlay | null {
  const isPodcastOrBook = Boolean(
    record.episode_name || record.spotify_episode_uri || record.audiobook_title || record.audiobook_uri,
  );
  const artistName = record.master_metadata_album_artist_name?.trim();
  const trackName = record.master_metadata_track_name?.trim();
  if (isPodcastOrBook || !artistName || !trackName || !isCountedPlay(record.ms_played)) return null;
  const endedAt = new Date(Date.parse(record.ts)).toISOString();
  return {
    endedAt,
    msPlayed: record.ms_played,
    trackName,
    artistName,
    ...trackIdFrom(record.spotify_track_uri),
    identity: identityOf(record.ts, artistName, trackName, record.ms_played),
  };
}

export interface ScreenedPlays<P> {
  /** Plays the product may keep. */
  kept: P[];
  /** Older than the 13-month retention: they would leave the table at once. */
  tooOld: number;
  /** Impossible: ending after `now`, or longer than 3 hours. */
  refused: number;
}

/**
 * Sorts an export's plays by what the product may keep at `now` (the product clock). An impossible play is refused
 * whatever its age; a possible one past the retention is too old.
 */
export function screenImportedPlays<P extends { endedAt: string; msPlayed: number }>(
  plays: readonly P[],
  now: Date,
): ScreenedPlays<P> {
  const kept: P[] = [];
  let tooOld = 0;
  let refused = 0;
  for (const play of plays) {
    if (Date.parse(play.endedAt) > now.getTime() || play.msPlayed > longestPlayMs) refused += 1;
    else if (!isWithinRetention(play.endedAt, now)) tooOld += 1;
    else kept.push(play);
  }
  return { kept, tooOld, refused };
}

export interface CappedPlays<P> {
  admitted: P[];
  /** Plays that would have taken their day past 24 hours of counted listening. */
  refused: number;
}

/**
 * Admits new plays into their UTC days while each day's counted listening stays within 24 hours. `countedMsByDay`
 * is what each day already holds (plays stored earlier, by any import or sync). Plays are taken in time order (then
 * by identity), each admitted when it still fits, so the outcome does not depend on the order of the file.
 */
export function capDailyListening<P extends { endedAt: string; msPlayed: number; identity: string }>(
  plays: readonly P[],
  countedMsByDay: ReadonlyMap<string, number>,
): CappedPlays<P> {
  const totals = new Map(countedMsByDay);
  const admitted: P[] = [];
  let refused = 0;
  const inTimeOrder = [...plays].sort(
    (a, b) =>
      a.endedAt.localeCompare(b.endedAt) || (a.identity < b.identity ? -1 : a.identity > b.identity ? 1 : 0),
  );
  for (const play of inTimeOrder) {
    const date = utcDateOf(play.endedAt);
    // Only counted plays make up a day's listening; the import keeps no others, but the rule holds for any play.
    const adds = isCountedPlay(play.msPlayed) ? play.msPlayed : 0;
    const total = (totals.get(date) ?? 0) + adds;
    if (total > dailyListeningCapMs) {
      refused += 1;
      continue;
    }
    totals.set(date, total);
    admitted.push(play);
  }
  return { admitted, refused };
}

function trackIdFrom(uri: string | null | undefined): { trackId?: string } {
  const trackId = uri?.match(/^spotify:track:([A-Za-z0-9]+)$/)?.[1];
  return trackId ? { trackId } : {};
}

/**
 * An exported play's artist: the catalogue artist whose normalised name is the same (`known`, keyed by
 * normalizeArtistName), or the name alone when the catalogue has no such artist.
 */
export function artistOfImportedPlay(
  artistName: string,
  known: ReadonlyMap<string, { id: string; name: string }>,
): { artistId?: string; artistName: string } {
  const match = known.get(normalizeArtistName(artistName));
  return match ? { artistId: match.id, artistName: match.name } : { artistName };
}

function identityOf(end: string, artistName: string, trackName: string, msPlayed: number): string {
  return JSON.stringify([end, artistName, trackName, msPlayed]);
}
