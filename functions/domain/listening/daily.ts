// Per-day listening: for each UTC day, the counted plays and their time, and per artist the plays they were part of
// and their share of the time (GET /tracks/user/daily and the daily aggregates the split reads).
import { utcDateOf } from '../calendar';
import { isCountedPlay, shareAmongArtists } from './rules';

export interface PlayArtist {
  /** Catalogue id where known; artists known only by name have none. */
  artistId?: string;
  artistName: string;
}

export interface CountablePlay {
  /** When the play ended, ISO 8601 UTC. */
  endedAt: string;
  msPlayed: number;
  artists: readonly PlayArtist[];
}

export interface DailyArtistListening {
  artistId?: string;
  artistName: string;
  plays: number;
  msPlayed: number;
}

export interface DailyListening {
  /** `YYYY-MM-DD`, UTC. */
  date: string;
  plays: number;
  msPlayed: number;
  artists: DailyArtistListening[];
}

/** The key an artist is counted under: its id, or its name when it has none. */
export function artistKeyOf(artist: PlayArtist): string {
  return artist.artistId ? `id:${artist.artistId}` : `name:${artist.artistName}`;
}

export function aggregateDaily(plays: readonly CountablePlay[]): DailyListening[] {
  const days = new Map<
    string,
    { plays: number; msPlayed: number; artists: Map<string, DailyArtistListening> }
  >();
  for (const play of plays) {
    if (!isCountedPlay(play.msPlayed) || play.artists.length === 0) continue;
    const date = utcDateOf(play.endedAt);
    const day = days.get(date) ?? { plays: 0, msPlayed: 0, artists: new Map() };
    days.set(date, day);
    day.plays += 1;
    day.msPlayed += play.msPlayed;
    const byKey = new Map(play.artists.map((artist) => [artistKeyOf(artist), artist]));
    for (const [key, ms] of shareAmongArtists(play.msPlayed, [...byKey.keys()])) {
      const artist = byKey.get(key);
      if (!artist) continue;
      const entry = day.artists.get(key) ?? {
        ...(artist.artistId ? { artistId: artist.artistId } : {}),
        artistName: artist.artistName,
        plays: 0,
        msPlayed: 0,
      };
      entry.plays += 1;
      entry.msPlayed += ms;
      day.artists.set(key, entry);
    }
  }
  return [...days]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([date, day]) => ({
      date,
      plays: day.plays,
      msPlayed: day.msPlayed,
      artists: [...day.artists.values()].sort(
        (a, b) => b.msPlayed - a.msPlayed || a.artistName.localeCompare(b.artistName),
      ),
    }));
}
