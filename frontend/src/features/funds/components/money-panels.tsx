// The money half of /for-artists/funds (decision 029): the office's balances, "Request a payout"
// with its fees shown before the office confirms (the same quote the payout uses) and, when they would take more than
// 5% of it, the server's word on how much to wait for; the lines of its payable with the filter all / credit / payout
// and pages, a payout's line with what reached the bank after which fees; and its payouts with amount, fees and net,
// and their total. Admins request payouts; accountants read.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { MonthlyFeeReply, OfficeTransaction, PayoutReply } from '@contracts/artist-payments';
import type { OfficeReply } from '@contracts/offices';
import { ConfirmationDialog } from '../../../components/confirm-dialog';
import { SelectField, optionsOf } from '../../../components/form/select-field';
import { describeLoadError, LoadFailure } from '../../../components/load-failure';
import { Pagination } from '../../../components/pagination';
import { formatMoney, formatShare } from '../../../lib/format';
import { officeParam } from '../../../lib/offices';
import { paths } from '../../../lib/paths';
import { stackedCell, stackedTable } from '../../../lib/stacked-table';
import { requestPayout } from '../api/create-payout';
import { useConnectedBalance } from '../api/get-connected-balance';
import { useMonthlyFee } from '../api/get-monthly-fee';
import type { TransactionFilter } from '../api/get-office-transactions';
import { useOfficeTransactions } from '../api/get-office-transactions';
import { usePayouts } from '../api/get-payouts';
import { useWalletBalance } from '../api/get-wallet-balance';
import { useRefreshAfterPayout } from '../lib/money-cache';
import '../../../components/office-page.css';

export const moneyText = {
  balancesTitle: 'Balance',
  available: 'Ready to pay out',
  inFlight: 'On its way to your bank',
  paidOut: 'Paid out so far',
  stripeBalance: 'On your Stripe account',
  balancesLoading: 'Loading your balance...',
  balancesFailed: 'We could not load your balance.',
  request: 'Request a payout',
  requestTitle: 'Request a payout',
  requestLead: 'Everything ready to pay out goes to the bank account you gave Stripe. Before you confirm:',
  amount: 'Amount',
  payoutFee: 'Stripe payout fee (0.25% + $0.25)',
  monthlyFee: 'Stripe monthly active-account fee (once a month)',
  monthlyFeePaid: 'Already paid this month',
  net: 'You receive',
  confirm: 'Confirm payout',
  confirming: 'Requesting…',
  cancel: 'Cancel',
  requested: (net: string) => `Payout of ${net} requested. It usually reaches your bank in 2 business days.`,
  failedPayout: (reason: string) => `The payout could not be sent: ${reason} Your balance is unchanged.`,
  requestFailed: 'The payout could not be requested. Please try again.',
  blocked: {
    below_minimum: (minimum: string) => `Payouts start at ${minimum}.`,
    fees_exceed_amount: () => 'The fees would take the whole payout: wait until your balance is larger.',
    payout_account_not_ready: () => 'Finish setting up payouts with Stripe to request one.',
    payout_in_progress: () => 'A payout is on its way; you can request the next one once it has been sent.',
  },
  /** The server's advice (check-monthly-fee's feeAdvice), said before the payout is sent. */
  feeAdvice: (share: string, fees: string, amount: string, worth: string, more: string) =>
    `The fees take ${share} of this payout (${fees} of ${amount}). From ${worth} they take 5% or less: wait for ${more} more to keep more of it.`,
  payoutLineNet: (net: string, fees: string) => `${net} to your bank after ${fees} of fees`,
  adminOnlyPayout: 'Only an admin of this office can request payouts.',
  transactionsTitle: 'Transactions',
  transactionsCaption: (office: string) => `Transactions of ${office}`,
  filter: 'Show',
  filters: { all: 'All', credit: 'Credits', payout: 'Payouts' } satisfies Record<TransactionFilter, string>,
  date: 'Date',
  description: 'Description',
  amountColumn: 'Amount',
  details: 'Details',
  noTransactions: 'No transactions yet. Earnings appear here once a claim of yours is approved.',
  noFilteredTransactions: 'No transactions of this kind yet.',
  transactionsLoading: 'Loading transactions...',
  transactionsFailed: 'We could not load your transactions.',
  transactionPages: 'Transaction pages',
  payoutsTitle: 'Payouts',
  payoutsCaption: (office: string) => `Payouts of ${office}`,
  payoutsTotal: (total: string, count: number) =>
    `${total} paid out in ${count} completed payout${count === 1 ? '' : 's'}.`,
  requestedOn: 'Requested',
  /** What left the balance. */
  grossColumn: 'Amount',
  feesColumn: 'Fees',
  /** The payouts table's last column: what reached (or reaches) the bank, after fees. */
  netColumn: 'Net',
  status: 'Status',
  noPayouts: 'No payouts yet.',
  payoutsLoading: 'Loading payouts...',
  payoutsFailed: 'We could not load your payouts.',
  statusLabels: {
    pending: 'Pending',
    in_progress: 'In progress',
    completed: 'Completed',
    failed: 'Failed',
  } satisfies Record<PayoutReply['status'], string>,
} as const;

