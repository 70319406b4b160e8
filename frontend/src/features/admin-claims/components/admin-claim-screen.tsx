// /admin/claims/:id: one claim with everything needed to decide it: the claim and its string, the
// money still held for the artist, the moves the state machine allows now (each with a reason and a confirmation),
// manual verification of the bio, every verification attempt, the fans' reports about the artist, the other offices'
// claims of the same artist, and the audit log. The server decides; the screen offers only what it allows.
import * as Dialog from '@radix-ui/react-dialog';
import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { StaffClaimDecision, StaffClaimDetail } from '@contracts/admin-claims';
import { ConfirmActions, ConfirmDialog } from '../../../components/confirm-dialog';
import { FormAlert } from '../../../components/form/form-alert';
import { describeLoadError, LoadFailure } from '../../../components/load-failure';
import { isApiError } from '../../../lib/api-client';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import type { StaffClaimStatus } from '../api/admin-claims-api';
import {
  changeStaffClaimStatus,
  useClaimDecisionEffects,
  useStaffClaim,
  verifyStaffClaimByHand,
} from '../api/admin-claims-api';
import {
  moveLabels,
  StaffClaimStatusBadge,
  staffMethodLabels,
  staffPlatformLabels,
} from '../lib/staff-claim-words';
import '../admin-claims.css';

export const staffClaimText = {
  title: 'Claim review',
  back: 'All claims',
  loading: 'Loading the claim...',
  failed: 'We could not load this claim.',
  claimTitle: 'The claim',
  office: 'Office',
  officeGone: 'Deleted office',
  artist: 'Artist',
  method: 'Verification',
  string: 'Verification string',
  claimedOn: 'Claimed on',
  held: 'Held for the artist',
  heldNone: 'Nothing is held for this artist.',
  heldSome: (cents: number, lots: number) =>
    `${formatMoney(cents)} from ${lots} ${lots === 1 ? 'pie' : 'pies'} is held for this artist.`,
  heldAfterSuccess:
    'This claim is successful but money is still held for the artist: release it to the office.',
  release: 'Release held earnings',
  decideTitle: 'Decide',
  finalStatus: 'This status is final: nothing more can be decided here.',
  move: 'Move to',
  reason: 'Reason',
  reasonHint: 'Kept in the audit log; the office sees it.',
  reasonRequired: 'Give a reason',
  change: 'Change status',
  confirmTitle: (label: string) => `${label}?`,
  confirmMove: 'The claim moves at once and the audit log keeps your reason.',
  confirmApprove:
    'The office gets the artist, and the money held for the artist goes to the office. Fans who funded it are told.',
  changing: 'Saving...',
  keep: 'Cancel',
  changed: (status: string) => `The claim is now ${status.toLowerCase()}.`,
  released: (cents: number, lots: number, fans: number) =>
    `${formatMoney(cents)} from ${lots} ${lots === 1 ? 'pie' : 'pies'} went to the office; ${fans} ${fans === 1 ? 'fan was' : 'fans were'} told.`,
  changeFailed: 'We could not change the claim. Please try again.',
  manualTitle: 'Check the bio by hand',
  manualLead: (string: string) => `Open the bio and look for ${string}.`,
  found: 'I found the string',
  notFound: 'I did not find it',
  confirmFound: 'Mark the claim verified?',
  confirmNotFound: 'Record that the string is not in the bio?',
  confirmManual: 'Your check is kept with the claim’s verification attempts.',
  recorded: 'Your check is recorded.',
  attemptsTitle: 'Verification attempts',
  attemptsEmpty: 'Nobody has checked the bio yet.',
  attemptsCaption: 'Every check of the bio, oldest first',
  when: 'When',
  by: 'By',
  platform: 'Platform',
  checked: 'Checked',
  result: 'Result',
  foundYes: 'Found',
  foundNo: 'Not found',
  reportsTitle: 'Reports from fans',
  reportsEmpty: 'No fan has reported a claim of this artist.',
  reportsCaption: 'Fans’ reports about this artist',
  fan: 'Fan',
  otherTitle: 'Other claims of this artist',
  otherEmpty: 'No other office claims this artist.',
  auditTitle: 'Audit log',
  auditCaption: 'Every status change, oldest first',
  change_: 'Change',
  who: 'Who',
} as const;

const actorLabels = { office: 'Office admin', verification: 'Bio check', staff: 'Staff' } as const;

interface PendingMove {
  kind: 'move' | 'release';
  status: StaffClaimStatus;
}

