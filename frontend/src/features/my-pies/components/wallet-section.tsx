// The fan wallet on My pies (SPEC §7): the balance, where the money went, and every movement with the
// type filter (all, money in, money out) and SPEC §2's pagination.
import { useId, useState } from 'react';
import type { WalletSummary } from '@contracts/payments';
import { AppPanel } from '../../../components/app-panel';
import { describeLoadError, Loaded, LoadFailure } from '../../../components/load-failure';
import { Pagination } from '../../../components/pagination';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { useWalletBalance } from '../api/get-wallet-balance';
import { useWalletSummary } from '../api/get-wallet-summary';
import { useWalletTransactions, type WalletFilter } from '../api/get-wallet-transactions';

export const walletText = {
  title: 'Your fan wallet',
  lead: 'Money that is yours and not yet split sits here: your payments until their pie is split, and shares that came back when an artist never joined.',
  balance: 'Balance',
  summaryTitle: 'Where your money went',
  transactionsTitle: 'Wallet movements',
  filterLegend: 'Show',
  loading: 'Loading your wallet…',
  failed: 'Your wallet could not be loaded.',
  transactionsLoading: 'Loading the movements…',
  transactionsFailed: 'The movements could not be loaded.',
  pages: 'Wallet movement pages',
} as const;

export const walletFilterLabels: Readonly<Record<WalletFilter, string>> = {
  all: 'All',
  credit: 'Money in',
  debit: 'Money out',
};

const emptyByFilter: Readonly<Record<WalletFilter, string>> = {
  all: 'No movements in your wallet yet.',
  credit: 'No money has come into your wallet yet.',
  debit: 'No money has left your wallet yet.',
};

/** The summary's rows; an `optional` row shows only when it is not zero. */
const summaryRows: readonly {
  key: keyof Omit<WalletSummary, 'currency'>;
  label: string;
  optional?: boolean;
}[] = [
  { key: 'paidInCents', label: 'Paid in by card' },
  { key: 'promoCents', label: 'Free promo credit' },
  { key: 'feesCents', label: 'Card and platform fees' },
  { key: 'givenToArtistsCents', label: 'Given to artists' },
  { key: 'heldForUnclaimedCents', label: 'Of that, held for artists who have not joined yet' },
  { key: 'returnedCents', label: 'Returned to you' },
  { key: 'givenBackCents', label: 'Given back by artists you supported', optional: true },
  { key: 'refundedCents', label: 'Refunded or taken back by a dispute' },
  {
    key: 'refundedFromArtistsCents',
    label: 'Of that, taken back from what was held for artists',
    optional: true,
  },
  { key: 'refundCoveredByOpenPieCents', label: 'Of that, covered by OpenPie', optional: true },
  { key: 'balanceCents', label: 'Balance' },
];

/** `+$10.00` into the wallet, `−$0.59` out of it. */
export function formatSignedMoney(cents: number): string {
  return cents < 0 ? `−${formatMoney(-cents)}` : `+${formatMoney(cents)}`;
}

function WalletTransactions() {
  const id = useId();
  const [filter, setFilter] = useState<WalletFilter>('all');
  const [page, setPage] = useState(1);
  const transactions = useWalletTransactions(filter, page);
  const rows = transactions.data?.transactions;

  const body = (
    <Loaded
      data={rows}
      error={transactions.error}
      onRetry={() => void transactions.mutate()}
      words={{ loading: walletText.transactionsLoading, failed: walletText.transactionsFailed }}
    >
      {(lines) =>
        lines.length === 0 ? (
          <p className="app-state">{emptyByFilter[filter]}</p>
        ) : (
          <ul className="wallet-lines" aria-busy={transactions.isValidating}>
            {lines.map((line) => (
              <li key={line.id} className="wallet-line">
                <span className="wallet-line__description">{line.description}</span>
                <time className="wallet-line__date" dateTime={line.createdAt}>
                  {formatDateTime(line.createdAt)}
                </time>
                <span className={`wallet-line__amount wallet-line__amount--${line.type}`}>
                  {formatSignedMoney(line.amountCents)}
                </span>
              </li>
            ))}
          </ul>
        )
      }
    </Loaded>
  );

  return (
    <section aria-labelledby={id} className="wallet-transactions">
      <h3 id={id} className="pie-group__title">
        {walletText.transactionsTitle}
      </h3>
      <fieldset className="wallet-filter">
        <legend className="wallet-filter__legend">{walletText.filterLegend}</legend>
        {(Object.keys(walletFilterLabels) as WalletFilter[]).map((value) => (
          <label key={value} className="wallet-filter__option">
            <input
              type="radio"
              name={`${id}-filter`}
              value={value}
              checked={filter === value}
              onChange={() => {
                setFilter(value);
                setPage(1);
              }}
            />
            <span>{walletFilterLabels[value]}</span>
          </label>
        ))}
      </fieldset>
      <div aria-live="polite">{body}</div>
      <Pagination
        page={page}
        pageCount={transactions.data?.pagination?.pages ?? 1}
        onPageChange={setPage}
        label={walletText.pages}
      />
    </section>
  );
}

export function WalletSection() {
  const id = useId();
  const balance = useWalletBalance();
  const summary = useWalletSummary();

  let overview;
  if ((balance.error && !balance.data) || (summary.error && !summary.data)) {
    overview = (
      <LoadFailure
        message={describeLoadError(balance.error ?? summary.error, walletText.failed)}
        onRetry={() => {
          void balance.mutate();
          void summary.mutate();
        }}
      />
    );
  } else if (!balance.data || !summary.data) {
    overview = (
      <p className="app-state" role="status">
        {walletText.loading}
      </p>
    );
  } else {
    const totals = summary.data;
    overview = (
      <>
        <p className="wallet-balance">
          <span className="wallet-balance__label">{walletText.balance}</span>{' '}
          <span className="wallet-balance__amount">{formatMoney(balance.data.balanceCents)}</span>
        </p>
        <section aria-labelledby={`${id}-summary`}>
          <h3 id={`${id}-summary`} className="pie-group__title">
            {walletText.summaryTitle}
          </h3>
          <dl className="wallet-summary">
            {summaryRows
              .filter((row) => !row.optional || totals[row.key] !== 0)
              .map((row) => (
                <div
                  key={row.key}
                  className={row.key === 'balanceCents' ? 'wallet-summary__total' : undefined}
                >
                  <dt>{row.label}</dt>
                  <dd>{formatMoney(totals[row.key])}</dd>
                </div>
              ))}
          </dl>
        </section>
      </>
    );
  }

  return (
    <AppPanel title={walletText.title} lead={walletText.lead}>
      {overview}
      <WalletTransactions />
    </AppPanel>
  );
}
