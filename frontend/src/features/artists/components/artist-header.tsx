// The top of both artist screens: picture, name, claimed or not, genres, and the way to Spotify.
import type { ReactNode } from 'react';
import type { ArtistSummary } from '@contracts/artists';
import { LoadFailure } from '../../../components/load-failure';

export const claimText = {
  claimed: 'Claimed on OpenPie',
  unclaimed: 'Not claimed yet',
} as const;

export function ArtistHeader({ artist, detail }: { artist: ArtistSummary; detail?: string }) {
  return (
    <header className="artist-page__header">
      {artist.imageUrl ? (
        <img className="artist-page__image" src={artist.imageUrl} alt="" width={160} height={160} />
      ) : (
        <span className="artist-page__image artist-page__image--initial" aria-hidden="true">
          {artist.name.slice(0, 1).toUpperCase()}
        </span>
      )}
      <div className="artist-page__identity">
        <h1 className="artist-page__name">{artist.name}</h1>
        <p className="artist-page__badges">
          <span className={artist.claimed ? 'badge artist-page__badge--claimed' : 'badge'}>
            {artist.claimed ? claimText.claimed : claimText.unclaimed}
          </span>
          {artist.genres.slice(0, 3).map((genre) => (
            <span key={genre} className="artist-page__genre">
              {genre}
            </span>
          ))}
        </p>
        {detail ? <p className="artist-page__detail">{detail}</p> : null}
        <a
          className="artist-page__spotify"
          href={artist.spotifyUrl}
          target="_blank"
          rel="noreferrer noopener"
        >
          Open {artist.name} in Spotify<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </div>
    </header>
  );
}

/** What a page shows for an id OpenPie does not know: no error, a way on. */
export function ArtistNotFound({ children }: { children: ReactNode }) {
  return (
    <div className="wide-screen artist-page">
      <section className="panel artist-page__panel" aria-labelledby="artist-missing">
        <h1 id="artist-missing" className="artist-page__name">
          We could not find this artist
        </h1>
        <p>The link may be wrong, or OpenPie has not met this artist yet.</p>
        <div className="artist-page__actions">{children}</div>
      </section>
    </div>
  );
}

export function ArtistLoading() {
  return (
    <div className="wide-screen artist-page" aria-busy="true">
      <h1 className="artist-page__name">Artist</h1>
      <p role="status">Loading the artist...</p>
    </div>
  );
}

export function ArtistLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="wide-screen artist-page">
      <h1 className="artist-page__name">Artist</h1>
      <LoadFailure message="We could not load this artist. Please try again in a moment." onRetry={onRetry} />
    </div>
  );
}
