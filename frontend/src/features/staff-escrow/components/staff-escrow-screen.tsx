// Staff's escrow and wallet transactions (SPEC §2: /admin/escrow and /admin/wallet-transactions are one screen;
// decision 041). Three tabs: money held per artist with escrow aging (its preview and a reason), the names heard alone
// that wait for their catalogue artist with a form to resolve one, and every fan's wallet lines with their totals by
// kind. The tab, and each table's search, filter, sort and page, are kept in the address.
import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import type { StaffEscrowArtist, StaffWalletTransaction } from '@contracts/admin-escrow';
import { walletTransactionKinds } from '@contracts/payments';
import { FormAlert } from '../../../components/form/form-alert';
import { writeDollars } from '../../../lib/csv';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { staffEscrow } from '../api/get-escrow';
import type { WalletStatsPeriod } from '../api/get-wallet-stats';
import { staffWalletTransactions } from '../api/get-wallet-transactions';
import type { CsvColumn, StaffListFilter } from '../../../components/staff-table/staff-list';
import {
  readStaffListFilter,
  useStaffList,
  writeStaffListFilter,
} from '../../../components/staff-table/staff-list';
import {
  StaffTable,
  type StaffColumn,
  type StaffTableProps,
  type StaffTableWords,
} from '../../../components/staff-table/staff-table';
import { nameStateLabels, walletKindLabels } from '../lib/escrow-words';
import '../staff-escrow.css';
import { EscrowAgingPanel } from './escrow-aging-panel';
import { ResolveNameForm } from './resolve-name-form';
import { periodChoices, WalletStats } from './wallet-stats';

type Tab = 'held' | 'names' | 'wallet';

/** The address's filter of the tab shown, and a setter that keeps the tab (and the wallet tab's period). */
function useAddressFilter(tab: Tab, choices: readonly string[]) {
  const [params, setParams] = useSearchParams();
  const filter = readStaffListFilter(params, choices);
  const apply = (next: StaffListFilter) => {
    const query = new URLSearchParams();
    if (tab === 'names') query.set('tab', 'names');
    const period = params.get('period');
    if (tab === 'wallet' && period) query.set('period', period);
    setParams(writeStaffListFilter(next, query));
  };
  return { filter, apply, params, setParams };
}

/** One of the screen's tables: a section under its h2 (the screen has the h1). */
function EscrowSection<Row>({
  words,
  ...table
}: Omit<StaffTableProps<Row>, 'heading' | 'className' | 'tableClassName' | 'words'> & {
  words: StaffTableWords & { title: string };
}) {
  return (
    <StaffTable<Row>
      {...table}
      words={words}
      className="staff-escrow__section"
      tableClassName="staff-escrow__table"
      heading={
        <h2 id={`${table.id}-title`} className="staff-page__subtitle">
          {words.title}
        </h2>
      }
    />
  );
}

const heldCsv: readonly CsvColumn<StaffEscrowArtist>[] = [
  { name: 'artist_key', value: (row) => row.artistKey },
  { name: 'kind', value: (row) => row.kind },
  { name: 'artist_id', value: (row) => row.artistId },
  { name: 'artist_name', value: (row) => row.artistName },
  { name: 'held_cents', value: (row) => row.heldCents },
  { name: 'held_dollars', value: (row) => writeDollars(row.heldCents) },
  { name: 'lots', value: (row) => row.lots },
  { name: 'fans', value: (row) => row.fans },
  { name: 'oldest_held_from', value: (row) => row.oldestHeldFrom },
  { name: 'oldest_age_days', value: (row) => row.oldestAgeDays },
  { name: 'first_return_at', value: (row) => row.returnsAt },
  { name: 'due_lots', value: (row) => row.dueLots },
  { name: 'due_cents', value: (row) => row.dueCents },
  { name: 'name_status', value: (row) => row.nameOnly?.status ?? null },
];