function ClaimFacts({ claim }: { claim: StaffClaimDetail }) {
  return (
    <section className="staff-claims__panel" aria-labelledby="staff-claim-facts">
      <h2 id="staff-claim-facts" className="staff-page__subtitle">
        {staffClaimText.claimTitle}
      </h2>
      <dl className="staff-claims__facts">
        <div>
          <dt>{staffClaimText.office}</dt>
          <dd>
            {claim.officeName ?? staffClaimText.officeGone} <code>{claim.officeId}</code>
          </dd>
        </div>
        <div>
          <dt>{staffClaimText.artist}</dt>
          <dd>
            {claim.artistName} <code>{claim.artistId}</code>
          </dd>
        </div>
        <div>
          <dt>{staffClaimText.method}</dt>
          <dd>
            {staffMethodLabels[claim.verificationMethod]} · {staffPlatformLabels[claim.selectedPlatform]}
          </dd>
        </div>
        <div>
          <dt>{staffClaimText.string}</dt>
          <dd>
            <code>{claim.verificationString}</code>
          </dd>
        </div>
        <div>
          <dt>{staffClaimText.claimedOn}</dt>
          <dd>{formatDateTime(claim.createdAt)}</dd>
        </div>
        <div>
          <dt>{staffClaimText.held}</dt>
          <dd>
            {claim.heldEarnings.lots === 0
              ? staffClaimText.heldNone
              : staffClaimText.heldSome(claim.heldEarnings.cents, claim.heldEarnings.lots)}
          </dd>
        </div>
      </dl>
    </section>
  );
}

function ScrollTable({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <div className="table-wrap" role="region" aria-label={caption} tabIndex={0}>
      <table className="data-table staff-claims__table">
        <caption className="staff-page__caption">{caption}</caption>
        {children}
      </table>
    </div>
  );
}

