// "Why is this balance X" (decision 039): staff's ledger screens. An account with its balance as the ledger keeps it
// and its entries newest first; one whole transaction with every line, what it belongs to and the Stripe object it
// came from; OpenPie's own accounts; and a pie's receipt as its fan reads it. Each with its loading, missing and
// error states and one h1 in every state. An account's entries download as a CSV, every page of them.
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type {
  StaffLedgerAccount,
  StaffLedgerTransaction,
  StaffPieReceipt,
} from '../../../../../functions/contracts/admin-ledger';
import { CsvDownload } from '../../../components/csv-download';
import { LedgerAccountLink, LedgerTransactionLink } from '../../../components/ledger-links';
import { StaffDetailFrame, StaffFacts } from '../../../components/staff-page/staff-detail-frame';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLedgerAccount } from '../api/get-ledger-account';
import { useLedgerTransaction } from '../api/get-ledger-transaction';
import { usePlatformAccounts } from '../api/get-platform-accounts';
import { useStaffPieReceipt } from '../api/get-staff-pie-receipt';
import { ledgerAccountCsvFile, prepareLedgerAccountCsv } from '../lib/ledger-account-csv';
import { describeAccountType, describeKind, describeStripeType } from '../lib/ledger-words';
import '../staff-ledger.css';

/** `+$9.41` / `−$5.00`: which way the money moved on this account. */
function formatSigned(cents: number): string {
  return cents > 0 ? `+${formatMoney(cents)}` : cents < 0 ? `−${formatMoney(-cents)}` : formatMoney(0);
}

