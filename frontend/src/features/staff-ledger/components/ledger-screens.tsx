// "Why is this balance X" (decision 039): staff's ledger screens. An account with its balance as the ledger keeps it
// and its entries newest first; OpenPie's own accounts; and a pie's receipt as its fan reads it (one transaction is
// transaction-screen.tsx). Each with its loading, missing and error states and one h1 in every state. An account's
// entries download as a CSV, every page of them.
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { StaffLedgerAccount, StaffPieReceipt } from '@contracts/admin-ledger';
import { CsvDownload } from '../../../components/csv-download';
import { LedgerAccountLink, LedgerTransactionLink } from '../../../components/ledger-links';
import {
  StaffDetailFrame,
  StaffFacts,
  StaffRecordScreen,
} from '../../../components/staff-page/staff-detail-frame';
import { ScrollTable } from '../../../components/staff-page/scroll-table';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLedgerAccount } from '../api/get-ledger-account';
import { usePlatformAccounts } from '../api/get-platform-accounts';
import { useStaffPieReceipt } from '../api/get-staff-pie-receipt';
import { ledgerAccountCsvFile, prepareLedgerAccountCsv } from '../lib/ledger-account-csv';
import { describeAccountType, describeKind, formatSigned, ledgerWayBack } from '../lib/ledger-words';
import '../staff-ledger.css';
import { OwnerLink } from './owner-links';

/** Who an account belongs to, linked to their staff page where there is one. */
function OwnerOf({ account }: { account: StaffLedgerAccount }) {
  switch (account.ownerKind) {
    case 'fan':
      return account.fanId ? <OwnerLink kind="fan" id={account.fanId} /> : null;
    case 'pie':
      return (
        <>
          {account.pieId ? <OwnerLink kind="pie" id={account.pieId} /> : null}
          {account.fanId ? ' · ' : null}
          {account.fanId ? <OwnerLink kind="fan" id={account.fanId} /> : null}
        </>
      );
    case 'office':
      return account.officeId ? <OwnerLink kind="office" id={account.officeId} /> : null;
    case 'platform':
      return <>OpenPie</>;
    default:
      return <code>{account.owner}</code>;
  }
}

function AccountPage({
  accountId,
  cursors,
  setCursors,
}: {
  accountId: string;
  cursors: readonly (string | null)[];
  setCursors: (cursors: (string | null)[]) => void;
}) {
  const cursor = cursors.at(-1) ?? null;
  const reply = useLedgerAccount(accountId, cursor);
  return (
    <StaffDetailFrame
      reply={reply}
      words={{
        ...ledgerWayBack,
        heading: 'Ledger account',
        loading: 'Loading the account...',
        missing: 'No money has moved through this account.',
        failed: 'We could not load the account.',
      }}
    >
      {(page) => (
        <AccountView
          page={page}
          pageNumber={cursors.length}
          onOlder={page.nextCursor ? () => setCursors([...cursors, page.nextCursor]) : null}
          onNewer={cursors.length > 1 ? () => setCursors(cursors.slice(0, -1)) : null}
        />
      )}
    </StaffDetailFrame>
  );
}

function AccountView({
  page,
  pageNumber,
  onOlder,
  onNewer,
}: {
  page: NonNullable<ReturnType<typeof useLedgerAccount>['data']>;
  pageNumber: number;
  onOlder: (() => void) | null;
  onNewer: (() => void) | null;
}) {
  const title = describeAccountType(page.account.type);
  useDocumentTitle(`${title} · Ledger · OpenPie Admin`);
  return (
    <>
      <header>
        <h1 className="staff-page__title">{title}</h1>
        <p className="staff-ledger__lead">
          <code>{page.account.accountId}</code>
        </p>
      </header>
      <StaffFacts
        label="The account"
        items={[
          [
            'Balance, as the ledger keeps it',
            <strong key="balance">{formatMoney(page.balanceCents)}</strong>,
          ],
          ['Belongs to', <OwnerOf key="owner" account={page.account} />],
        ]}
      />
      <section className="staff-ledger__section" aria-label="Entries">
        <div className="header-row staff-ledger__section-header">
          <h2 className="staff-page__subtitle">Entries, newest first</h2>
          <CsvDownload
            fileName={ledgerAccountCsvFile(page.account.accountId)}
            prepare={() => prepareLedgerAccountCsv(page.account.accountId)}
          />
        </div>
        {page.entries.length === 0 ? (
          <p className="staff-page__muted">No more entries.</p>
        ) : (
          <ScrollTable
            label="The account’s entries"
            caption={`The account’s entries, newest first (page ${pageNumber})`}
            headers={['When', 'What', { header: 'Amount', className: 'staff-page__numeric' }, 'Transaction']}
            className="staff-ledger__table"
          >
            {page.entries.map((entry) => (
              <tr key={entry.transactionId}>
                <td>{formatDateTime(entry.at)}</td>
                <td>
                  <LedgerTransactionLink transactionId={entry.transactionId}>
                    {describeKind(entry.kind)}
                  </LedgerTransactionLink>
                </td>
                <td className="staff-page__numeric">{formatSigned(entry.amountCents)}</td>
                <td>
                  <code>{entry.transactionId}</code>
                </td>
              </tr>
            ))}
          </ScrollTable>
        )}
        {onNewer || onOlder ? (
          <div className="staff-ledger__pager">
            {(
              [
                ['Newer entries', onNewer],
                ['Older entries', onOlder],
              ] as const
            ).map(([label, go]) => (
              <button
                key={label}
                type="button"
                className="button button--small button--secondary"
                disabled={!go}
                onClick={go ?? undefined}
              >
                {label}
              </button>
            ))}
          </div>
        ) : null}
      </section>
    </>
  );
}

