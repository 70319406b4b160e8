// The fan's artists of the last 30 days as a list, on the profile (with a share bar) and under the earth globe (with
// each artist's slice colour).
import type { ProfileArtist } from '@contracts/fan-profile';
import { formatListeningTime, formatShare } from '../../../lib/format';

export interface TopArtistListProps {
  artists: readonly ProfileArtist[];
  /** Shows a bar as long as the artist's share between the name and the numbers. */
  withBars?: boolean;
  /** The CSS colour of a swatch before the artist's name, by the artist's place in the list. */
  swatchColor?: (index: number) => string;
}

export function TopArtistList({ artists, withBars = false, swatchColor }: TopArtistListProps) {
  return (
    <ol className="fan-profile__artists">
      {artists.map((artist, index) => (
        <li key={artist.artistId ?? `name:${artist.artistName}`} className="fan-profile__artist">
          <span className="fan-profile__artist-name">
            {swatchColor ? (
              <span className="earth__swatch" aria-hidden="true" style={{ background: swatchColor(index) }} />
            ) : null}
            {artist.artistName}
          </span>
          {withBars ? (
            <span className="fan-profile__bar" aria-hidden="true">
              <span style={{ width: `${Math.max(2, Math.round(artist.share * 100))}%` }} />
            </span>
          ) : null}
          <span className="fan-profile__artist-share">
            {formatShare(artist.share)} · {formatListeningTime(artist.msPlayed)}
          </span>
        </li>
      ))}
    </ol>
  );
}
