// This period's listening (the last 30 days): totals and the top artists with their share of the time, each linked
// to its artist page when the artist is in the catalogue (has an id).
import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { DailyListeningReply } from '@contracts/listening';
import type { SpotifyConnectionStatus } from '@contracts/spotify-sync';
import { paths } from '../../../lib/paths';
import type { TopArtist } from '../lib/period-summary';
import { formatCount, formatListeningTime, formatPlays, formatShare } from '../../../lib/format';
import { summarizePeriod } from '../lib/period-summary';
import { AppPanel } from '../../../components/app-panel';
import { Loaded } from '../../../components/load-failure';

const periodWords = {
  loading: 'Loading your listening…',
  failed: 'Your listening could not be loaded.',
} as const;

function ArtistRow({ artist, rank }: { artist: TopArtist; rank: number }) {
  const name = artist.artistId ? (
    <Link to={paths.fan.artist({ id: artist.artistId })}>{artist.artistName}</Link>
  ) : (
    artist.artistName
  );
  return (
    <li className="top-artist">
      <span className="top-artist__avatar" aria-hidden="true">
        {artist.artistName.trim().charAt(0).toUpperCase() || '?'}
      </span>
      <div className="top-artist__main">
        <span className="top-artist__name">
          <span className="visually-hidden">{`${rank}. `}</span>
          {name}
        </span>
        <span className="top-artist__bar" aria-hidden="true">
          <span style={{ width: `${Math.max(2, Math.round(artist.share * 100))}%` }} />
        </span>
      </div>
      <div className="top-artist__meta">
        <span className="top-artist__share">{formatShare(artist.share)}</span>
        <span>
          {formatListeningTime(artist.msPlayed)} · {formatPlays(artist.plays)}
        </span>
      </div>
    </li>
  );
}

function EmptyPeriod({ connection }: { connection: SpotifyConnectionStatus | undefined }) {
  return (
    <div className="app-state">
      <p>No listening in the last 30 days yet.</p>
      <p className="app-state__hint">
        {connection === 'ok'
          ? 'OpenPie reads your Spotify plays every 2 hours. Play some music on Spotify, then press Sync now: your top artists and their share of your time appear here.'
          : 'Once Spotify is connected, OpenPie reads your plays every 2 hours and your top artists appear here.'}{' '}
        You can also <Link to={paths.fan.settings()}>import your Spotify history in Settings</Link>.
      </p>
    </div>
  );
}

export interface PeriodListeningSectionProps {
  days: DailyListeningReply | undefined;
  error: unknown;
  onRetry: () => void;
  connection: SpotifyConnectionStatus | undefined;
}

export function PeriodListeningSection({ days, error, onRetry, connection }: PeriodListeningSectionProps) {
  const topHeadingId = useId();
  const drawPeriod = (read: DailyListeningReply) => {
    const summary = summarizePeriod(read);
    return summary.plays === 0 ? (
      <EmptyPeriod connection={connection} />
    ) : (
      <>
        <dl className="dashboard-stats">
          <div>
            <dt>Listening time</dt>
            <dd>{formatListeningTime(summary.msPlayed)}</dd>
          </div>
          <div>
            <dt>Counted plays</dt>
            <dd>{formatCount(summary.plays)}</dd>
          </div>
          <div>
            <dt>Artists</dt>
            <dd>{formatCount(summary.artistCount)}</dd>
          </div>
          <div>
            <dt>Days with music</dt>
            <dd>{summary.activeDays}</dd>
          </div>
        </dl>
        <h3 id={topHeadingId} className="dashboard-panel__subtitle">
          Top artists by share of your time
        </h3>
        <ol className="top-artists" aria-labelledby={topHeadingId}>
          {summary.topArtists.map((artist, index) => (
            <ArtistRow key={artist.key} artist={artist} rank={index + 1} />
          ))}
        </ol>
      </>
    );
  };
  return (
    <AppPanel title="This period’s listening" lead="The last 30 days. A play counts from 30 seconds.">
      <Loaded data={days} error={error} onRetry={onRetry} words={periodWords}>
        {drawPeriod}
      </Loaded>
    </AppPanel>
  );
}
