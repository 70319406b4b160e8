// The frame of every staff table (decisions 037 and 041): a heading with the CSV of every row the filter on screen
// matches, a search and one filter, a table whose sortable headers ask the server for its order, loading, empty and
// error states, and pages. The screen keeps the filter (in the address) and hands it in; each table gives its words,
// columns and calls.
import { useState, type FormEvent, type ReactNode } from 'react';
import type { SWRResponse } from 'swr';
import { CsvDownload } from '../csv-download';
import { describeLoadError, LoadFailure } from '../load-failure';
import { Pagination } from '../pagination';
import type { CsvColumn, StaffListFilter, StaffPage } from './staff-list';
import { prepareStaffCsv } from './staff-list';
import './staff-table.css';

export interface StaffColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** The server's `sortBy` for this column, when the list sorts by it. */
  sortBy?: string;
  /** The order a first click asks for (money, ages and dates: highest first). */
  firstOrder?: 'asc' | 'desc';
  /** The row's name: a row header. */
  rowHeader?: boolean;
  numeric?: boolean;
}

export interface StaffTableWords {
  caption: string;
  search: string;
  searchHint: string;
  loading: string;
  failed: string;
  empty: string;
  pages: string;
  csvFile: string;
}

export interface StaffTableChoice {
  label: string;
  any: string;
  options: readonly { value: string; label: string }[];
}

export interface StaffTableProps<Row> {
  /** Prefixes the ids of the table's fields; the heading's id is `<id>-title`. */
  id: string;
  /** The table's heading, with the id `<id>-title` (an h1 on a list screen, an h2 in a screen of several tables). */
  heading: ReactNode;
  /** The class of the table's section, for the screen's spacing. */
  className: string;
  /** A class for the table itself (a wider minimum before it scrolls sideways, say). */
  tableClassName?: string;
  words: StaffTableWords;
  filter: StaffListFilter;
  onFilterChange: (next: StaffListFilter) => void;
  /** Where the list stands when the address names no sort: the server's default, shown on its column. */
  defaultSort?: string;
  choice?: StaffTableChoice;
  columns: readonly StaffColumn<Row>[];
  csvColumns: readonly CsvColumn<Row>[];
  rowKey: (row: Row) => string;
  rows: SWRResponse<StaffPage<Row>, unknown>;
  /** Reads a page of the list for a filter and page size (the CSV reads every page). */
  fetchPage: (filter: StaffListFilter, limit: number) => Promise<StaffPage<Row>>;
  /** What shows between the heading and the search (a summary of the table). */
  children?: ReactNode;
}

const orderWords = { asc: 'ascending', desc: 'descending' } as const;

export function StaffTable<Row>({
  id,
  heading,
  className,
  tableClassName,
  words,
  filter,
  onFilterChange,
  defaultSort = '',
  choice,
  columns,
  csvColumns,
  rowKey,
  rows,
  fetchPage,
  children,
}: StaffTableProps<Row>) {
  const [searchText, setSearchText] = useState(filter.search);
  const [choiceValue, setChoiceValue] = useState(filter.choice);
  const [sortBy, sortOrder] = (filter.sort || defaultSort).split(':');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onFilterChange({ ...filter, search: searchText, choice: choiceValue, page: 1 });
  };

  const sortOn = (column: StaffColumn<Row>) => {
    if (!column.sortBy) return;
    const order =
      sortBy === column.sortBy ? (sortOrder === 'asc' ? 'desc' : 'asc') : (column.firstOrder ?? 'asc');
    onFilterChange({ ...filter, sort: `${column.sortBy}:${order}`, page: 1 });
  };

  const list = rows.data?.rows ?? [];
  const total = rows.data?.pagination?.total;
  const filtered = Boolean(filter.search || filter.choice);

  return (
    <section className={className} aria-labelledby={`${id}-title`}>
      <header className="header-row">
        {heading}
        <CsvDownload
          fileName={words.csvFile}
          prepare={() => prepareStaffCsv((page, limit) => fetchPage({ ...filter, page }, limit), csvColumns)}
        />
      </header>
      {children}

      <form className="staff-table__filters" role="search" onSubmit={submit}>
        <div className="field staff-table__search">
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
        <div className="staff-table__filter-actions">
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
        <p className="staff-table__muted" role="status">
          {words.loading}
        </p>
      ) : null}
      {rows.data && list.length === 0 ? <p className="staff-table__empty">{words.empty}</p> : null}
      {list.length > 0 ? (
        <>
          {total === undefined ? null : (
            <p className="staff-table__muted">
              {total} {total === 1 ? 'match' : 'matches'}
              {rows.isValidating ? ' · updating…' : ''}
            </p>
          )}
          <div className="table-wrap" role="region" aria-label={words.caption} tabIndex={0}>
            <table className={`data-table staff-page__table ${tableClassName ?? ''}`.trim()}>
              <caption className="staff-page__caption">{words.caption}</caption>
              <thead>
                <tr>
                  {columns.map((column) => {
                    const sorted = column.sortBy !== undefined && column.sortBy === sortBy;
                    const order = sortOrder === 'asc' ? 'asc' : 'desc';
                    return (
                      <th
                        key={column.header}
                        scope="col"
                        className={column.numeric ? 'staff-page__numeric' : undefined}
                        aria-sort={sorted ? (order === 'asc' ? 'ascending' : 'descending') : undefined}
                      >
                        {column.sortBy ? (
                          <button
                            type="button"
                            className="staff-table__sort"
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
                          className={column.numeric ? 'staff-page__numeric' : undefined}
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
