// The frame of staff's list screens (decision 037): a search (and one filter where the list has one) kept in the
// address, a table whose sortable headers ask the server for its order, loading, empty and error states, pages, and a
// CSV of every row the filter on screen matches. Each list screen gives its words, columns and calls.
import { useState, type FormEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { SWRResponse } from 'swr';
import { describeLoadError, LoadFailure } from '../../../components/load-failure';
import { Pagination } from '../../../components/pagination';
import { useDocumentTitle } from '../../../lib/use-document-title';
import type { CsvColumn, StaffListFilter, StaffPage } from '../lib/staff-list';
import { downloadStaffCsv } from '../lib/staff-list';
import '../staff-directory.css';

export interface StaffColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** The server's `sortBy` for this column, when the list sorts by it. */
  sortBy?: string;
  /** The order a first click asks for (money and dates: highest first). */
  firstOrder?: 'asc' | 'desc';
  /** The row's name: a row header. */
  rowHeader?: boolean;
  numeric?: boolean;
}

export interface StaffListWords {
  title: string;
  lead: string;
  caption: string;
  search: string;
  searchHint: string;
  loading: string;
  failed: string;
  empty: string;
  pages: string;
  csvFile: string;
}

export interface StaffListChoice {
  label: string;
  any: string;
  options: readonly { value: string; label: string }[];
}

export interface StaffListScreenProps<Row> {
  words: StaffListWords;
  /** Where the list stands when the address names no sort: the server's default, shown on its column. */
  defaultSort?: string;
  choice?: StaffListChoice;
  columns: readonly StaffColumn<Row>[];
  csvColumns: readonly CsvColumn<Row>[];
  rowKey: (row: Row) => string;
  useRows: (filter: StaffListFilter) => SWRResponse<StaffPage<Row>, unknown>;
  /** The list call's URL for a filter and page size (the CSV reads every page). */
  urlOf: (filter: StaffListFilter, limit: number) => string;
}

function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

const orderWords = { asc: 'ascending', desc: 'descending' } as const;

export function StaffListScreen<Row>({
  words,
  defaultSort = '',
  choice,
  columns,
  csvColumns,
  rowKey,
  useRows,
  urlOf,
}: StaffListScreenProps<Row>) {
  useDocumentTitle(`${words.title} · OpenPie Admin`);
  const [params, setParams] = useSearchParams();
  const filter: StaffListFilter = {
    page: readPage(params.get('page')),
    search: params.get('search') ?? '',
    choice: choice?.options.find((option) => option.value === params.get('filter'))?.value ?? '',
    sort: params.get('sort') ?? '',
  };
  const [searchText, setSearchText] = useState(filter.search);
  const [choiceValue, setChoiceValue] = useState(filter.choice);
  const [csvState, setCsvState] = useState<{ busy: boolean; message: string }>({ busy: false, message: '' });
  const rows = useRows(filter);
  const [sortBy, sortOrder] = (filter.sort || defaultSort).split(':');

  const apply = (next: StaffListFilter) => {
    const query = new URLSearchParams();
    if (next.search.trim()) query.set('search', next.search.trim());
    if (next.choice) query.set('filter', next.choice);
    if (next.sort) query.set('sort', next.sort);
    if (next.page > 1) query.set('page', String(next.page));
    setParams(query);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    apply({ ...filter, search: searchText, choice: choiceValue, page: 1 });
  };

  const sortOn = (column: StaffColumn<Row>) => {
    if (!column.sortBy) return;
    const order =
      sortBy === column.sortBy ? (sortOrder === 'asc' ? 'desc' : 'asc') : (column.firstOrder ?? 'asc');
    apply({ ...filter, sort: `${column.sortBy}:${order}`, page: 1 });
  };

  const download = async () => {
    setCsvState({ busy: true, message: '' });
    try {
      const count = await downloadStaffCsv(
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
    <div className="staff-directory">
      <header className="staff-directory__header">
        <div>
          <h1 className="staff-directory__title">{words.title}</h1>
          <p className="staff-directory__lead">{words.lead}</p>
        </div>
        <div className="staff-directory__csv">
          <button
            type="button"
            className="button button--secondary button--small"
            disabled={csvState.busy}
            onClick={() => void download()}
          >
            {csvState.busy ? 'Preparing CSV...' : 'Download CSV'}
          </button>
          <p className="staff-directory__muted" role="status">
            {csvState.message}
          </p>
        </div>
      </header>

      <form className="staff-directory__filters" role="search" onSubmit={submit}>
        <div className="field staff-directory__search">
          <label className="field__label" htmlFor="staff-list-search">
            {words.search}
          </label>
          <input
            id="staff-list-search"
            className="field__input"
            type="search"
            maxLength={100}
            value={searchText}
            aria-describedby="staff-list-search-hint"
            onChange={(event) => setSearchText(event.target.value)}
          />
          <span id="staff-list-search-hint" className="field__hint">
            {words.searchHint}
          </span>
        </div>
        {choice ? (
          <div className="field">
            <label className="field__label" htmlFor="staff-list-choice">
              {choice.label}
            </label>
            <select
              id="staff-list-choice"
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
        <div className="staff-directory__filter-actions">
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
                apply({ page: 1, search: '', choice: '', sort: filter.sort });
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
        <p className="staff-directory__muted" role="status">
          {words.loading}
        </p>
      ) : null}
      {rows.data && list.length === 0 ? <p className="staff-directory__empty">{words.empty}</p> : null}
      {list.length > 0 ? (
        <>
          {total === undefined ? null : (
            <p className="staff-directory__muted">
              {total} {total === 1 ? 'match' : 'matches'}
              {rows.isValidating ? ' · updating…' : ''}
            </p>
          )}
          <div className="table-wrap" role="region" aria-label={words.caption} tabIndex={0}>
            <table className="data-table staff-directory__table">
              <caption className="staff-directory__caption">{words.caption}</caption>
              <thead>
                <tr>
                  {columns.map((column) => {
                    const sorted = column.sortBy !== undefined && column.sortBy === sortBy;
                    const order = sortOrder === 'asc' ? 'asc' : 'desc';
                    return (
                      <th
                        key={column.header}
                        scope="col"
                        className={column.numeric ? 'staff-directory__numeric' : undefined}
                        aria-sort={sorted ? (order === 'asc' ? 'ascending' : 'descending') : undefined}
                      >
                        {column.sortBy ? (
                          <button
                            type="button"
                            className="staff-directory__sort"
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
                          className={column.numeric ? 'staff-directory__numeric' : undefined}
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
        onPageChange={(page) => apply({ ...filter, page })}
      />
    </div>
  );
}
