// Staff's pages of one fan, one office and one artist-side user (SPEC §2 fans/:id, offices/:id, user-artists/:id;
// decision 037): the facts first, then a table per kind of record, each with its loading, missing and error states.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { StaffFanDetail, StaffOfficeDetail, StaffUserArtistDetail } from '@contracts/admin-people';
import {
  LedgerAccountLink,
  LedgerTransactionLink,
  WalletAccountLinks,
} from '../../../components/ledger-links';
import { ScrollTable } from '../../../components/staff-page/scroll-table';
import { StaffFacts, StaffRecordScreen } from '../../../components/staff-page/staff-detail-frame';
import { formatDate, formatDateTime, formatListeningTime, formatMoney } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useStaffFan } from '../api/get-staff-fan';
import { useStaffOffice } from '../api/get-staff-office';
import { useStaffUserArtist } from '../api/get-staff-user-artist';
import { connectLabels, DeletedName } from '../lib/staff-words';
import '../staff-directory.css';

/** A titled table, or a sentence when there is nothing to list. */
function RecordTable({
  title,
  caption,
  empty,
  headers,
  rows,
}: {
  title: string;
  caption: string;
  empty: string;
  headers: readonly string[];
  rows: readonly { key: string; cells: readonly ReactNode[] }[];
}) {
  return (
    <section className="staff-directory__section" aria-label={title}>
      <h2 className="staff-page__subtitle">{title}</h2>
      {rows.length === 0 ? (
        <p className="staff-page__muted">{empty}</p>
      ) : (
        <ScrollTable
          label={caption}
          headers={headers}
          className="staff-page__table staff-directory__table--record"
        >
          {rows.map((row) => (
            <tr key={row.key}>
              {row.cells.map((cell, index) => (
                <td key={headers[index]}>{cell}</td>
              ))}
            </tr>
          ))}
        </ScrollTable>
      )}
    </section>
  );
}

/** An office's claims, or those of a person's offices, each linked to its review. */
function ClaimsTable({
  caption,
  claims,
}: {
  caption: string;
  claims: readonly { _id: string; artistName: string; status: string; createdAt: string }[];
}) {
  return (
    <RecordTable
      title="Claims"
      caption={caption}
      empty="No claims."
      headers={['Artist', 'Status', 'Claimed on']}
      rows={claims.map((claim) => ({
        key: claim._id,
        cells: [
          <Link key="claim" to={paths.admin.claim({ id: claim._id })}>
            {claim.artistName}
          </Link>,
          claim.status,
          formatDate(claim.createdAt),
        ],
      }))}
    />
  );
}

const pieStatusWords: Readonly<Record<StaffFanDetail['pies'][number]['status'], string>> = {
  open: 'Open',
  split: 'Split',
  inactive: 'Stopped',
};

