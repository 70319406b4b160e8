// What staff's list screens share (decision 037): the filter kept in the address (page, search, one choice, sort),
// the page of rows a list call answers, and the CSV of every row the filter matches, fetched page by page.
import type { Pagination } from '../../../../../functions/contracts/envelope';
import { apiClient } from '../../../lib/api-client';
import { downloadTextFile } from '../../../lib/download-text-file';
import { buildCsv } from '../../../lib/csv';
import type { CsvColumn } from '../../../lib/csv';

/** SPEC §9: staff lists show 10 a page. */
export const staffPageSize = 10;
/** The largest page the list calls answer: a CSV reads the whole list in pages this size. */
export const staffCsvPageSize = 100;

/** A staff list's filter as the address holds it. `sort` is `<sortBy>:<asc|desc>`, empty for the server's order. */
export interface StaffListFilter {
  page: number;
  search: string;
  /** The list's one extra filter (active pie, claimed …), empty for all. */
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

/** The page and search every staff list call takes. */
export function listQuery(filter: StaffListFilter, limit: number): Record<string, string> {
  return {
    page: String(filter.page),
    limit: String(limit),
    ...(filter.search.trim() ? { search: filter.search.trim() } : {}),
  };
}

export type { CsvColumn } from '../../../lib/csv';

/**
 * Every row the filter on screen matches, in the order on screen (all pages, not only the one shown), as a CSV file.
 * `urlOf` is the list call's URL for a page of a size, with the screen's search, choice and sort.
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
