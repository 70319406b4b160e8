// /for-artists/funds/transactions/:id?office=: one line of the office's balance (decision 029): what it was, its
// amount and date, the payout or artist it belongs to, and where the money of its ledger transaction went.
import { Link, useParams } from 'react-router-dom';
import type { OfficeTransactionDetail } from '@contracts/artist-payments';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useChosenOffice } from '../../../lib/offices';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useTransaction } from '../api/get-transaction';
import '../../../components/office-page.css';
import '../funds.css';
import { FundsDetailPage } from './funds-detail-page';
import { payoutHref } from './money-panels';

export const transactionText = {
  title: 'Transaction',
  back: 'Back to funds',
  loading: 'Loading the transaction...',
  failed: 'We could not load this transaction.',
  missing: 'There is no such transaction in this office.',
  amount: 'Amount',
  date: 'Date',
  payout: 'Payout',
  artist: 'Artist',
  postingsCaption: 'Where the money went',
  account: 'Account',
  accountNames: {
    'office-payable': 'Your balance',
    'connect-in-flight': 'On its way to your bank',
    'give-back-in-flight': 'On its way to fans',
    'processing-fees': 'Stripe fees',
    'platform-fees': 'OpenPie fee',
    'stripe-clearing': 'Stripe',
    'artist-earnings': "Artist's held earnings",
    'fan-wallet': "Fans' wallets",
  } as Readonly<Record<string, string>>,
} as const;

function nameOf(account: string, officeId: string): string {
  const [type = '', owner = ''] = [
    account.slice(0, account.indexOf(':')),
    account.slice(account.indexOf(':') + 1),
  ];
  const name = transactionText.accountNames[type] ?? type;
  // Other offices' and fans' ids are nobody's business here: only this office's own accounts are named in full.
  return type === 'office-payable' && owner !== officeId ? 'Another balance' : name;
}

function TransactionDetails({ officeId, line }: { officeId: string; line: OfficeTransactionDetail }) {
  return (
    <>
      <p className="office-page__subtitle">{line.description}</p>
      <dl className="funds__fees">
        <div className="funds__amount">
          <dt>{transactionText.amount}</dt>
          <dd>{formatMoney(line.amountCents)}</dd>
        </div>
        <div className="funds__amount">
          <dt>{transactionText.date}</dt>
          <dd>{formatDateTime(line.at)}</dd>
        </div>
        {line.payoutId ? (
          <div className="funds__amount">
            <dt>{transactionText.payout}</dt>
            <dd>
              <Link to={payoutHref(officeId, line.payoutId)}>{line.payoutId}</Link>
            </dd>
          </div>
        ) : null}
        {line.artistId ? (
          <div className="funds__amount">
            <dt>{transactionText.artist}</dt>
            <dd>
              <Link to={paths.artist.artistDetail({ id: line.artistId })}>{line.artistId}</Link>
            </dd>
          </div>
        ) : null}
      </dl>
      <div className="table-wrap" role="region" aria-labelledby="funds-postings-caption" tabIndex={0}>
        <table className="data-table funds__table">
          <caption id="funds-postings-caption">{transactionText.postingsCaption}</caption>
          <thead>
            <tr>
              <th scope="col">{transactionText.account}</th>
              <th scope="col" className="funds__money">
                {transactionText.amount}
              </th>
            </tr>
          </thead>
          <tbody>
            {line.postings.map((posting) => (
              <tr key={posting.account}>
                <td>{nameOf(posting.account, officeId)}</td>
                <td className="funds__money">{formatMoney(posting.amountCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

export function TransactionDetailScreen() {
  useDocumentTitle('Transaction · OpenPie for Artists');
  const { id = '' } = useParams();
  const { offices, office } = useChosenOffice();
  const line = useTransaction(office?._id ?? null, id);
  return (
    <FundsDetailPage
      text={transactionText}
      label={transactionText.title}
      offices={offices}
      office={office}
      record={line}
    >
      {(data, officeId) => <TransactionDetails officeId={officeId} line={data} />}
    </FundsDetailPage>
  );
}
