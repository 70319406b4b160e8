// /artist/:id: one artist seen by the signed-in fan: who they are, whether they have claimed their profile (and a
// way to report a wrong claim), the fan's own listening of them, and their top tracks on Spotify.
import { Link, useParams } from 'react-router-dom';
import type { FanArtistDetails } from '@contracts/artists';
import { describeLoadError } from '../../../components/load-failure';
import { formatListeningTime, formatPlays, formatTrackLength } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useArtistTopTracks } from '../api/get-artist-top-tracks';
import { useFanArtistDetails } from '../api/get-fan-artist-details';
import '../artists.css';
import { describeFansListening, isArtistId } from '../lib/artist-words';
import { ArtistHeader, ArtistStates } from './artist-header';

export const artistScreenText = {
  listeningTitle: 'Your listening',
  last30Days: 'Last 30 days',
  allTime: 'Everything OpenPie keeps (13 months)',
  noListening: 'You have not listened to this artist on OpenPie yet.',
  topTracksTitle: 'Top tracks',
  topTracksLoading: 'Loading top tracks...',
  topTracksEmpty: 'Spotify lists no top tracks for this artist.',
  reportLead: 'Does this claim look wrong to you?',
  report: 'Report the claim',
} as const;

export function ArtistScreen() {
  const { id = '' } = useParams();
  const valid = isArtistId(id);
  const reply = useFanArtistDetails(valid ? id : null);
  useDocumentTitle(reply.data ? `${reply.data.artist.name} · OpenPie` : 'Artist · OpenPie');
  return (
    <ArtistStates
      validId={valid}
      reply={reply}
      wayOn={
        <Link className="button button--primary" to={paths.fan.dashboard()}>
          Back to your dashboard
        </Link>
      }
    >
      {(details) => <ArtistView details={details} />}
    </ArtistStates>
  );
}

export function ArtistView({ details }: { details: FanArtistDetails }) {
  const { artist, listening } = details;
  return (
    <div className="wide-screen artist-page">
      <ArtistHeader artist={artist} detail={describeFansListening(artist.fansListeningThisMonth)} />
      {artist.claimed ? (
        <p className="artist-page__report">
          {artistScreenText.reportLead}{' '}
          <Link to={`${paths.fan.report()}?artist=${encodeURIComponent(artist.id)}`}>
            {artistScreenText.report}
          </Link>
        </p>
      ) : null}
      <div className="artist-page__columns">
        <section className="panel artist-page__panel" aria-labelledby="artist-listening">
          <h2 id="artist-listening" className="panel__title">
            {artistScreenText.listeningTitle}
          </h2>
          {listening.allTime.plays === 0 ? (
            <p>{artistScreenText.noListening}</p>
          ) : (
            <dl className="artist-page__totals">
              <div>
                <dt>{artistScreenText.last30Days}</dt>
                <dd>
                  {formatPlays(listening.last30Days.plays)} ·{' '}
                  {formatListeningTime(listening.last30Days.msPlayed)}
                </dd>
              </div>
              <div>
                <dt>{artistScreenText.allTime}</dt>
                <dd>
                  {formatPlays(listening.allTime.plays)} · {formatListeningTime(listening.allTime.msPlayed)}
                </dd>
              </div>
            </dl>
          )}
        </section>
        <TopTracksSection artistId={artist.id} />
      </div>
    </div>
  );
}

function TopTracksSection({ artistId }: { artistId: string }) {
  const { data, error, isLoading, mutate } = useArtistTopTracks(artistId);
  return (
    <section className="panel artist-page__panel" aria-labelledby="artist-top-tracks" aria-busy={isLoading}>
      <h2 id="artist-top-tracks" className="panel__title">
        {artistScreenText.topTracksTitle}
      </h2>
      {error ? (
        <div className="artist-page__alert" role="alert">
          <p>{describeLoadError(error, 'We could not load the top tracks.')}</p>
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => void mutate()}
          >
            Try again
          </button>
        </div>
      ) : isLoading || !data ? (
        <p role="status">{artistScreenText.topTracksLoading}</p>
      ) : data.length === 0 ? (
        <p>{artistScreenText.topTracksEmpty}</p>
      ) : (
        <ol className="artist-page__tracks">
          {data.map((track) => (
            <li key={track.id} className="artist-page__track">
              <span className="artist-page__track-name">
                <a href={track.spotifyUrl} target="_blank" rel="noreferrer noopener">
                  {track.name}
                  <span className="visually-hidden"> (opens Spotify in a new tab)</span>
                </a>
                {track.albumName ? <span className="artist-page__track-album">{track.albumName}</span> : null}
              </span>
              <span className="artist-page__track-length">{formatTrackLength(track.durationMs)}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
