// The frame of the escrow screen's tables (decision 041): a search and one filter, a table whose sortable headers ask
// the server for its order, loading, empty and error states, pages, and a CSV of every row the filter on screen
// matches. The screen keeps the filter in the address and hands it in; each table gives its words, columns and calls.
import { useState, type FormEvent, type ReactNode } from 'react';
import type { SWRResponse } from 'swr';
import { describeLoadError, LoadFailure } from '../../../components/load-failure';
import { Pagination } from '../../../components/pagination';
import type { CsvColumn, EscrowListFilter, EscrowPage } from '../lib/escrow-list';
import { downloadEscrowCsv } from '../lib/escrow-list';

export interface EscrowColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** The server's `sortBy` for this column, when the list sorts by it. */
  sortBy?: string;
  /** The order a first click asks for (money and ages: highest first). */
  firstOrder?: 'asc' | 'desc';
  rowHeader?: boolean;
  numeric?: boolean;
}

export interface EscrowTableWords {
  /** The table's heading (an h2: the screen has the h1). */
  title: string;
  caption: string;
  search: string;
  searchHint: string;
  loading: string;
  failed: string;
  empty: string;
  pages: string;
  csvFile: string;
}

export interface EscrowTableChoice {
  label: string;
  any: string;
  options: readonly { value: string; label: string }[];
}

export interface EscrowTableProps<Row> {
  id: string;
  words: EscrowTableWords;
  filter: EscrowListFilter;
  onFilterChange: (next: EscrowListFilter) => void;
  /** Where the list stands when the address names no sort: the server's default, shown on its column. */
  defaultSort: string;
  choice?: EscrowTableChoice;
  columns: readonly EscrowColumn<Row>[];
  csvColumns: readonly CsvColumn<Row>[];
  rowKey: (row: Row) => string;
  rows: SWRResponse<EscrowPage<Row>, unknown>;
  /** The list call's URL for a filter and page size (the CSV reads every page). */
  urlOf: (filter: EscrowListFilter, limit: number) => string;
  /** What shows between the heading and the search (a summary of the table). */
  children?: ReactNode;
}

const orderWords = { asc: 'ascending', desc: 'descending' } as const;

