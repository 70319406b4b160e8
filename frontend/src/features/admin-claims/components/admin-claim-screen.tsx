// /admin/claims/:id: one claim with everything needed to decide it: the claim and its string, the
// money still held for the artist, the moves the state machine allows now (each with a reason and a confirmation),
// manual verification of the bio, every verification attempt, the fans' reports about the artist, the other offices'
// claims of the same artist, and the audit log. The server decides; the screen offers only what it allows.
import { Link, useParams } from 'react-router-dom';
import { FormAlert } from '../../../components/form/form-alert';
import { describeLoadError, LoadFailure } from '../../../components/load-failure';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useStaffClaim } from '../api/get-staff-claim';
import { staffClaimText } from '../lib/staff-claim-text';
import { StaffClaimStatusBadge } from '../lib/staff-claim-words';
import { useClaimDecision } from '../lib/use-claim-decision';
import { ClaimDecisionDialog } from './claim-decision-dialog';
import { ClaimDecisionPanel, ManualCheckPanel } from './claim-decision-form';
import { ClaimAttempts, ClaimAuditLog, ClaimFacts, ClaimReports, OtherClaims } from './claim-tables';
import '../admin-claims.css';

export function AdminClaimScreen() {
  const { id = '' } = useParams();
  const claim = useStaffClaim(id);
  const decision = useClaimDecision(id);
  useDocumentTitle(
    claim.data ? `Claim of ${claim.data.artistName} · OpenPie Admin` : 'Claim review · OpenPie Admin',
  );

  if (claim.error) {
    return (
      <div className="staff-page">
        <h1 className="staff-page__title">{staffClaimText.title}</h1>
        <LoadFailure
          message={describeLoadError(claim.error, staffClaimText.failed)}
          onRetry={() => void claim.mutate()}
        />
        <Link to={paths.admin.claims()}>{staffClaimText.back}</Link>
      </div>
    );
  }
  if (!claim.data) {
    return (
      <div className="staff-page">
        <h1 className="staff-page__title">{staffClaimText.title}</h1>
        <p className="staff-page__muted" role="status">
          {staffClaimText.loading}
        </p>
      </div>
    );
  }
  const detail = claim.data;

  return (
    <div className="staff-page">
      <Link className="staff-page__back" to={paths.admin.claims()}>
        ← {staffClaimText.back}
      </Link>
      <header className="staff-claims__header">
        <h1 className="staff-page__title">Claim of {detail.artistName}</h1>
        <StaffClaimStatusBadge status={detail.status} />
      </header>
      {decision.failure ? <FormAlert>{decision.failure}</FormAlert> : null}
      {decision.notice ? (
        <p className="staff-claims__notice" role="status">
          {decision.notice}
        </p>
      ) : null}

      <ClaimFacts claim={detail} />
      <ClaimDecisionPanel
        status={detail.status}
        allowed={detail.allowedStatuses}
        heldLots={detail.heldEarnings.lots}
        formKey={`${decision.changes}:${detail.allowedStatuses.join()}`}
        onAsk={decision.ask}
      />
      {detail.status === 'Pending' ? (
        <ManualCheckPanel verificationString={detail.verificationString} onAsk={decision.ask} />
      ) : null}
      <ClaimAttempts attempts={detail.verificationAttempts} />
      <ClaimReports reports={detail.reports} />
      <OtherClaims claims={detail.otherClaims} />
      <ClaimAuditLog entries={detail.auditLog} />

      <ClaimDecisionDialog
        pending={decision.pending}
        busy={decision.busy}
        onCancel={decision.cancel}
        onConfirm={decision.confirm}
      />
    </div>
  );
}