const heldColumns = (onResolve?: (row: StaffEscrowArtist) => void): StaffColumn<StaffEscrowArtist>[] => [
  {
    header: 'Artist',
    rowHeader: true,
    sortBy: 'name',
    cell: (row) =>
      row.kind === 'catalogue' ? (
        row.artistName
      ) : (
        <>
          {row.artistName} <span className="staff-escrow__tag">name only</span>
        </>
      ),
  },
  {
    header: 'Held',
    sortBy: 'held',
    firstOrder: 'desc',
    numeric: true,
    cell: (row) => formatMoney(row.heldCents),
  },
  {
    header: 'Lots',
    numeric: true,
    cell: (row) => `${row.lots} (${row.fans} ${row.fans === 1 ? 'fan' : 'fans'})`,
  },
  {
    header: 'Oldest',
    sortBy: 'age',
    firstOrder: 'desc',
    numeric: true,
    cell: (row) => `${row.oldestAgeDays} ${row.oldestAgeDays === 1 ? 'day' : 'days'}`,
  },
  {
    header: 'Returns to fans',
    sortBy: 'returns',
    firstOrder: 'asc',
    cell: (row) =>
      row.dueLots > 0 ? (
        <strong>Due now: {formatMoney(row.dueCents)}</strong>
      ) : (
        `from ${formatDate(row.returnsAt)}`
      ),
  },
  ...(onResolve
    ? [
        {
          header: 'Match',
          cell: (row: StaffEscrowArtist) =>
            row.nameOnly ? (
              <div className="staff-escrow__match">
                <span>
                  {nameStateLabels[row.nameOnly.status]}
                  {row.nameOnly.candidates.length > 0
                    ? ` · ${row.nameOnly.candidates.length} catalogue ${row.nameOnly.candidates.length === 1 ? 'artist' : 'artists'}`
                    : ''}
                </span>
                {row.nameOnly.status === 'resolved' ? null : (
                  <button
                    type="button"
                    className="button button--secondary button--small"
                    onClick={() => onResolve(row)}
                    aria-label={`Resolve ${row.artistName}`}
                  >
                    Resolve…
                  </button>
                )}
              </div>
            ) : (
              '—'
            ),
        },
      ]
    : []),
];

function HeldTab() {
  const { filter, apply } = useAddressFilter('held', ['catalogue', 'name-only']);
  const rows = useStaffList(staffEscrow, filter);
  return (
    <>
      <EscrowAgingPanel onRan={() => void rows.mutate()} />
      <EscrowSection<StaffEscrowArtist>
        id="escrow-held"
        words={{
          title: 'Money held per artist',
          caption: 'Money held per artist',
          search: 'Search artists',
          searchHint: 'A part of the name, or an artist id',
          loading: 'Loading what is held...',
          failed: 'We could not load what is held.',
          empty: 'Nothing is held for an artist that matches.',
          pages: 'Held money pages',
          csvFile: 'openpie-escrow-held.csv',
        }}
        filter={filter}
        onFilterChange={apply}
        defaultSort="held:desc"
        choice={{
          label: 'Artists',
          any: 'Every artist',
          options: [
            { value: 'catalogue', label: 'Catalogue artists' },
            { value: 'name-only', label: 'Names heard alone' },
          ],
        }}
        columns={heldColumns()}
        csvColumns={heldCsv}
        rowKey={(row) => row.artistKey}
        rows={rows}
        fetchPage={staffEscrow.fetchPage}
      />
    </>
  );
}

function NamesTab() {
  const { filter, apply } = useAddressFilter('names', []);
  const named = { ...filter, choice: 'name-only' };
  const rows = useStaffList(staffEscrow, named);
  const [resolving, setResolving] = useState<StaffEscrowArtist | null>(null);
  const [resolved, setResolved] = useState<string | null>(null);
  return (
    <>
      <div aria-live="polite">{resolved ? <FormAlert tone="success">{resolved}</FormAlert> : null}</div>
      {resolving ? (
        <div className="staff-page__panel">
          <ResolveNameForm
            key={resolving.artistKey}
            row={resolving}
            onCancel={() => setResolving(null)}
            onResolved={(message) => {
              setResolving(null);
              setResolved(message);
              void rows.mutate();
            }}
          />
        </div>
      ) : null}
      <EscrowSection<StaffEscrowArtist>
        id="escrow-names"
        words={{
          title: 'Names waiting for a match',
          caption: 'Names heard alone with money held',
          search: 'Search names',
          searchHint: 'A part of the name',
          loading: 'Loading names...',
          failed: 'We could not load the names.',
          empty: 'No name heard alone has money waiting.',
          pages: 'Names pages',
          csvFile: 'openpie-escrow-names.csv',
        }}
        filter={filter}
        onFilterChange={(next) => apply({ ...next, choice: '' })}
        defaultSort="held:desc"
        columns={heldColumns((row) => {
          setResolved(null);
          setResolving(row);
        })}
        csvColumns={[
          ...heldCsv,
          {
            name: 'candidate_artist_ids',
            value: (row) => row.nameOnly?.candidates.map((candidate) => candidate.artistId).join(' ') ?? null,
          },
        ]}
        rowKey={(row) => row.artistKey}
        rows={rows}
        fetchPage={(current, limit) => staffEscrow.fetchPage({ ...current, choice: 'name-only' }, limit)}
      >
        <p className="staff-page__muted">
          An import named these artists only by text and the catalogue knows no single artist of that name.
          Give a name to the catalogue artist it is, and the money held for it moves to that artist.
        </p>
      </EscrowSection>
    </>
  );
}

function isPeriod(value: string | null): value is WalletStatsPeriod {
  return periodChoices.some((choice) => choice.value === value);
}

