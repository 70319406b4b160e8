// /for-artists/claims/:id: one claim, where it stands, its verification string and what to do next, its history,
// and deleting it while it is pending (an admin of its office only; the server decides, the screen only hides).
import { useState, type ReactNode } from 'react';
import type { ClaimDetailReply } from '@contracts/claims';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ConfirmationDialog } from '../../../components/confirm-dialog';
import { FormAlert } from '../../../components/form/form-alert';
import { describeLoadError, LoadFailure } from '../../../components/load-failure';
import { formatDateTime } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useOffices } from '../../../lib/offices';
import { deleteClaim } from '../api/delete-claim';
import { useClaimDetail } from '../../../lib/claim-detail';
import { describeBioStep, methodLabels, platformLabels, statusSummaries } from '../lib/claim-words';
import '../../../components/office-page.css';
import '../claims.css';
import { ClaimStatusBadge } from './artists-screen';

export const claimText = {
  title: 'Claim',
  loading: 'Loading the claim...',
  failed: 'We could not load this claim.',
  back: 'Your artists',
  string: 'Verification string',
  copy: 'Copy',
  copied: 'Copied',
  nextTitle: 'What to do next',
  copyStep: 'Copy the verification string above.',
  checkStep: 'Check the bio below. Once we find the string, the claim is verified and our staff review it.',
  keepStep: 'Keep the string in the bio until the claim is successful.',
  verifiedNext: 'Our staff are reviewing the claim. Keep the string in the bio until they have decided.',
  successfulNext: 'The artist is claimed by your office. You can remove the string from the bio now.',
  closedNext: 'You can claim the artist again from Your artists, with a new verification string.',
  history: 'History',
  delete: 'Delete claim',
  deleting: 'Deleting...',
  confirmTitle: 'Delete this claim?',
  confirmText: 'The claim stops here. You can claim the artist again later with a new verification string.',
  keep: 'Keep the claim',
  deleteFailed: 'We could not delete this claim. Please try again.',
} as const;

export interface ClaimScreenProps {
  /** The verification step (features/verification), composed by the area so the features stay apart. */
  verification?: (detail: ClaimDetailReply, isAdmin: boolean) => ReactNode;
}

export function ClaimScreen({ verification }: ClaimScreenProps = {}) {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const claim = useClaimDetail(id);
  const offices = useOffices();
  const [copied, setCopied] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteFailure, setDeleteFailure] = useState<string | null>(null);
  useDocumentTitle(
    claim.data ? `Claim of ${claim.data.artistName} · OpenPie for Artists` : 'Claim · OpenPie for Artists',
  );

  if (claim.error) {
    return (
      <div className="wide-screen claims">
        <h1 className="office-page__title">{claimText.title}</h1>
        <LoadFailure
          message={describeLoadError(claim.error, claimText.failed)}
          onRetry={() => void claim.mutate()}
        />
        <Link to={paths.artist.artists()}>{claimText.back}</Link>
      </div>
    );
  }
  if (!claim.data) {
    return (
      <div className="wide-screen claims">
        <h1 className="office-page__title">{claimText.title}</h1>
        <p className="office-page__muted" role="status">
          {claimText.loading}
        </p>
      </div>
    );
  }
  const detail = claim.data;
  const isAdmin =
    offices.data?.some((office) => office._id === detail.officeId && office.role === 'admin') ?? false;

  const copyString = async () => {
    try {
      await navigator.clipboard.writeText(detail.verificationString);
      setCopied(true);
    } catch {
      // Some browsers refuse the clipboard: the string stays selectable on the page.
      setCopied(false);
    }
  };

  const confirmDelete = async () => {
    setDeleting(true);
    setDeleteFailure(null);
    try {
      await deleteClaim(detail._id);
      setConfirming(false);
      await claim.mutate();
      navigate(paths.artist.artists());
    } catch (error) {
      setConfirming(false);
      setDeleteFailure(describeLoadError(error, claimText.deleteFailed));
    } finally {
      setDeleting(false);
    }
  };

  const rejection = detail.statusHistory.findLast((change) => change.to === 'Rejected');

  return (
    <div className="wide-screen claims">
      <Link className="office-page__back" to={paths.artist.artists()}>
        ← {claimText.back}
      </Link>
      <header className="office-page__header">
        <div className="claims__identity">
          {detail.artistImageUrl ? (
            <img className="claims__image claims__image--large" src={detail.artistImageUrl} alt="" />
          ) : (
            <span className="claims__image claims__image--large claims__image--initial" aria-hidden="true">
              {detail.artistName.charAt(0)}
            </span>
          )}
          <div>
            <h1 className="office-page__title">{detail.artistName}</h1>
            <p className="office-page__lead">
              <ClaimStatusBadge status={detail.status} /> {statusSummaries[detail.status]}
            </p>
          </div>
        </div>
        {isAdmin && detail.status === 'Pending' ? (
          <button type="button" className="button button--danger-outline" onClick={() => setConfirming(true)}>
            {claimText.delete}
          </button>
        ) : null}
      </header>
      {deleteFailure ? <FormAlert>{deleteFailure}</FormAlert> : null}

      <section className="office-page__panel" aria-labelledby="claim-string-title">
        <h2 id="claim-string-title" className="office-page__subtitle">
          {claimText.string}
        </h2>
        <div className="claim-wizard__string-row">
          <code className="claims__code claims__code--large">{detail.verificationString}</code>
          <button
            type="button"
            className="button button--secondary button--small"
            onClick={() => void copyString()}
          >
            {copied ? claimText.copied : claimText.copy}
          </button>
        </div>
        <p className="office-page__muted">
          {methodLabels[detail.verificationMethod]} · {platformLabels[detail.selectedPlatform]}
        </p>
      </section>

      <section className="office-page__panel" aria-labelledby="claim-next-title">
        <h2 id="claim-next-title" className="office-page__subtitle">
          {claimText.nextTitle}
        </h2>
        {detail.status === 'Pending' ? (
          <ol className="claims__next">
            <li>{claimText.copyStep}</li>
            <li>{describeBioStep(detail)}</li>
            <li>{claimText.checkStep}</li>
            <li>{claimText.keepStep}</li>
          </ol>
        ) : null}
        {detail.status === 'Verified' ? <p>{claimText.verifiedNext}</p> : null}
        {detail.status === 'Successful' ? <p>{claimText.successfulNext}</p> : null}
        {detail.status === 'Rejected' ? (
          <p>
            {rejection ? `${rejection.reason}. ` : ''}
            {claimText.closedNext}
          </p>
        ) : null}
        {detail.status === 'Deleted' ? <p>{claimText.closedNext}</p> : null}
      </section>

      {verification ? verification(detail, isAdmin) : null}

      <section className="office-page__panel" aria-labelledby="claim-history-title">
        <h2 id="claim-history-title" className="office-page__subtitle">
          {claimText.history}
        </h2>
        <ol className="claims__history">
          {detail.statusHistory.map((change) => (
            <li key={`${change.at}-${change.to}`}>
              <strong>{change.to}</strong> · {formatDateTime(change.at)} · {change.reason}
            </li>
          ))}
        </ol>
      </section>

      <ConfirmationDialog
        open={confirming}
        busy={deleting}
        onCancel={() => setConfirming(false)}
        title={claimText.confirmTitle}
        description={claimText.confirmText}
        labels={{ cancel: claimText.keep, confirm: claimText.delete, confirming: claimText.deleting }}
        tone="danger"
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}