/** The transaction filters in the order the select shows them. */
const transactionFilters = Object.keys(moneyText.filters) as TransactionFilter[];

/** `Nov 24, 2026`: short enough for the tables' first column on a phone. */
const tableDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
function formatTableDate(iso: string): string {
  return tableDate.format(new Date(iso));
}

export function payoutHref(officeId: string, payoutId: string): string {
  return `${paths.artist.payout({ id: payoutId })}?${officeParam}=${encodeURIComponent(officeId)}`;
}

export function transactionHref(officeId: string, transactionId: string): string {
  return `${paths.artist.transaction({ id: transactionId })}?${officeParam}=${encodeURIComponent(officeId)}`;
}

function Amount({ label, cents }: { label: string; cents: number | null }) {
  return (
    <div className="funds__amount">
      <dt>{label}</dt>
      <dd>{cents === null ? '—' : formatMoney(cents)}</dd>
    </div>
  );
}

export function BalancesPanel({ office }: { office: OfficeReply }) {
  const wallet = useWalletBalance(office._id);
  const connected = useConnectedBalance(office._id);
  return (
    <section className="office-page__panel funds__panel" aria-labelledby="funds-balance-title">
      <div className="header-row header-row--center">
        <h2 id="funds-balance-title" className="office-page__subtitle">
          {moneyText.balancesTitle}
        </h2>
      </div>
      {wallet.error ? (
        <LoadFailure
          message={describeLoadError(wallet.error, moneyText.balancesFailed)}
          onRetry={() => void wallet.mutate()}
        />
      ) : null}
      {!wallet.data && !wallet.error ? (
        <p className="office-page__muted" role="status">
          {moneyText.balancesLoading}
        </p>
      ) : null}
      {wallet.data ? (
        <dl className="funds__amounts">
          <Amount label={moneyText.available} cents={wallet.data.availableCents} />
          <Amount label={moneyText.inFlight} cents={wallet.data.inFlightCents} />
          <Amount label={moneyText.paidOut} cents={wallet.data.paidOutCents} />
          {connected.data?.hasAccount ? (
            <Amount label={moneyText.stripeBalance} cents={connected.data.availableCents} />
          ) : null}
        </dl>
      ) : null}
      {office.role === 'admin' ? (
        <PayoutRequest officeId={office._id} />
      ) : (
        <p className="office-page__muted">{moneyText.adminOnlyPayout}</p>
      )}
    </section>
  );
}

function blockedSentence(quote: MonthlyFeeReply): string | null {
  if (!quote.blockedBy) return null;
  return moneyText.blocked[quote.blockedBy](formatMoney(quote.minimumCents));
}

/** The fees' share and the payout worth waiting for, as the server answered them; null when there is nothing to say. */
function describeFeeAdvice(quote: MonthlyFeeReply): string | null {
  if (!quote.feeAdvice || !quote.preview) return null;
  return moneyText.feeAdvice(
    formatShare(quote.feeAdvice.feesShareBasisPoints / 10_000),
    formatMoney(quote.preview.feesCents),
    formatMoney(quote.preview.amountCents),
    formatMoney(quote.feeAdvice.worthWaitingForCents),
    formatMoney(quote.feeAdvice.moreToWaitForCents),
  );
}

function FeeLines({ preview }: { preview: NonNullable<MonthlyFeeReply['preview']> }) {
  return (
    <dl className="funds__fees">
      <Amount label={moneyText.amount} cents={preview.amountCents} />
      <Amount label={moneyText.payoutFee} cents={-preview.payoutFeeCents} />
      <div className="funds__amount">
        <dt>{moneyText.monthlyFee}</dt>
        <dd>
          {preview.monthlyFeeCents === 0 ? moneyText.monthlyFeePaid : formatMoney(-preview.monthlyFeeCents)}
        </dd>
      </div>
      <div className="funds__amount funds__amount--total">
        <dt>{moneyText.net}</dt>
        <dd>{formatMoney(preview.netCents)}</dd>
      </div>
    </dl>
  );
}