function WalletTab() {
  const { filter, apply, params, setParams } = useAddressFilter('wallet', [
    'credit',
    'debit',
    ...walletTransactionKinds,
  ]);
  const rows = useStaffList(staffWalletTransactions, filter);
  const periodParam = params.get('period');
  const period: WalletStatsPeriod = isPeriod(periodParam) ? periodParam : 'month';
  return (
    <>
      <WalletStats
        period={period}
        onPeriodChange={(next) => {
          const query = new URLSearchParams(params);
          query.set('period', next);
          setParams(query, { replace: true });
        }}
      />
      <EscrowSection<StaffWalletTransaction>
        id="wallet-lines"
        words={{
          title: 'Wallet transactions',
          caption: 'Wallet transactions, newest first',
          search: 'Search by fan',
          searchHint: "A part of the fan's name or e-mail, or a fan id",
          loading: 'Loading wallet transactions...',
          failed: 'We could not load the wallet transactions.',
          empty: 'No wallet transactions match.',
          pages: 'Wallet transaction pages',
          csvFile: 'openpie-wallet-transactions.csv',
        }}
        filter={filter}
        onFilterChange={apply}
        defaultSort="date:desc"
        choice={{
          label: 'Lines',
          any: 'Every line',
          options: [
            { value: 'credit', label: 'Money into wallets' },
            { value: 'debit', label: 'Money out of wallets' },
            ...walletTransactionKinds.map((kind) => ({ value: kind, label: walletKindLabels[kind] })),
          ],
        }}
        columns={[
          {
            header: 'Date',
            sortBy: 'date',
            firstOrder: 'desc',
            cell: (line) => formatDateTime(line.createdAt),
          },
          {
            header: 'Fan',
            rowHeader: true,
            cell: (line) => (
              <Link to={paths.admin.fan({ id: line.fanId })}>
                {line.fanName ?? line.fanEmail ?? <span className="staff-page__muted">Deleted account</span>}
              </Link>
            ),
          },
          { header: 'Kind', cell: (line) => walletKindLabels[line.kind] },
          { header: 'Description', cell: (line) => line.description },
          {
            header: 'Amount',
            sortBy: 'amount',
            firstOrder: 'desc',
            numeric: true,
            cell: (line) => formatMoney(line.amountCents),
          },
        ]}
        csvColumns={[
          { name: 'transaction_id', value: (line) => line.id },
          { name: 'created_at', value: (line) => line.createdAt },
          { name: 'fan_id', value: (line) => line.fanId },
          { name: 'fan_name', value: (line) => line.fanName },
          { name: 'fan_email', value: (line) => line.fanEmail },
          { name: 'kind', value: (line) => line.kind },
          { name: 'type', value: (line) => line.type },
          { name: 'amount_cents', value: (line) => line.amountCents },
          { name: 'amount_dollars', value: (line) => writeDollars(line.amountCents) },
          { name: 'description', value: (line) => line.description },
          { name: 'pie_id', value: (line) => line.pieId },
        ]}
        rowKey={(line) => `${line.fanId}:${line.id}`}
        rows={rows}
        fetchPage={staffWalletTransactions.fetchPage}
      />
    </>
  );
}

const tabs: readonly { tab: Tab; label: string; to: string }[] = [
  { tab: 'held', label: 'Money held', to: paths.admin.escrow() },
  { tab: 'names', label: 'Names waiting', to: `${paths.admin.escrow()}?tab=names` },
  { tab: 'wallet', label: 'Wallet transactions', to: paths.admin.walletTransactions() },
];

export function StaffEscrowScreen() {
  const location = useLocation();
  const [params] = useSearchParams();
  const tab: Tab = location.pathname.startsWith(paths.admin.walletTransactions())
    ? 'wallet'
    : params.get('tab') === 'names'
      ? 'names'
      : 'held';
  useDocumentTitle(`${tab === 'wallet' ? 'Wallet transactions' : 'Escrow'} · OpenPie Admin`);
  return (
    <div className="staff-page">
      <header>
        <h1 className="staff-page__title">Escrow and wallet transactions</h1>
        <p className="staff-page__lead">
          Money held for artists who have not joined yet, when it goes back to fans, and every fan&apos;s
          wallet movements.
        </p>
      </header>
      <nav aria-label="Escrow sections">
        <ul className="staff-escrow__tabs">
          {tabs.map((entry) => (
            <li key={entry.tab}>
              <Link
                to={entry.to}
                className={`staff-escrow__tab${entry.tab === tab ? ' staff-escrow__tab--current' : ''}`}
                aria-current={entry.tab === tab ? 'page' : undefined}
              >
                {entry.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {tab === 'held' ? (
        <HeldTab key="held" />
      ) : tab === 'names' ? (
        <NamesTab key="names" />
      ) : (
        <WalletTab key="wallet" />
      )}
    </div>
  );
}