/** `/admin/ledger/accounts/:accountId`: an account, its balance and its entries, a page at a time. */
export function StaffLedgerAccountScreen() {
  const { accountId = '' } = useParams();
  // The pages read so far, by the cursor that opened each; a new account starts at its newest page.
  const [state, setState] = useState<{ accountId: string; cursors: (string | null)[] }>({
    accountId,
    cursors: [null],
  });
  const cursors = state.accountId === accountId ? state.cursors : [null];
  return (
    <AccountPage
      key={accountId}
      accountId={accountId}
      cursors={cursors}
      setCursors={(next) => setState({ accountId, cursors: next })}
    />
  );
}

function PlatformAccountsView({
  accounts,
}: {
  accounts: NonNullable<ReturnType<typeof usePlatformAccounts>['data']>;
}) {
  useDocumentTitle('Platform accounts · Ledger · OpenPie Admin');
  return (
    <>
      <header>
        <h1 className="staff-page__title">Platform accounts</h1>
        <p className="staff-ledger__lead">
          OpenPie’s own ledger accounts. Open one to see every entry behind its balance.
        </p>
      </header>
      <ScrollTable
        label="Platform accounts"
        caption="OpenPie’s accounts and their balances"
        headers={['Account', { header: 'Balance', className: 'staff-page__numeric' }]}
        className="staff-ledger__table"
      >
        {accounts.map((account) => (
          <tr key={account.accountId}>
            <td>
              <LedgerAccountLink accountId={account.accountId}>
                {describeAccountType(account.type)}
              </LedgerAccountLink>
            </td>
            <td className="staff-page__numeric">{formatMoney(account.balanceCents)}</td>
          </tr>
        ))}
      </ScrollTable>
    </>
  );
}

/** `/admin/ledger`: OpenPie's own accounts, each a way into its entries. */
export function StaffPlatformAccountsScreen() {
  return (
    <StaffDetailFrame
      reply={usePlatformAccounts()}
      words={{
        heading: 'Platform accounts',
        loading: 'Loading the accounts...',
        missing: 'There are no platform accounts.',
        failed: 'We could not load the platform accounts.',
      }}
    >
      {(accounts) => <PlatformAccountsView accounts={accounts} />}
    </StaffDetailFrame>
  );
}

/** Draws a pie's receipt as its fan sees it; the app passes the fan area's own receipt, so both read the same. */
export type RenderPieReceipt = (receipt: StaffPieReceipt) => ReactNode;

function PieReceiptView({ receipt, render }: { receipt: StaffPieReceipt; render: RenderPieReceipt }) {
  useDocumentTitle('Pie receipt · Ledger · OpenPie Admin');
  return (
    <>
      <header>
        <h1 className="staff-page__title">Pie receipt</h1>
        <p className="staff-ledger__lead">
          As the fan sees it. <Link to={paths.admin.fan({ id: receipt.fanId })}>The fan’s page</Link>
          {' · '}
          <LedgerAccountLink accountId={`pie-funds:${receipt.pieId}`}>
            The pie’s money in the wallet
          </LedgerAccountLink>
        </p>
      </header>
      {render(receipt)}
    </>
  );
}

/** `/admin/ledger/pies/:pieId`: the pie's receipt (or its live preview until it is split) as its fan reads it. */
export function StaffPieReceiptScreen({ renderReceipt }: { renderReceipt: RenderPieReceipt }) {
  return (
    <StaffRecordScreen
      useRecord={useStaffPieReceipt}
      param="pieId"
      words={{
        ...ledgerWayBack,
        heading: 'Pie receipt',
        loading: 'Loading the receipt...',
        missing: 'There is no pie with this id.',
        failed: 'We could not load the receipt.',
      }}
    >
      {(receipt) => <PieReceiptView receipt={receipt} render={renderReceipt} />}
    </StaffRecordScreen>
  );
}