function PayoutRequest({ officeId }: { officeId: string }) {
  const quote = useMonthlyFee(officeId);
  const refresh = useRefreshAfterPayout();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ tone: 'done' | 'error'; text: string } | null>(null);

  const confirm = async () => {
    setBusy(true);
    setMessage(null);
    try {
      const payout = await requestPayout(officeId);
      setMessage(
        payout.status === 'failed'
          ? { tone: 'error', text: moneyText.failedPayout(payout.failureReason ?? '') }
          : { tone: 'done', text: moneyText.requested(formatMoney(payout.netCents)) },
      );
      setOpen(false);
    } catch (error) {
      // SPEC §8: office operation failures are logged; the person gets a clear sentence.
      console.error('Requesting a payout failed', error);
      setMessage({ tone: 'error', text: describeLoadError(error, moneyText.requestFailed) });
      setOpen(false);
    } finally {
      setBusy(false);
      await refresh();
    }
  };

  const blocked = quote.data ? blockedSentence(quote.data) : null;
  const advice = quote.data && !blocked ? describeFeeAdvice(quote.data) : null;
  const preview = quote.data?.preview ?? null;
  return (
    <div className="funds__actions">
      <button
        type="button"
        className="button button--primary"
        disabled={!preview || blocked !== null || busy}
        onClick={() => setOpen(true)}
      >
        {moneyText.request}
      </button>
      {blocked ? <p className="office-page__muted">{blocked}</p> : null}
      {advice ? <p className="funds__warning">{advice}</p> : null}
      <p className={`funds__note funds__note--${message?.tone ?? 'done'}`} aria-live="polite">
        {message?.text ?? ''}
      </p>
      <ConfirmationDialog
        open={open && preview !== null}
        busy={busy}
        onCancel={() => setOpen(false)}
        title={moneyText.requestTitle}
        description={moneyText.requestLead}
        labels={moneyText}
        tone="primary"
        onConfirm={() => void confirm()}
      >
        {preview ? <FeeLines preview={preview} /> : null}
        {advice ? (
          <p className="funds__warning" role="note">
            {advice}
          </p>
        ) : null}
      </ConfirmationDialog>
    </div>
  );
}

function TransactionRows({ officeId, rows }: { officeId: string; rows: readonly OfficeTransaction[] }) {
  return (
    <>
      {rows.map((row) => (
        <tr key={row.id} {...stackedTable.row}>
          <td {...stackedCell(moneyText.date)}>{formatTableDate(row.at)}</td>
          <td {...stackedCell(moneyText.description)}>
            <Link to={transactionHref(officeId, row.id)}>{row.description}</Link>
            {row.kind === 'payout' && row.payout ? (
              <span className="funds__line-note">
                {moneyText.payoutLineNet(formatMoney(row.payout.netCents), formatMoney(row.payout.feesCents))}
              </span>
            ) : null}
          </td>
          <td
            className={`funds__money ${row.amountCents < 0 ? 'funds__money--out' : 'funds__money--in'}`}
            {...stackedCell(moneyText.amountColumn)}
          >
            {formatMoney(row.amountCents)}
          </td>
        </tr>
      ))}
    </>
  );
}

