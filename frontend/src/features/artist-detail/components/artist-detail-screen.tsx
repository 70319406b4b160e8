// /for-artists/artists/:id: one of the office's artists, through its claim (`:id` is the claim's
// id): where the claim stands, what fans' pies gave the artist month by month over the last year, how many fans
// funded it this month, and what the office gave back.
import { Link, useParams } from 'react-router-dom';
import type { ArtistStatsReply } from '@contracts/give-back';
import { describeLoadError, LoadFailure } from '../../../components/load-failure';
import { formatMoney } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useArtistStats } from '../api/get-artist-stats';
import '../../../components/office-page.css';
import '../artist-detail.css';
import { EarningsChart } from './earnings-chart';

export const artistDetailText = {
  loading: 'Loading the artist...',
  failed: 'We could not load this artist.',
  back: 'Your artists',
  claimStatus: 'Claim',
  fansThisMonth: 'Fans this month',
  released: 'Released to your office',
  held: 'Held for the artist',
  givenBack: 'Given back to fans',
  chartTitle: 'Earnings over time',
  claimDetails: 'See the claim',
  giveBack: 'Give back to fans',
  statusNotes: {
    Pending: 'Your claim is waiting for verification. Money fans set aside stays held until it succeeds.',
    Verified:
      'We found your proof. Our team is reviewing the claim; the held money is released when it succeeds.',
    Successful: 'Your office receives what fans’ pies give this artist.',
    Rejected: 'This claim was rejected. Fans’ money for the artist does not come to your office.',
    Deleted: 'This claim was withdrawn. What your office already received stays in its balance.',
  },
} as const;

function StatsView({ stats }: { stats: ArtistStatsReply }) {
  return (
    <>
      <header className="header-row header-row--end">
        <div>
          <p className="artist-detail__eyebrow">
            <Link to={paths.artist.artists()}>{artistDetailText.back}</Link>
          </p>
          <h1 className="office-page__title">{stats.artistName}</h1>
        </div>
        <span
          className={`badge artist-detail__status artist-detail__status--${stats.claimStatus.toLowerCase()}`}
        >
          {artistDetailText.claimStatus}: {stats.claimStatus}
        </span>
      </header>
      <p className="artist-detail__note">{artistDetailText.statusNotes[stats.claimStatus]}</p>
      <dl className="artist-detail__figures">
        <div>
          <dt>{artistDetailText.fansThisMonth}</dt>
          <dd>{stats.fansThisMonth}</dd>
        </div>
        <div>
          <dt>{artistDetailText.released}</dt>
          <dd>{formatMoney(stats.totalReleasedCents)}</dd>
        </div>
        <div>
          <dt>{artistDetailText.held}</dt>
          <dd>{formatMoney(stats.totalHeldCents)}</dd>
        </div>
        <div>
          <dt>{artistDetailText.givenBack}</dt>
          <dd>{formatMoney(stats.givenBackCents)}</dd>
        </div>
      </dl>
      <section className="office-page__panel" aria-labelledby="artist-detail-chart-title">
        <h2 id="artist-detail-chart-title" className="office-page__subtitle">
          {artistDetailText.chartTitle}
        </h2>
        <EarningsChart months={stats.months} />
      </section>
      <div className="artist-detail__actions">
        <Link className="button button--secondary" to={paths.artist.claim({ id: stats.claimId })}>
          {artistDetailText.claimDetails}
        </Link>
        {stats.totalReleasedCents > 0 ? (
          <Link
            className="button button--secondary"
            to={`${paths.artist.giveBack()}?artistId=${encodeURIComponent(stats.artistId)}`}
          >
            {artistDetailText.giveBack}
          </Link>
        ) : null}
      </div>
    </>
  );
}

export function ArtistDetailScreen() {
  const { id = '' } = useParams();
  const stats = useArtistStats(id);
  useDocumentTitle(`${stats.data?.artistName ?? 'Artist'} · OpenPie for Artists`);
  return (
    <div className="wide-screen artist-detail">
      {stats.error ? (
        <>
          <h1 className="office-page__title">Artist</h1>
          <LoadFailure
            message={describeLoadError(stats.error, artistDetailText.failed)}
            onRetry={() => void stats.mutate()}
          />
        </>
      ) : null}
      {!stats.data && !stats.error ? (
        <p className="artist-detail__muted" role="status">
          {artistDetailText.loading}
        </p>
      ) : null}
      {stats.data ? <StatsView stats={stats.data} /> : null}
    </div>
  );
}