/** Who an account belongs to, linked to their staff page where there is one. */
function OwnerOf({ account }: { account: StaffLedgerAccount }) {
  switch (account.ownerKind) {
    case 'fan':
      return account.fanId ? <Link to={paths.admin.fan({ id: account.fanId })}>The fan’s page</Link> : null;
    case 'pie':
      return (
        <>
          {account.pieId ? (
            <Link to={paths.admin.ledgerPie({ pieId: account.pieId })}>The pie’s receipt</Link>
          ) : null}
          {account.fanId ? (
            <>
              {' · '}
              <Link to={paths.admin.fan({ id: account.fanId })}>The fan’s page</Link>
            </>
          ) : null}
        </>
      );
    case 'office':
      return account.officeId ? (
        <Link to={paths.admin.office({ id: account.officeId })}>The office’s page</Link>
      ) : null;
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
        back: '← Platform accounts',
        backTo: paths.admin.ledger(),
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
        <div className="staff-ledger__section-header">
          <h2 className="staff-page__subtitle">Entries, newest first</h2>
          <CsvDownload
            fileName={ledgerAccountCsvFile(page.account.accountId)}
            prepare={() => prepareLedgerAccountCsv(page.account.accountId)}
          />
        </div>
        {page.entries.length === 0 ? (
          <p className="staff-page__muted">No more entries.</p>
        ) : (
          <div className="table-wrap" role="region" aria-label="The account’s entries" tabIndex={0}>
            <table className="data-table staff-ledger__table">
              <caption className="staff-page__caption">
                The account’s entries, newest first (page {pageNumber})
              </caption>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">What</th>
                  <th scope="col" className="staff-ledger__amount">
                    Amount
                  </th>
                  <th scope="col">Transaction</th>
                </tr>
              </thead>
              <tbody>
                {page.entries.map((entry) => (
                  <tr key={entry.transactionId}>
                    <td>{formatDateTime(entry.at)}</td>
                    <td>
                      <LedgerTransactionLink transactionId={entry.transactionId}>
                        {describeKind(entry.kind)}
                      </LedgerTransactionLink>
                    </td>
                    <td className="staff-ledger__amount">{formatSigned(entry.amountCents)}</td>
                    <td>
                      <code>{entry.transactionId}</code>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {onNewer || onOlder ? (
          <div className="staff-ledger__pager">
            <button
              type="button"
              className="button button--small button--secondary"
              disabled={!onNewer}
              onClick={onNewer ?? undefined}
            >
              Newer entries
            </button>
            <button
              type="button"
              className="button button--small button--secondary"
              disabled={!onOlder}
              onClick={onOlder ?? undefined}
            >
              Older entries
            </button>
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

function StripeSide({ stripe, onRetry }: { stripe: StaffLedgerTransaction['stripe']; onRetry: () => void }) {
  const object = stripe.object;
  return (
    <section className="staff-ledger__section" aria-label="At Stripe">
      <h2 className="staff-page__subtitle">At Stripe</h2>
      <p
        className={stripe.state === 'unavailable' ? 'staff-ledger__warning' : 'staff-page__muted'}
        role={stripe.state === 'unavailable' ? 'alert' : undefined}
      >
        {stripe.message}
      </p>
      {stripe.state === 'unavailable' ? (
        <button type="button" className="button button--small button--secondary" onClick={onRetry}>
          Ask Stripe again
        </button>
      ) : null}
      {object ? (
        <StaffFacts
          label="The Stripe object"
          items={[
            ['Type', describeStripeType(object.type)],
            ['Id', <code key="id">{object.id}</code>],
            ['Amount', formatMoney(object.amountCents, object.currency.toUpperCase())],
            ['Status', object.status],
            [
              'Fee',
              object.feeCents === null
                ? 'None yet'
                : formatMoney(object.feeCents, object.currency.toUpperCase()),
            ],
            ['Created', formatDateTime(object.createdAt)],
          ]}
        />
      ) : null}
      {object?.dashboardUrl ? (
        <p>
          <a href={object.dashboardUrl} target="_blank" rel="noreferrer">
            Open in Stripe’s dashboard
          </a>
        </p>
      ) : null}
    </section>
  );
}

function TransactionView({
  transaction,
  onRetry,
}: {
  transaction: StaffLedgerTransaction;
  onRetry: () => void;
}) {
  const title = describeKind(transaction.kind);
  useDocumentTitle(`${title} · Ledger · OpenPie Admin`);
  const { belongsTo } = transaction;
  const sum = transaction.lines.reduce((total, line) => total + line.amountCents, 0);
  const belongs: [string, ReactNode][] = [];
  if (belongsTo.pieId)
    belongs.push([
      'Pie',
      <Link key="pie" to={paths.admin.ledgerPie({ pieId: belongsTo.pieId })}>
        The pie’s receipt
      </Link>,
    ]);
  if (belongsTo.fanId)
    belongs.push([
      'Fan',
      <Link key="fan" to={paths.admin.fan({ id: belongsTo.fanId })}>
        The fan’s page
      </Link>,
    ]);
  if (belongsTo.claimId)
    belongs.push([
      'Claim',
      <Link key="claim" to={paths.admin.claim({ id: belongsTo.claimId })}>
        The claim
      </Link>,
    ]);
  if (belongsTo.officeId)
    belongs.push([
      'Office',
      <Link key="office" to={paths.admin.office({ id: belongsTo.officeId })}>
        The office’s page
      </Link>,
    ]);
  if (belongsTo.payoutId) belongs.push(['Payout', <code key="payout">{belongsTo.payoutId}</code>]);
  if (belongsTo.artistId) belongs.push(['Artist', <code key="artist">{belongsTo.artistId}</code>]);
  return (
    <>
      <header>
        <h1 className="staff-page__title">{title}</h1>
        <p className="staff-ledger__lead">{formatDateTime(transaction.at)}</p>
      </header>
      <StaffFacts
        label="The transaction"
        items={[
          ['Transaction id', <code key="id">{transaction.transactionId}</code>],
          ['Idempotency key', <code key="key">{transaction.idempotencyKey}</code>],
          ['Status', transaction.status === 'complete' ? 'Complete' : 'Being written'],
          ...(transaction.reverses
            ? [
                [
                  'Reverses',
                  <LedgerTransactionLink key="reverses" transactionId={transaction.reverses}>
                    the transaction it undoes
                  </LedgerTransactionLink>,
                ] as const,
              ]
            : []),
          ...(transaction.reversedBy
            ? [
                [
                  'Reversed by',
                  <LedgerTransactionLink key="reversed" transactionId={transaction.reversedBy}>
                    the transaction that undid it
                  </LedgerTransactionLink>,
                ] as const,
              ]
            : []),
        ]}
      />
      <section className="staff-ledger__section" aria-label="Lines">
        <h2 className="staff-page__subtitle">Lines</h2>
        <div className="table-wrap" role="region" aria-label="The transaction’s lines" tabIndex={0}>
          <table className="data-table staff-ledger__table">
            <caption className="staff-page__caption">
              Every line of the transaction; together they sum to zero
            </caption>
            <thead>
              <tr>
                <th scope="col">Account</th>
                <th scope="col" className="staff-ledger__amount">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {transaction.lines.map((line) => (
                <tr key={line.account.accountId}>
                  <td>
                    <LedgerAccountLink accountId={line.account.accountId}>
                      {describeAccountType(line.account.type)}
                    </LedgerAccountLink>
                    <br />
                    <code className="staff-ledger__id">{line.account.accountId}</code>
                  </td>
                  <td className="staff-ledger__amount">{formatSigned(line.amountCents)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row">Sum</th>
                <td className="staff-ledger__amount">{formatSigned(sum)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
      </section>
      <StripeSide stripe={transaction.stripe} onRetry={onRetry} />
      {belongs.length > 0 ? (
        <section className="staff-ledger__section" aria-label="What it belongs to">
          <h2 className="staff-page__subtitle">What it belongs to</h2>
          <StaffFacts label="What it belongs to" items={belongs} />
        </section>
      ) : null}
    </>
  );
}

/** `/admin/ledger/transactions/:transactionId`: one whole transaction, its Stripe object and what it belongs to. */
export function StaffLedgerTransactionScreen() {
  const { transactionId = '' } = useParams();
  const reply = useLedgerTransaction(transactionId);
  return (
    <StaffDetailFrame
      reply={reply}
      words={{
        back: '← Platform accounts',
        backTo: paths.admin.ledger(),
        heading: 'Ledger transaction',
        loading: 'Loading the transaction...',
        missing: 'There is no ledger transaction with this id.',
        failed: 'We could not load the transaction.',
      }}
    >
      {(transaction) => <TransactionView transaction={transaction} onRetry={() => void reply.mutate()} />}
    </StaffDetailFrame>
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
      <div className="table-wrap" role="region" aria-label="Platform accounts" tabIndex={0}>
        <table className="data-table staff-ledger__table">
          <caption className="staff-page__caption">OpenPie’s accounts and their balances</caption>
          <thead>
            <tr>
              <th scope="col">Account</th>
              <th scope="col" className="staff-ledger__amount">
                Balance
              </th>
            </tr>
          </thead>
          <tbody>
            {accounts.map((account) => (
              <tr key={account.accountId}>
                <td>
                  <LedgerAccountLink accountId={account.accountId}>
                    {describeAccountType(account.type)}
                  </LedgerAccountLink>
                </td>
                <td className="staff-ledger__amount">{formatMoney(account.balanceCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** `/admin/ledger`: OpenPie's own accounts, each a way into its entries. */
export function StaffPlatformAccountsScreen() {
  return (
    <StaffDetailFrame
      reply={usePlatformAccounts()}
      words={{
        back: '← Platform accounts',
        backTo: paths.admin.ledger(),
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
  const { pieId = '' } = useParams();
  return (
    <StaffDetailFrame
      reply={useStaffPieReceipt(pieId)}
      words={{
        back: '← Platform accounts',
        backTo: paths.admin.ledger(),
        heading: 'Pie receipt',
        loading: 'Loading the receipt...',
        missing: 'There is no pie with this id.',
        failed: 'We could not load the receipt.',
      }}
    >
      {(receipt) => <PieReceiptView receipt={receipt} render={renderReceipt} />}
    </StaffDetailFrame>
  );
}