export function TransactionsPanel({ office }: { office: OfficeReply }) {
  const [filter, setFilter] = useState<TransactionFilter>('all');
  const [page, setPage] = useState(1);
  const transactions = useOfficeTransactions(office._id, filter, page);
  const captionId = 'funds-transactions-caption';
  const rows = transactions.data?.data ?? [];
  return (
    <section className="office-page__panel funds__panel" aria-labelledby="funds-transactions-title">
      <div className="header-row header-row--center">
        <h2 id="funds-transactions-title" className="office-page__subtitle">
          {moneyText.transactionsTitle}
        </h2>
        <SelectField
          id="funds-transaction-filter"
          className="funds__filter"
          label={moneyText.filter}
          options={optionsOf(transactionFilters, moneyText.filters)}
          value={filter}
          onChange={(event) => {
            setFilter(event.target.value as TransactionFilter);
            setPage(1);
          }}
        />
      </div>
      {transactions.error ? (
        <LoadFailure
          message={describeLoadError(transactions.error, moneyText.transactionsFailed)}
          onRetry={() => void transactions.mutate()}
        />
      ) : null}
      {!transactions.data && !transactions.error ? (
        <p className="office-page__muted" role="status">
          {moneyText.transactionsLoading}
        </p>
      ) : null}
      {transactions.data && rows.length === 0 ? (
        <p className="office-page__muted">
          {filter === 'all' ? moneyText.noTransactions : moneyText.noFilteredTransactions}
        </p>
      ) : null}
      {rows.length > 0 ? (
        <div className="table-wrap" role="region" aria-labelledby={captionId} tabIndex={0}>
          <table className="data-table data-table--stack funds__table" {...stackedTable.table}>
            <caption id={captionId} className="visually-hidden">
              {moneyText.transactionsCaption(office.name)}
            </caption>
            <thead {...stackedTable.rowgroup}>
              <tr {...stackedTable.row}>
                <th scope="col" {...stackedTable.columnheader}>
                  {moneyText.date}
                </th>
                <th scope="col" {...stackedTable.columnheader}>
                  {moneyText.description}
                </th>
                <th scope="col" className="funds__money" {...stackedTable.columnheader}>
                  {moneyText.amountColumn}
                </th>
              </tr>
            </thead>
            <tbody {...stackedTable.rowgroup}>
              <TransactionRows officeId={office._id} rows={rows} />
            </tbody>
          </table>
        </div>
      ) : null}
      <Pagination
        page={page}
        pageCount={transactions.data?.pagination.pages ?? 1}
        onPageChange={setPage}
        label={moneyText.transactionPages}
      />
    </section>
  );
}

export function PayoutsPanel({ office }: { office: OfficeReply }) {
  const payouts = usePayouts(office._id);
  const captionId = 'funds-payouts-caption';
  const list = payouts.data?.data ?? [];
  return (
    <section className="office-page__panel funds__panel" aria-labelledby="funds-payouts-title">
      <div className="header-row header-row--center">
        <h2 id="funds-payouts-title" className="office-page__subtitle">
          {moneyText.payoutsTitle}
        </h2>
      </div>
      {payouts.error ? (
        <LoadFailure
          message={describeLoadError(payouts.error, moneyText.payoutsFailed)}
          onRetry={() => void payouts.mutate()}
        />
      ) : null}
      {!payouts.data && !payouts.error ? (
        <p className="office-page__muted" role="status">
          {moneyText.payoutsLoading}
        </p>
      ) : null}
      {payouts.data ? (
        <p>{moneyText.payoutsTotal(formatMoney(payouts.data.total.totalCents), payouts.data.total.count)}</p>
      ) : null}
      {payouts.data && list.length === 0 ? <p className="office-page__muted">{moneyText.noPayouts}</p> : null}
      {list.length > 0 ? (
        <div className="table-wrap" role="region" aria-labelledby={captionId} tabIndex={0}>
          <table className="data-table data-table--stack funds__table" {...stackedTable.table}>
            <caption id={captionId} className="visually-hidden">
              {moneyText.payoutsCaption(office.name)}
            </caption>
            <thead {...stackedTable.rowgroup}>
              <tr {...stackedTable.row}>
                <th scope="col" {...stackedTable.columnheader}>
                  {moneyText.requestedOn}
                </th>
                <th scope="col" {...stackedTable.columnheader}>
                  {moneyText.status}
                </th>
                <th scope="col" className="funds__money" {...stackedTable.columnheader}>
                  {moneyText.grossColumn}
                </th>
                <th scope="col" className="funds__money" {...stackedTable.columnheader}>
                  {moneyText.feesColumn}
                </th>
                <th scope="col" className="funds__money" {...stackedTable.columnheader}>
                  {moneyText.netColumn}
                </th>
              </tr>
            </thead>
            <tbody {...stackedTable.rowgroup}>
              {list.map((payout) => (
                <tr key={payout.id} {...stackedTable.row}>
                  <td {...stackedCell(moneyText.requestedOn)}>
                    <Link to={payoutHref(office._id, payout.id)}>{formatTableDate(payout.createdAt)}</Link>
                  </td>
                  <td {...stackedCell(moneyText.status)}>
                    <span className={`badge funds__payout-status funds__payout-status--${payout.status}`}>
                      {moneyText.statusLabels[payout.status]}
                    </span>
                  </td>
                  <td className="funds__money" {...stackedCell(moneyText.grossColumn)}>
                    {formatMoney(payout.amountCents)}
                  </td>
                  <td className="funds__money funds__money--out" {...stackedCell(moneyText.feesColumn)}>
                    {formatMoney(-payout.feesCents)}
                  </td>
                  <td className="funds__money" {...stackedCell(moneyText.netColumn)}>
                    {formatMoney(payout.netCents)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
