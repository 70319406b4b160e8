// What staff's tables share (decisions 037 and 041): the filter each keeps in the address (page, search, one choice,
// sort), the page of rows a list call answers, its query, and the CSV of every row the filter on screen matches,
// read page by page.
import type { Pagination } from '@contracts/envelope';
import { apiClient } from '../../lib/api-client';
import { buildCsv } from '../../lib/csv';
import type { CsvColumn } from '../../lib/csv';
import { downloadTextFile } from '../../lib/download-text-file';

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

export async function fetchStaffPage<Row>(url: string): Promise<StaffPage<Row>> {
  const reply = await apiClient.send<Row[]>(url);
  return { rows: reply.data, pagination: reply.pagination };
}

/** The sort's query parameters, absent when the server's default order is kept. */
export function sortQuery(sort: string): { sortBy?: string; sortOrder?: string } {
  const [sortBy, sortOrder] = sort.split(':');
  return sortBy && (sortOrder === 'asc' || sortOrder === 'desc') ? { sortBy, sortOrder } : {};
}

/** The page, size and search every staff list call takes. */
export function listQuery(filter: StaffListFilter, limit: number): Record<string, string> {
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

/** The filter the address holds; a `filter` parameter that is none of `choices` is ignored. */
export function readStaffListFilter(params: URLSearchParams, choices: readonly string[]): StaffListFilter {
  return {
    page: readPage(params.get('page')),
    search: params.get('search') ?? '',
    choice: choices.find((choice) => choice === params.get('filter')) ?? '',
    sort: params.get('sort') ?? '',
  };
}

/** The address's parameters for a filter: only what differs from the list's first page in the server's order. */
export function writeStaffListFilter(next: StaffListFilter, query = new URLSearchParams()): URLSearchParams {
  if (next.search.trim()) query.set('search', next.search.trim());
  if (next.choice) query.set('filter', next.choice);
  if (next.sort) query.set('sort', next.sort);
  if (next.page > 1) query.set('page', String(next.page));
  return query;
}

/**
 * Every row the filter on screen matches, in the order on screen (all pages, not only the one shown), as a CSV file;
 * answers the count. `urlOf` is the list call's URL for a page of a size, with the screen's search, choice and sort.
 */
export async function downloadStaffCsv<Row>(
  urlOf: (page: number, limit: number) => string,
  columns: readonly CsvColumn<Row>[],
  fileName: string,
): Promise<number> {
  const first = await fetchStaffPage<Row>(urlOf(1, staffCsvPageSize));
  const rows = [...first.rows];
  for (let page = 2; page <= (first.pagination?.pages ?? 1); page += 1) {
    rows.push(...(await fetchStaffPage<Row>(urlOf(page, staffCsvPageSize))).rows);
  }
  downloadTextFile(fileName, buildCsv(rows, columns));
  return rows.length;
}
