// Turns the records of a Spotify data export into plays. Podcasts, audiobooks, rows without an artist and plays
// under 30 s are ignored; what remains carries an identity, so importing the same file twice adds nothing.
import type { AccountDataRecord, ExtendedRecord, HistoryImport } from '../../contracts/listening';
import { isCountedPlay, normalizeArtistName } from './rules';

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
