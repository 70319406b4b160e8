// The top of both artist screens: picture, name, claimed or not, genres, and the way to Spotify; and the states both
// show before their artist (not found, failed, loading).
import type { ReactNode } from 'react';
import type { SWRResponse } from 'swr';
import type { ArtistSummary } from '@contracts/artists';
import { LoadFailure } from '../../../components/load-failure';
import { isApiError } from '../../../lib/api-client';

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
function ArtistNotFound({ children }: { children: ReactNode }) {
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

function ArtistLoading() {
  return (
    <div className="wide-screen artist-page" aria-busy="true">
      <h1 className="artist-page__name">Artist</h1>
      <p role="status">Loading the artist...</p>
    </div>
  );
}

function ArtistLoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="wide-screen artist-page">
      <h1 className="artist-page__name">Artist</h1>
      <LoadFailure message="We could not load this artist. Please try again in a moment." onRetry={onRetry} />
    </div>
  );
}

/**
 * An artist screen until its artist is there: not found for an id that cannot be an artist's or that the server does
 * not know (with `wayOn`, the way on), the failure with a retry, the loading state; then `children` with the artist.
 */
export function ArtistStates<T>({
  validId,
  reply,
  wayOn,
  children,
}: {
  validId: boolean;
  reply: Pick<SWRResponse<T, unknown>, 'data' | 'error' | 'isLoading' | 'mutate'>;
  wayOn: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const { data, error, isLoading, mutate } = reply;
  if (!validId || (isApiError(error) && error.status === 404))
    return <ArtistNotFound>{wayOn}</ArtistNotFound>;
  if (error) return <ArtistLoadError onRetry={() => void mutate()} />;
  if (isLoading || !data) return <ArtistLoading />;
  return <>{children(data)}</>;
}