export function EscrowTable<Row>({
  id,
  words,
  filter,
  onFilterChange,
  defaultSort,
  choice,
  columns,
  csvColumns,
  rowKey,
  rows,
  urlOf,
  children,
}: EscrowTableProps<Row>) {
  const [searchText, setSearchText] = useState(filter.search);
  const [choiceValue, setChoiceValue] = useState(filter.choice);
  const [csvState, setCsvState] = useState<{ busy: boolean; message: string }>({ busy: false, message: '' });
  const [sortBy, sortOrder] = (filter.sort || defaultSort).split(':');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onFilterChange({ ...filter, search: searchText, choice: choiceValue, page: 1 });
  };

  const sortOn = (column: EscrowColumn<Row>) => {
    if (!column.sortBy) return;
    const order =
      sortBy === column.sortBy ? (sortOrder === 'asc' ? 'desc' : 'asc') : (column.firstOrder ?? 'asc');
    onFilterChange({ ...filter, sort: `${column.sortBy}:${order}`, page: 1 });
  };

  const download = async () => {
    setCsvState({ busy: true, message: '' });
    try {
      const count = await downloadEscrowCsv(
        (page, limit) => urlOf({ ...filter, page }, limit),
        csvColumns,
        words.csvFile,
      );
      setCsvState({ busy: false, message: `Downloaded ${count} ${count === 1 ? 'row' : 'rows'}.` });
    } catch (error) {
      setCsvState({ busy: false, message: describeLoadError(error, 'We could not make the CSV.') });
    }
  };

  const list = rows.data?.rows ?? [];
  const total = rows.data?.pagination?.total;
  const filtered = Boolean(filter.search || filter.choice);

  return (
    <section className="staff-escrow__section" aria-labelledby={`${id}-title`}>
      <header className="staff-escrow__section-header">
        <h2 id={`${id}-title`} className="staff-escrow__subtitle">
          {words.title}
        </h2>
        <div className="staff-escrow__csv">
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={csvState.busy}
            onClick={() => void download()}
          >
            {csvState.busy ? 'Preparing CSV...' : 'Download CSV'}
          </button>
          <p className="staff-escrow__muted" role="status">
            {csvState.message}
          </p>
        </div>
      </header>
      {children}

      <form className="staff-escrow__filters" role="search" onSubmit={submit}>
        <div className="field staff-escrow__search">
          <label className="field__label" htmlFor={`${id}-search`}>
            {words.search}
          </label>
          <input
            id={`${id}-search`}
            className="field__input"
            type="search"
            maxLength={100}
            value={searchText}
            aria-describedby={`${id}-search-hint`}
            onChange={(event) => setSearchText(event.target.value)}
          />
          <span id={`${id}-search-hint`} className="field__hint">
            {words.searchHint}
          </span>
        </div>
        {choice ? (
          <div className="field">
            <label className="field__label" htmlFor={`${id}-choice`}>
              {choice.label}
            </label>
            <select
              id={`${id}-choice`}
              className="field__input field__select"
              value={choiceValue}
              onChange={(event) => setChoiceValue(event.target.value)}
            >
              <option value="">{choice.any}</option>
              {choice.options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div className="staff-escrow__filter-actions">
          <button type="submit" className="button button--primary">
            Search
          </button>
          {filtered ? (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => {
                setSearchText('');
                setChoiceValue('');
                onFilterChange({ page: 1, search: '', choice: '', sort: filter.sort });
              }}
            >
              Clear
            </button>
          ) : null}
        </div>
      </form>

      {rows.error ? (
        <LoadFailure
          message={describeLoadError(rows.error, words.failed)}
          onRetry={() => void rows.mutate()}
        />
      ) : null}
      {!rows.data && !rows.error ? (
        <p className="staff-escrow__muted" role="status">
          {words.loading}
        </p>
      ) : null}
      {rows.data && list.length === 0 ? <p className="staff-escrow__empty">{words.empty}</p> : null}
      {list.length > 0 ? (
        <>
          {total === undefined ? null : (
            <p className="staff-escrow__muted">
              {total} {total === 1 ? 'match' : 'matches'}
              {rows.isValidating ? ' · updating…' : ''}
            </p>
          )}
          <div className="table-wrap" role="region" aria-label={words.caption} tabIndex={0}>
            <table className="data-table staff-escrow__table">
              <caption className="staff-escrow__caption">{words.caption}</caption>
              <thead>
                <tr>
                  {columns.map((column) => {
                    const sorted = column.sortBy !== undefined && column.sortBy === sortBy;
                    const order = sortOrder === 'asc' ? 'asc' : 'desc';
                    return (
                      <th
                        key={column.header}
                        scope="col"
                        className={column.numeric ? 'staff-escrow__numeric' : undefined}
                        aria-sort={sorted ? (order === 'asc' ? 'ascending' : 'descending') : undefined}
                      >
                        {column.sortBy ? (
                          <button
                            type="button"
                            className="staff-escrow__sort"
                            onClick={() => sortOn(column)}
                            aria-label={
                              sorted
                                ? `${column.header}, sorted ${orderWords[order]}; sort the other way`
                                : `Sort by ${column.header}`
                            }
                          >
                            {column.header}
                            <span aria-hidden="true">{sorted ? (order === 'asc' ? ' ▲' : ' ▼') : ' ↕'}</span>
                          </button>
                        ) : (
                          column.header
                        )}
                      </th>
                    );
                  })}
                </tr>
              </thead>
              <tbody>
                {list.map((row) => (
                  <tr key={rowKey(row)}>
                    {columns.map((column) =>
                      column.rowHeader ? (
                        <th key={column.header} scope="row">
                          {column.cell(row)}
                        </th>
                      ) : (
                        <td
                          key={column.header}
                          className={column.numeric ? 'staff-escrow__numeric' : undefined}
                        >
                          {column.cell(row)}
                        </td>
                      ),
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
      <Pagination
        page={filter.page}
        pageCount={rows.data?.pagination?.pages ?? 0}
        label={words.pages}
        onPageChange={(page) => onFilterChange({ ...filter, page })}
      />
    </section>
  );
}