function FanPage({ fan, actions }: { fan: StaffFanDetail; actions?: ReactNode }) {
  useDocumentTitle(`${fan.name ?? 'Deleted fan'} · Fans · OpenPie Admin`);
  return (
    <>
      <header>
        <h1 className="staff-page__title">{fan.name ?? <DeletedName />}</h1>
        <p className="staff-page__lead">
          {fan.status === 'deleted' && fan.deletedAt
            ? `Deleted on ${formatDate(fan.deletedAt)}; their money records stay.`
            : (fan.email ?? '')}
        </p>
      </header>
      <StaffFacts
        label="The fan in figures"
        items={[
          ['Spent (cards, before fees and refunds)', formatMoney(fan.spentCents)],
          ['Payments', fan.payments],
          [
            'Wallet balance',
            <WalletAccountLinks key="wallet" fanId={fan._id} pies={fan.pies}>
              {formatMoney(fan.walletBalanceCents)}
            </WalletAccountLinks>,
          ],
          ['Active pie', fan.activePie ? 'Yes' : 'No'],
          ['Used the /try offer', fan.usedPromotion ? 'Yes' : 'No'],
          ['Joined', formatDate(fan.createdAt)],
          ['Fan id', <code key="id">{fan._id}</code>],
        ]}
      />
      <RecordTable
        title="Pies"
        caption="Pies, newest first"
        empty="No pies yet."
        headers={['Period', 'Status', 'Amount', 'Stripe fee', 'OpenPie fee']}
        rows={fan.pies.map((pie) => ({
          key: pie._id,
          cells: [
            `${formatDate(pie.periodStart)} – ${formatDate(pie.periodEnd)}${pie.promo ? ' (free /try pie)' : ''}`,
            pie.inactiveReason
              ? `${pieStatusWords[pie.status]}: ${pie.inactiveReason}`
              : pieStatusWords[pie.status],
            formatMoney(pie.amountCents),
            pie.processingFeeCents === null ? 'Not settled' : formatMoney(pie.processingFeeCents),
            formatMoney(pie.platformFeeCents),
          ],
        }))}
      />
      <RecordTable
        title="Payments"
        caption="Card payments, newest first"
        empty="No card payments."
        headers={['Booked', 'Amount', 'Stripe charge', 'Ledger transaction']}
        rows={fan.paymentList.map((payment) => ({
          key: payment.transactionId,
          cells: [
            formatDateTime(payment.at),
            formatMoney(payment.grossCents),
            payment.chargeId ? <code>{payment.chargeId}</code> : '—',
            <LedgerTransactionLink key="tx" transactionId={payment.transactionId}>
              <code>{payment.transactionId}</code>
            </LedgerTransactionLink>,
          ],
        }))}
      />
      <RecordTable
        title="Refunds"
        caption="Refunds of the fan’s charges, newest first"
        empty={
          fan.refunds === null
            ? 'Stripe did not answer, so the refunds are not shown. Try again in a moment.'
            : 'No refunds.'
        }
        headers={['When', 'Amount', 'Status', 'Stripe refund', 'Booked']}
        rows={(fan.refunds ?? []).map((refund) => ({
          key: refund.refundId,
          cells: [
            formatDateTime(refund.createdAt),
            formatMoney(refund.amountCents),
            refund.status,
            <code key="id">{refund.refundId}</code>,
            refund.transactionId ? (
              <LedgerTransactionLink key="tx" transactionId={refund.transactionId}>
                Booked: the transaction
              </LedgerTransactionLink>
            ) : (
              'Not yet'
            ),
          ],
        }))}
      />
      {actions}
      <RecordTable
        title="Disputes"
        caption="Payments a card dispute stopped"
        empty="No disputes."
        headers={['Payment', 'Stripe charge']}
        rows={fan.disputes.map((dispute) => ({
          key: dispute.pieId,
          cells: [formatMoney(dispute.grossCents), dispute.chargeId ? <code>{dispute.chargeId}</code> : '—'],
        }))}
      />
      <section className="staff-directory__section" aria-label="Listening">
        <h2 className="staff-page__subtitle">Listening, last {fan.listening.days} days</h2>
        <p className="staff-page__muted">
          {fan.listening.plays === 0
            ? 'No listening in these days.'
            : `${formatListeningTime(fan.listening.msPlayed)} over ${fan.listening.plays} plays on ${fan.listening.daysListened} days.`}
        </p>
        {fan.listening.topArtists.length > 0 ? (
          <ol className="staff-directory__list">
            {fan.listening.topArtists.map((artist) => (
              <li key={artist.artistId ?? artist.artistName}>
                {artist.artistName}: {formatListeningTime(artist.msPlayed)}
              </li>
            ))}
          </ol>
        ) : null}
      </section>
    </>
  );
}

/** `actions`: staff's actions on the fan (a refund per payment), drawn after the refunds; `refresh` reloads the page. */
export function StaffFanScreen({
  actions,
}: { actions?: (fan: StaffFanDetail, refresh: () => void) => ReactNode } = {}) {
  return (
    <StaffRecordScreen
      useRecord={useStaffFan}
      words={{
        heading: 'Fan',
        back: '← All fans',
        backTo: paths.admin.fans(),
        loading: 'Loading the fan...',
        missing: 'There is no fan with this id.',
        failed: 'We could not load the fan.',
      }}
    >
      {(fan, refresh) => <FanPage fan={fan} actions={actions?.(fan, refresh)} />}
    </StaffRecordScreen>
  );
}

