// A play as the sync and the history import store it, and how a Spotify recently-played item becomes one
// (docs/decisions/008-listening-sync.md): `played_at` is when the play ended, and a play lasted the track's duration,
// cut to the gap since the previous play ended when that is shorter (the fan skipped).
import type { PlayArtist } from './daily';

export interface PlayToStore {
  /** ISO 8601 UTC end of the play. */
  endedAt: string;
  msPlayed: number;
  trackName: string;
  trackId?: string;
  artists: PlayArtist[];
  source: 'spotify' | 'import';
  /** What makes two records the same play (see history-import.ts and `toPlays`). */
  identity: string;
}

/** The fields of a Spotify recently-played item a play is read from. */
export interface RecentlyPlayedItem {
  /** When the play ended, ISO 8601. */
  played_at: string;
  track: {
    id: string;
    name: string;
    duration_ms: number;
    artists: readonly { id: string; name: string }[];
  };
}

/**
 * A recently-played reply's items as plays, oldest first. `previousEndMs` is when the play before the oldest item
 * ended (the sync's cursor), or null when unknown: the oldest item then counts its full duration.
 */
export function toPlays(
  recent: { items: readonly RecentlyPlayedItem[] },
  previousEndMs: number | null,
): PlayToStore[] {
  const sorted = [...recent.items].sort((a, b) => Date.parse(a.played_at) - Date.parse(b.played_at));
  let previous = previousEndMs;
  return sorted.map((item) => {
    const endedAtMs = Date.parse(item.played_at);
    const gap = previous === null ? Number.POSITIVE_INFINITY : endedAtMs - previous;
    previous = endedAtMs;
    return {
      endedAt: new Date(endedAtMs).toISOString(),
      msPlayed: Math.max(0, Math.min(item.track.duration_ms, gap)),
      trackName: item.track.name,
      trackId: item.track.id,
      artists: item.track.artists.map((artist) => ({ artistId: artist.id, artistName: artist.name })),
      source: 'spotify',
      identity: `spotify:${endedAtMs}:${item.track.id}`,
    };
  });
}
