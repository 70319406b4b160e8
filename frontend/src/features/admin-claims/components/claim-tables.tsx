// What staff read before deciding a claim: its facts (office, artist, verification, what is held for the artist), every
// check of the bio, the fans' reports about the artist, the other offices' claims of the artist, and the audit log.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { StaffClaimDetail } from '@contracts/admin-claims';
import { ScrollTable, type ScrollTableProps } from '../../../components/staff-page/scroll-table';
import { formatDateTime } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { actorLabels, staffClaimText } from '../lib/staff-claim-text';
import { StaffClaimStatusBadge, staffMethodLabels, staffPlatformLabels } from '../lib/staff-claim-words';

/** One panel of the claim screen under its h2; the id names the heading. */
export function ClaimPanel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="staff-page__panel" aria-labelledby={id}>
      <h2 id={id} className="staff-page__subtitle">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A panel's table, wider than a phone: it scrolls sideways in its region. */
function ClaimTable(props: Omit<ScrollTableProps, 'className'>) {
  return <ScrollTable {...props} className="staff-claims__table" />;
}

function Empty({ children }: { children: string }) {
  return <p className="staff-page__muted">{children}</p>;
}

export function ClaimFacts({ claim }: { claim: StaffClaimDetail }) {
  const held = claim.heldEarnings;
  const facts: readonly [string, ReactNode][] = [
    [
      staffClaimText.office,
      <>
        {claim.officeName ?? staffClaimText.officeGone} <code>{claim.officeId}</code>
      </>,
    ],
    [
      staffClaimText.artist,
      <>
        {claim.artistName} <code>{claim.artistId}</code>
      </>,
    ],
    [
      staffClaimText.method,
      `${staffMethodLabels[claim.verificationMethod]} · ${staffPlatformLabels[claim.selectedPlatform]}`,
    ],
    [staffClaimText.string, <code>{claim.verificationString}</code>],
    [staffClaimText.claimedOn, formatDateTime(claim.createdAt)],
    [
      staffClaimText.held,
      held.lots === 0 ? staffClaimText.heldNone : staffClaimText.heldSome(held.cents, held.lots),
    ],
  ];
  return (
    <ClaimPanel id="staff-claim-facts" title={staffClaimText.claimTitle}>
      <dl className="staff-claims__facts">
        {facts.map(([term, value]) => (
          <div key={term}>
            <dt>{term}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </ClaimPanel>
  );
}

export function ClaimAttempts({ attempts }: { attempts: StaffClaimDetail['verificationAttempts'] }) {
  const text = staffClaimText;
  return (
    <ClaimPanel id="staff-claim-attempts" title={text.attemptsTitle}>
      {attempts.length === 0 ? (
        <Empty>{text.attemptsEmpty}</Empty>
      ) : (
        <ClaimTable
          label={text.attemptsCaption}
          headers={[text.when, text.by, text.platform, text.checked, text.result]}
        >
          {attempts.map((attempt) => (
            <tr key={attempt.id}>
              <td>{formatDateTime(attempt.at)}</td>
              <td>{attempt.byKind === 'staff' ? actorLabels.staff : actorLabels.office}</td>
              <td>{staffPlatformLabels[attempt.platform]}</td>
              <td>{attempt.checked}</td>
              <td>
                <strong>{attempt.found ? text.foundYes : text.foundNo}</strong>
                {attempt.detail ? ` · ${attempt.detail}` : ''}
              </td>
            </tr>
          ))}
        </ClaimTable>
      )}
    </ClaimPanel>
  );
}

export function ClaimReports({ reports }: { reports: StaffClaimDetail['reports'] }) {
  const text = staffClaimText;
  return (
    <ClaimPanel id="staff-claim-reports" title={text.reportsTitle}>
      {reports.length === 0 ? (
        <Empty>{text.reportsEmpty}</Empty>
      ) : (
        <ClaimTable label={text.reportsCaption} headers={[text.when, text.fan, text.reason]}>
          {reports.map((report) => (
            <tr key={report.id}>
              <td>{formatDateTime(report.createdAt)}</td>
              <td>
                <code>{report.fanId}</code>
              </td>
              <td>{report.reason}</td>
            </tr>
          ))}
        </ClaimTable>
      )}
    </ClaimPanel>
  );
}

export function OtherClaims({ claims }: { claims: StaffClaimDetail['otherClaims'] }) {
  return (
    <ClaimPanel id="staff-claim-others" title={staffClaimText.otherTitle}>
      {claims.length === 0 ? (
        <Empty>{staffClaimText.otherEmpty}</Empty>
      ) : (
        <ul className="staff-claims__others">
          {claims.map((other) => (
            <li key={other._id}>
              <Link to={paths.admin.claim({ id: other._id })}>
                {staffClaimText.office} <code>{other.officeId}</code>
              </Link>{' '}
              <StaffClaimStatusBadge status={other.status} /> · {formatDateTime(other.createdAt)}
            </li>
          ))}
        </ul>
      )}
    </ClaimPanel>
  );
}

export function ClaimAuditLog({ entries }: { entries: StaffClaimDetail['auditLog'] }) {
  const text = staffClaimText;
  return (
    <ClaimPanel id="staff-claim-audit" title={text.auditTitle}>
      <ClaimTable label={text.auditCaption} headers={[text.when, text.change_, text.who, text.reason]}>
        {entries.map((entry) => (
          <tr key={`${entry.at}-${entry.to}`}>
            <td>{formatDateTime(entry.at)}</td>
            <td>{entry.from ? `${entry.from} → ${entry.to}` : entry.to}</td>
            <td>
              {actorLabels[entry.actorKind]} <code>{entry.actorId}</code>
            </td>
            <td>{entry.reason}</td>
          </tr>
        ))}
      </ClaimTable>
    </ClaimPanel>
  );
}