function OfficePage({ office, actions }: { office: StaffOfficeDetail; actions?: ReactNode }) {
  useDocumentTitle(`${office.name} · Offices · OpenPie Admin`);
  return (
    <>
      <header>
        <h1 className="staff-page__title">{office.name}</h1>
        <p className="staff-page__lead">
          {office.type} office, created {formatDate(office.createdAt)}
        </p>
      </header>
      <StaffFacts
        label="The office’s money"
        items={[
          [
            'Payable now',
            <LedgerAccountLink key="payable" accountId={`office-payable:${office._id}`}>
              {formatMoney(office.funds.availableCents)}
            </LedgerAccountLink>,
          ],
          [
            'On its way to the bank',
            <LedgerAccountLink key="in-flight" accountId={`connect-in-flight:${office._id}`}>
              {formatMoney(office.funds.inFlightCents)}
            </LedgerAccountLink>,
          ],
          ['Paid out', formatMoney(office.funds.paidOutCents)],
          ['Stripe payouts', connectLabels[office.connect]],
          [
            'Connected account',
            office.connectAccount.accountId ? (
              <code key="acct">{office.connectAccount.accountId}</code>
            ) : (
              'None'
            ),
          ],
          ['Office id', <code key="id">{office._id}</code>],
        ]}
      />
      {office.connectAccount.currentlyDue.length > 0 ? (
        <p className="staff-page__muted">
          Stripe still needs: {office.connectAccount.currentlyDue.join(', ')}
        </p>
      ) : null}
      {actions}
      <RecordTable
        title="Members"
        caption="Members, in the order they joined"
        empty="No members."
        headers={['E-mail', 'Role', 'Joined']}
        rows={office.members.map((member) => ({
          key: member.userId,
          cells: [
            <Link key="user" to={paths.admin.userArtist({ id: member.userId })}>
              {member.email}
            </Link>,
            member.role,
            formatDate(member.joinedAt),
          ],
        }))}
      />
      <ClaimsTable caption="The office’s claims, newest first" claims={office.claims} />
      <RecordTable
        title="Payouts"
        caption="Payouts, newest first"
        empty="No payouts yet."
        headers={['Requested', 'Amount', 'Status']}
        rows={office.payouts.map((payout) => ({
          key: payout.id,
          cells: [formatDateTime(payout.createdAt), formatMoney(payout.amountCents), payout.status],
        }))}
      />
    </>
  );
}

/** `actions`: staff's actions on the office, drawn before its members; `refresh` reloads the page. */
export function StaffOfficeScreen({
  actions,
}: { actions?: (office: StaffOfficeDetail, refresh: () => void) => ReactNode } = {}) {
  return (
    <StaffRecordScreen
      useRecord={useStaffOffice}
      words={{
        heading: 'Office',
        back: '← All offices',
        backTo: paths.admin.offices(),
        loading: 'Loading the office...',
        missing: 'There is no office with this id.',
        failed: 'We could not load the office.',
      }}
    >
      {(office, refresh) => <OfficePage office={office} actions={actions?.(office, refresh)} />}
    </StaffRecordScreen>
  );
}

function UserArtistPage({ user }: { user: StaffUserArtistDetail }) {
  useDocumentTitle(`${user.name ?? 'Deleted account'} · Artist accounts · OpenPie Admin`);
  return (
    <>
      <header>
        <h1 className="staff-page__title">{user.name ?? <DeletedName />}</h1>
        <p className="staff-page__lead">{user.email ?? 'This account was deleted.'}</p>
      </header>
      <StaffFacts
        label="The account"
        items={[
          ['Status', user.status === 'deleted' ? 'Deleted' : 'Active'],
          ['E-mail verified', user.emailVerified ? 'Yes' : 'No'],
          ['Phone', user.phoneNumber ?? '—'],
          ['Country', user.country ?? '—'],
          ['Signs in with', user.connections.length === 0 ? 'Password only' : user.connections.join(', ')],
          ['Joined', formatDate(user.createdAt)],
          ['User id', <code key="id">{user._id}</code>],
        ]}
      />
      <RecordTable
        title="Offices"
        caption="Offices this person belongs to"
        empty="Not in any office."
        headers={['Office', 'Role', 'Joined']}
        rows={user.offices.map((office) => ({
          key: office._id,
          cells: [
            <Link key="office" to={paths.admin.office({ id: office._id })}>
              {office.name}
            </Link>,
            office.role,
            formatDate(office.joinedAt),
          ],
        }))}
      />
      <ClaimsTable caption="Claims of their offices, newest first" claims={user.claims} />
    </>
  );
}

export function StaffUserArtistScreen() {
  return (
    <StaffRecordScreen
      useRecord={useStaffUserArtist}
      words={{
        heading: 'Artist account',
        back: '← All artist accounts',
        backTo: paths.admin.userArtists(),
        loading: 'Loading the account...',
        missing: 'There is no artist account with this id.',
        failed: 'We could not load the account.',
      }}
    >
      {(user) => <UserArtistPage user={user} />}
    </StaffRecordScreen>
  );
}
