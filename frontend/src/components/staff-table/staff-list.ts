// What staff's tables share (decisions 037 and 041): the filter each keeps in the address (page, search, one choice,
// sort), a list as its route answers it a page at a time (its query for a filter, typed from the route's contract),
// and the CSV of every row the filter on screen matches, read page by page.
import useSWR from 'swr';
import type { RouteIsPaged, RouteQuery, RouteReplyData } from '@contracts/api/index';
import type { Pagination } from '@contracts/envelope';
import { apiClient, type PagedReply, type RouteCallArguments } from '../../lib/api-client';
import { buildApiPath, type ApiPathParamName, type ApiRouteKey } from '../../lib/api-path';
import { buildCsv } from '../../lib/csv';
import type { CsvColumn } from '../../lib/csv';
import type { Query } from '../../lib/paths';
import type { PreparedCsv } from '../csv-download';

export type { CsvColumn } from '../../lib/csv';

/** SPEC §9: staff lists show 10 a page. */
export const staffPageSize = 10;
/** The largest page the list calls answer: a CSV reads the whole list in pages this size. */
export const staffCsvPageSize = 100;

/** A staff table's filter as the address holds it. `sort` is `<sortBy>:<asc|desc>`, empty for the server's order. */
export interface StaffListFilter {
  page: number;
  search: string;
  /** The table's one extra filter (active pie, claimed, kind …), empty for all. */
  choice: string;
  sort: string;
}

export interface StaffPage<Row> {
  rows: Row[];
  pagination: Pagination | undefined;
}

/** The routes that answer one page of a list and take no path parameter: every staff list. */
export type PagedListRoute = {
  [K in ApiRouteKey]: RouteIsPaged<K> extends true
    ? [ApiPathParamName<K>] extends [never]
      ? K
      : never
    : never;
}[ApiRouteKey];

/** A row of a paged route's list, as its contract types it. */
export type PagedRow<K extends PagedListRoute> =
  RouteReplyData<K> extends readonly (infer Row)[] ? Row : never;

/** A list read a page at a time: the page's address (the key its cache keeps it under) and the call that reads it. */
export interface StaffList<Row, Filter = StaffListFilter> {
  /** Rows a page on screen. */
  pageSize: number;
  url: (filter: Filter, limit?: number) => string;
  fetchPage: (filter: Filter, limit?: number) => Promise<StaffPage<Row>>;
}

/** A page of a paged route with the query given, typed from the route's contract. */
export async function fetchStaffPage<K extends PagedListRoute>(
  route: K,
  query: RouteQuery<K>,
): Promise<StaffPage<PagedRow<K>>> {
  // The key is generic here, so the call's arguments and reply are named for what the route's contract makes them.
  const options = [{ query }] as RouteCallArguments<K>;
  const reply = (await apiClient.call(route, ...options)) as PagedReply<PagedRow<K>[]>;
  return { rows: reply.data, pagination: reply.pagination };
}

/** The list of a paged route: `queryOf` gives the route's query for a filter and a page size. */
export function staffList<K extends PagedListRoute, Filter = StaffListFilter>(
  route: K,
  queryOf: (filter: Filter, limit: number) => RouteQuery<K>,
  pageSize = staffPageSize,
): StaffList<PagedRow<K>, Filter> {
  return {
    pageSize,
    url: (filter, limit = pageSize) => buildApiPath(route, undefined, queryOf(filter, limit) as Query),
    fetchPage: (filter, limit = pageSize) => fetchStaffPage(route, queryOf(filter, limit)),
  };
}

/** A page of a list for the filter on screen; the previous page stays on screen while the next loads. */
export function useStaffList<Row, Filter>(list: StaffList<Row, Filter>, filter: Filter) {
  return useSWR<StaffPage<Row>, unknown>(list.url(filter), () => list.fetchPage(filter), {
    keepPreviousData: true,
  });
}

/** The option of `options` the address names, if any: an address edited by hand never reaches the server. */
export function oneOf<Option extends string>(value: string, options: readonly Option[]): Option | undefined {
  return options.find((option) => option === value);
}

/** The sort's query parameters, absent when the server's default order is kept or the address names no sort. */
export function sortQuery<Sort extends string>(
  sort: string,
  sorts: readonly Sort[],
): { sortBy?: Sort; sortOrder?: 'asc' | 'desc' } {
  const [by = '', order] = sort.split(':');
  const sortBy = oneOf(by, sorts);
  return sortBy && (order === 'asc' || order === 'desc') ? { sortBy, sortOrder: order } : {};
}

/** The page, size and search every staff list call takes. */
export function listQuery(
  filter: StaffListFilter,
  limit: number,
): { page: string; limit: string; search?: string } {
  return {
    page: String(filter.page),
    limit: String(limit),
    ...(filter.search.trim() ? { search: filter.search.trim() } : {}),
  };
}

function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/**
 * The filter the address holds; a choice that is none of `choices` is ignored. The choice's parameter is `filter`
 * unless the list names it otherwise (the claims list's `status`).
 */
export function readStaffListFilter(
  params: URLSearchParams,
  choices: readonly string[],
  choiceName = 'filter',
): StaffListFilter {
  return {
    page: readPage(params.get('page')),
    search: params.get('search') ?? '',
    choice: choices.find((choice) => choice === params.get(choiceName)) ?? '',
    sort: params.get('sort') ?? '',
  };
}

/** The address's parameters for a filter: only what differs from the list's first page in the server's order. */
export function writeStaffListFilter(
  next: StaffListFilter,
  query = new URLSearchParams(),
  choiceName = 'filter',
): URLSearchParams {
  if (next.search.trim()) query.set('search', next.search.trim());
  if (next.choice) query.set(choiceName, next.choice);
  if (next.sort) query.set('sort', next.sort);
  if (next.page > 1) query.set('page', String(next.page));
  return query;
}

/** Every row of a list, page after page in pages of the largest size; a page that fails fails the whole read. */
export async function readEveryPage<Row>(
  fetchPage: (page: number, limit: number) => Promise<StaffPage<Row>>,
): Promise<Row[]> {
  const first = await fetchPage(1, staffCsvPageSize);
  const rows = [...first.rows];
  for (let page = 2; page <= (first.pagination?.pages ?? 1); page += 1) {
    rows.push(...(await fetchPage(page, staffCsvPageSize)).rows);
  }
  return rows;
}

/**
 * Every row the filter on screen matches, in the order on screen (all pages, not only the one shown), as a CSV for
 * the CSV button. `fetchPage` reads a page of a size with the screen's filter.
 */
export async function prepareStaffCsv<Row>(
  fetchPage: (page: number, limit: number) => Promise<StaffPage<Row>>,
  columns: readonly CsvColumn<Row>[],
): Promise<PreparedCsv> {
  const rows = await readEveryPage(fetchPage);
  return { text: buildCsv(rows, columns), rows: rows.length };
}