export function AdminClaimScreen() {
  const { id = '' } = useParams();
  const claim = useStaffClaim(id);
  const applyDecision = useClaimDecisionEffects();
  const [moveTo, setMoveTo] = useState<StaffClaimStatus | ''>('');
  const [reason, setReason] = useState('');
  const [reasonTouched, setReasonTouched] = useState(false);
  const [pending, setPending] = useState<PendingMove | null>(null);
  const [manual, setManual] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
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
  const allowed = detail.allowedStatuses;
  const chosen = moveTo !== '' && allowed.includes(moveTo) ? moveTo : '';
  const reasonError = reason.trim() ? undefined : staffClaimText.reasonRequired;
  const needsRelease = detail.status === 'Successful' && detail.heldEarnings.lots > 0;

  const report = (decision: StaffClaimDecision, fallback: string) => {
    const release = decision.release;
    setNotice(
      release && release.releasedLots > 0
        ? `${fallback} ${staffClaimText.released(release.releasedCents, release.releasedLots, release.fansMailed)}`
        : fallback,
    );
  };

  const failWith = (error: unknown) => {
    // SPEC §8: a failed staff operation is logged for whoever looks at the console; the screen says what happened.
    console.error('Claim decision failed', error);
    setFailure(isApiError(error) ? error.message : staffClaimText.changeFailed);
  };

  const confirmMove = async () => {
    if (!pending) return;
    setBusy(true);
    setFailure(null);
    setNotice(null);
    try {
      const decision = await changeStaffClaimStatus(detail._id, {
        status: pending.status,
        reason: pending.kind === 'release' ? 'Release of the held earnings' : reason.trim(),
      });
      await applyDecision(decision);
      report(decision, staffClaimText.changed(decision.status));
      setMoveTo('');
      setReason('');
      setReasonTouched(false);
    } catch (error) {
      failWith(error);
    } finally {
      setBusy(false);
      setPending(null);
    }
  };

  const confirmManual = async () => {
    if (manual === null) return;
    setBusy(true);
    setFailure(null);
    setNotice(null);
    try {
      const decision = await verifyStaffClaimByHand(detail._id, manual);
      await applyDecision(decision);
      setNotice(manual ? staffClaimText.changed(decision.status) : staffClaimText.recorded);
    } catch (error) {
      failWith(error);
    } finally {
      setBusy(false);
      setManual(null);
    }
  };

  return (
    <div className="staff-page">
      <Link className="staff-page__back" to={paths.admin.claims()}>
        ← {staffClaimText.back}
      </Link>
      <header className="staff-claims__header">
        <h1 className="staff-page__title">Claim of {detail.artistName}</h1>
        <StaffClaimStatusBadge status={detail.status} />
      </header>
      {failure ? <FormAlert>{failure}</FormAlert> : null}
      {notice ? (
        <p className="staff-claims__notice" role="status">
          {notice}
        </p>
      ) : null}

      <ClaimFacts claim={detail} />

      <section className="staff-claims__panel" aria-labelledby="staff-claim-decide">
        <h2 id="staff-claim-decide" className="staff-page__subtitle">
          {staffClaimText.decideTitle}
        </h2>
        {needsRelease ? (
          <div className="staff-claims__release">
            <p>{staffClaimText.heldAfterSuccess}</p>
            <button
              type="button"
              className="button button--primary"
              onClick={() => setPending({ kind: 'release', status: 'Successful' })}
            >
              {staffClaimText.release}
            </button>
          </div>
        ) : null}
        {allowed.length === 0 ? (
          <p className="staff-page__muted">{staffClaimText.finalStatus}</p>
        ) : (
          <form
            className="staff-claims__decide"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              setReasonTouched(true);
              if (chosen === '' || reasonError) return;
              setPending({ kind: 'move', status: chosen });
            }}
          >
            <fieldset className="staff-claims__moves">
              <legend className="field__label">{staffClaimText.move}</legend>
              {allowed.map((status) => (
                <label key={status} className="staff-claims__move">
                  <input
                    type="radio"
                    name="staff-claim-move"
                    value={status}
                    checked={chosen === status}
                    onChange={() => setMoveTo(status)}
                  />
                  {moveLabels[status]}
                </label>
              ))}
            </fieldset>
            <div className="field">
              <label className="field__label" htmlFor="staff-claim-reason">
                {staffClaimText.reason}
                <span className="field__required" aria-hidden="true">
                  *
                </span>
              </label>
              <span id="staff-claim-reason-hint" className="field__hint">
                {staffClaimText.reasonHint}
              </span>
              <textarea
                id="staff-claim-reason"
                className="field__input field__textarea"
                required
                maxLength={1000}
                rows={3}
                value={reason}
                aria-invalid={reasonTouched && reasonError ? true : undefined}
                aria-describedby={
                  reasonTouched && reasonError
                    ? 'staff-claim-reason-hint staff-claim-reason-error'
                    : 'staff-claim-reason-hint'
                }
                onBlur={() => setReasonTouched(true)}
                onChange={(event) => setReason(event.target.value)}
              />
              {reasonTouched && reasonError ? (
                <span id="staff-claim-reason-error" className="field__error">
                  {reasonError}
                </span>
              ) : null}
            </div>
            <button type="submit" className="button button--primary" disabled={chosen === ''}>
              {staffClaimText.change}
            </button>
          </form>
        )}
      </section>

      {detail.status === 'Pending' ? (
        <section className="staff-claims__panel" aria-labelledby="staff-claim-manual">
          <h2 id="staff-claim-manual" className="staff-page__subtitle">
            {staffClaimText.manualTitle}
          </h2>
          <p>{staffClaimText.manualLead(detail.verificationString)}</p>
          <div className="staff-claims__actions">
            <button type="button" className="button button--primary" onClick={() => setManual(true)}>
              {staffClaimText.found}
            </button>
            <button type="button" className="button button--secondary" onClick={() => setManual(false)}>
              {staffClaimText.notFound}
            </button>
          </div>
        </section>
      ) : null}

      <section className="staff-claims__panel" aria-labelledby="staff-claim-attempts">
        <h2 id="staff-claim-attempts" className="staff-page__subtitle">
          {staffClaimText.attemptsTitle}
        </h2>
        {detail.verificationAttempts.length === 0 ? (
          <p className="staff-page__muted">{staffClaimText.attemptsEmpty}</p>
        ) : (
          <ScrollTable caption={staffClaimText.attemptsCaption}>
            <thead>
              <tr>
                <th scope="col">{staffClaimText.when}</th>
                <th scope="col">{staffClaimText.by}</th>
                <th scope="col">{staffClaimText.platform}</th>
                <th scope="col">{staffClaimText.checked}</th>
                <th scope="col">{staffClaimText.result}</th>
              </tr>
            </thead>
            <tbody>
              {detail.verificationAttempts.map((attempt) => (
                <tr key={attempt.id}>
                  <td>{formatDateTime(attempt.at)}</td>
                  <td>{attempt.byKind === 'staff' ? actorLabels.staff : actorLabels.office}</td>
                  <td>{staffPlatformLabels[attempt.platform]}</td>
                  <td>{attempt.checked}</td>
                  <td>
                    <strong>{attempt.found ? staffClaimText.foundYes : staffClaimText.foundNo}</strong>
                    {attempt.detail ? ` · ${attempt.detail}` : ''}
                  </td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        )}
      </section>

      <section className="staff-claims__panel" aria-labelledby="staff-claim-reports">
        <h2 id="staff-claim-reports" className="staff-page__subtitle">
          {staffClaimText.reportsTitle}
        </h2>
        {detail.reports.length === 0 ? (
          <p className="staff-page__muted">{staffClaimText.reportsEmpty}</p>
        ) : (
          <ScrollTable caption={staffClaimText.reportsCaption}>
            <thead>
              <tr>
                <th scope="col">{staffClaimText.when}</th>
                <th scope="col">{staffClaimText.fan}</th>
                <th scope="col">{staffClaimText.reason}</th>
              </tr>
            </thead>
            <tbody>
              {detail.reports.map((report) => (
                <tr key={report.id}>
                  <td>{formatDateTime(report.createdAt)}</td>
                  <td>
                    <code>{report.fanId}</code>
                  </td>
                  <td>{report.reason}</td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        )}
      </section>

      <section className="staff-claims__panel" aria-labelledby="staff-claim-others">
        <h2 id="staff-claim-others" className="staff-page__subtitle">
          {staffClaimText.otherTitle}
        </h2>
        {detail.otherClaims.length === 0 ? (
          <p className="staff-page__muted">{staffClaimText.otherEmpty}</p>
        ) : (
          <ul className="staff-claims__others">
            {detail.otherClaims.map((other) => (
              <li key={other._id}>
                <Link to={paths.admin.claim({ id: other._id })}>
                  {staffClaimText.office} <code>{other.officeId}</code>
                </Link>{' '}
                <StaffClaimStatusBadge status={other.status} /> · {formatDateTime(other.createdAt)}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="staff-claims__panel" aria-labelledby="staff-claim-audit">
        <h2 id="staff-claim-audit" className="staff-page__subtitle">
          {staffClaimText.auditTitle}
        </h2>
        <ScrollTable caption={staffClaimText.auditCaption}>
          <thead>
            <tr>
              <th scope="col">{staffClaimText.when}</th>
              <th scope="col">{staffClaimText.change_}</th>
              <th scope="col">{staffClaimText.who}</th>
              <th scope="col">{staffClaimText.reason}</th>
            </tr>
          </thead>
          <tbody>
            {detail.auditLog.map((entry) => (
              <tr key={`${entry.at}-${entry.to}`}>
                <td>{formatDateTime(entry.at)}</td>
                <td>{entry.from ? `${entry.from} → ${entry.to}` : entry.to}</td>
                <td>
                  {actorLabels[entry.actorKind]} <code>{entry.actorId}</code>
                </td>
                <td>{entry.reason}</td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      </section>

      <ConfirmDialog open={pending !== null} busy={busy} onCancel={() => setPending(null)}>
        <Dialog.Title className="dialog__title">
          {pending?.kind === 'release'
            ? `${staffClaimText.release}?`
            : staffClaimText.confirmTitle(pending ? moveLabels[pending.status] : '')}
        </Dialog.Title>
        <Dialog.Description className="dialog__description">
          {pending?.status === 'Successful' ? staffClaimText.confirmApprove : staffClaimText.confirmMove}
        </Dialog.Description>
        <ConfirmActions
          busy={busy}
          cancelLabel={staffClaimText.keep}
          confirmLabel={pending?.kind === 'release' ? staffClaimText.release : staffClaimText.change}
          confirmingLabel={staffClaimText.changing}
          tone={pending?.status === 'Rejected' || pending?.status === 'Deleted' ? 'danger' : 'primary'}
          onConfirm={() => void confirmMove()}
        />
      </ConfirmDialog>
      <ConfirmDialog open={manual !== null} busy={busy} onCancel={() => setManual(null)}>
        <Dialog.Title className="dialog__title">
          {manual ? staffClaimText.confirmFound : staffClaimText.confirmNotFound}
        </Dialog.Title>
        <Dialog.Description className="dialog__description">
          {staffClaimText.confirmManual}
        </Dialog.Description>
        <ConfirmActions
          busy={busy}
          cancelLabel={staffClaimText.keep}
          confirmLabel={manual ? staffClaimText.found : staffClaimText.notFound}
          confirmingLabel={staffClaimText.changing}
          tone="primary"
          onConfirm={() => void confirmManual()}
        />
      </ConfirmDialog>
    </div>
  );
}
