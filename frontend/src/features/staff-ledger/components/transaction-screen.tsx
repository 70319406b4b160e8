// "Why is this balance X" (decision 039): one whole ledger transaction, every line of it summing to zero, what it
// belongs to and the Stripe object it came from, as Stripe has it now.
import type { ReactNode } from 'react';
import type { StaffLedgerTransaction } from '@contracts/admin-ledger';
import { LedgerAccountLink, LedgerTransactionLink } from '../../../components/ledger-links';
import { ScrollTable } from '../../../components/staff-page/scroll-table';
import { StaffFacts, StaffRecordScreen } from '../../../components/staff-page/staff-detail-frame';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLedgerTransaction } from '../api/get-ledger-transaction';
import {
  describeAccountType,
  describeKind,
  describeStripeType,
  formatSigned,
  ledgerWayBack,
} from '../lib/ledger-words';
import '../staff-ledger.css';
import { OwnerLink, ownerLabel, type LedgerOwnerKind } from './owner-links';

function StripeSide({ stripe, onRetry }: { stripe: StaffLedgerTransaction['stripe']; onRetry: () => void }) {
  const object = stripe.object;
  /** Stripe's amounts in the object's own currency. */
  const inCurrency = (cents: number) => formatMoney(cents, object?.currency.toUpperCase());
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
            ['Amount', inCurrency(object.amountCents)],
            ['Status', object.status],
            ['Fee', object.feeCents === null ? 'None yet' : inCurrency(object.feeCents)],
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

type Fact = readonly [string, ReactNode];

const ownerKinds: readonly LedgerOwnerKind[] = ['pie', 'fan', 'claim', 'office'];

/** What a transaction belongs to: a link to each staff page there is, the payout's and artist's ids as they are. */
function belongingFacts(belongsTo: StaffLedgerTransaction['belongsTo']): Fact[] {
  const ids: readonly (readonly [string, string | null])[] = [
    ['Payout', belongsTo.payoutId],
    ['Artist', belongsTo.artistId],
  ];
  return [
    ...ownerKinds.flatMap((kind): Fact[] => {
      const id = belongsTo[`${kind}Id`];
      return id ? [[ownerLabel(kind), <OwnerLink key={kind} kind={kind} id={id} />]] : [];
    }),
    ...ids.flatMap(([label, id]): Fact[] => (id ? [[label, <code key={label}>{id}</code>]] : [])),
  ];
}

/** The transaction this one undoes, or that undid it, when there is one. */
function linkedTransaction(label: string, transactionId: string | null, text: string): Fact[] {
  return transactionId
    ? [
        [
          label,
          <LedgerTransactionLink key={label} transactionId={transactionId}>
            {text}
          </LedgerTransactionLink>,
        ],
      ]
    : [];
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
  const sum = transaction.lines.reduce((total, line) => total + line.amountCents, 0);
  const belongs = belongingFacts(transaction.belongsTo);
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
          ...linkedTransaction('Reverses', transaction.reverses, 'the transaction it undoes'),
          ...linkedTransaction('Reversed by', transaction.reversedBy, 'the transaction that undid it'),
        ]}
      />
      <section className="staff-ledger__section" aria-label="Lines">
        <h2 className="staff-page__subtitle">Lines</h2>
        <ScrollTable
          label="The transaction’s lines"
          caption="Every line of the transaction; together they sum to zero"
          headers={['Account', { header: 'Amount', className: 'staff-page__numeric' }]}
          className="staff-ledger__table"
          foot={
            <tr>
              <th scope="row">Sum</th>
              <td className="staff-page__numeric">{formatSigned(sum)}</td>
            </tr>
          }
        >
          {transaction.lines.map((line) => (
            <tr key={line.account.accountId}>
              <td>
                <LedgerAccountLink accountId={line.account.accountId}>
                  {describeAccountType(line.account.type)}
                </LedgerAccountLink>
                <br />
                <code className="staff-ledger__id">{line.account.accountId}</code>
              </td>
              <td className="staff-page__numeric">{formatSigned(line.amountCents)}</td>
            </tr>
          ))}
        </ScrollTable>
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
  return (
    <StaffRecordScreen
      useRecord={useLedgerTransaction}
      param="transactionId"
      words={{
        ...ledgerWayBack,
        heading: 'Ledger transaction',
        loading: 'Loading the transaction...',
        missing: 'There is no ledger transaction with this id.',
        failed: 'We could not load the transaction.',
      }}
    >
      {(transaction, refresh) => <TransactionView transaction={transaction} onRetry={refresh} />}
    </StaffRecordScreen>
  );
}
