// /for-artists/artists: the claims of the selected office, each with its status, and "Claim an artist", which opens
// the claim wizard for an admin of the office (SPEC §6: only an admin of the selected office claims).
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { ClaimReply } from '@contracts/claims';
import { describeLoadError, LoadFailure } from '../../../components/load-failure';
import { OfficePicker } from '../../../components/office-picker';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useOffices } from '../../../lib/offices';
import { useOfficeClaims } from '../api/get-office-claims';
import { describeClaimState, statusLabels } from '../lib/claim-words';
import '../../../components/office-page.css';
import '../claims.css';
import { ClaimWizard } from './claim-wizard';

export const artistsText = {
  title: 'Your artists',
  lead: 'The artists your office has claimed, and where each claim stands.',
  claim: 'Claim an artist',
  empty: 'Your office has not claimed an artist yet.',
  adminOnly: 'Only an admin of this office can claim artists.',
  loading: 'Loading your claims...',
  failed: 'We could not load your claims.',
  officesFailed: 'We could not load your offices.',
} as const;

export function ClaimStatusBadge({ status }: { status: ClaimReply['status'] }) {
  return (
    <span className={`badge claims__status claims__status--${status.toLowerCase()}`}>
      {statusLabels[status]}
    </span>
  );
}

export function ArtistsScreen() {
  useDocumentTitle('Your artists · OpenPie for Artists');
  const offices = useOffices();
  const [chosenOfficeId, setChosenOfficeId] = useState<string | null>(null);
  const [wizardOpen, setWizardOpen] = useState(false);
  const office =
    offices.data?.find((candidate) => candidate._id === chosenOfficeId) ?? offices.data?.[0] ?? null;
  const claims = useOfficeClaims(office?._id ?? null);

  return (
    <div className="wide-screen claims">
      <header className="office-page__header">
        <div>
          <h1 className="office-page__title">{artistsText.title}</h1>
          <p className="office-page__lead">{artistsText.lead}</p>
        </div>
        {office && office.role === 'admin' && !wizardOpen ? (
          <button type="button" className="button button--primary" onClick={() => setWizardOpen(true)}>
            {artistsText.claim}
          </button>
        ) : null}
      </header>

      {offices.error ? (
        <LoadFailure
          message={describeLoadError(offices.error, artistsText.officesFailed)}
          onRetry={() => void offices.mutate()}
        />
      ) : null}

      <OfficePicker
        id="claims-office"
        offices={offices.data}
        office={office}
        onChoose={(officeId) => {
          setChosenOfficeId(officeId);
          setWizardOpen(false);
        }}
      />

      {office && office.role !== 'admin' ? (
        <p className="office-page__muted">{artistsText.adminOnly}</p>
      ) : null}

      {office && wizardOpen ? (
        <ClaimWizard key={office._id} officeId={office._id} onCancel={() => setWizardOpen(false)} />
      ) : null}

      <section className="office-page__panel" aria-labelledby="claims-list-title">
        <h2 id="claims-list-title" className="office-page__subtitle">
          {office ? `Claims of ${office.name}` : 'Claims'}
        </h2>
        {claims.error ? (
          <LoadFailure
            message={describeLoadError(claims.error, artistsText.failed)}
            onRetry={() => void claims.mutate()}
          />
        ) : null}
        {!claims.data && !claims.error && (offices.isLoading || claims.isLoading) ? (
          <p className="office-page__muted" role="status">
            {artistsText.loading}
          </p>
        ) : null}
        {claims.data && claims.data.length === 0 ? (
          <p className="office-page__muted">{artistsText.empty}</p>
        ) : null}
        {claims.data && claims.data.length > 0 ? (
          <ul className="claims__list">
            {claims.data.map((claim) => (
              <li key={claim._id} className="claims__item">
                {claim.artistImageUrl ? (
                  <img className="claims__image" src={claim.artistImageUrl} alt="" />
                ) : (
                  <span className="claims__image claims__image--initial" aria-hidden="true">
                    {claim.artistName.charAt(0)}
                  </span>
                )}
                <div className="claims__item-text">
                  <Link className="claims__artist" to={paths.artist.claim({ id: claim._id })}>
                    {claim.artistName}
                  </Link>
                  <span className="office-page__muted">{describeClaimState(claim)}</span>
                  <Link
                    className="claims__detail-link"
                    to={paths.artist.artistDetail({ id: claim._id })}
                    aria-label={`Earnings and fans of ${claim.artistName}`}
                  >
                    Earnings and fans
                  </Link>
                </div>
                <ClaimStatusBadge status={claim.status} />
              </li>
            ))}
          </ul>
        ) : null}
      </section>
    </div>
  );
}
