// What the escrow screen's tables share (decision 041): the filter each keeps in the address (page, search, one
// choice, sort), the page of rows a list call answers, and the CSV of every row the filter on screen matches, read
// page by page.
import type { Pagination } from '../../../../../functions/contracts/envelope';
import { apiClient } from '../../../lib/api-client';
import { buildCsv } from '../../../lib/csv';
import type { CsvColumn } from '../../../lib/csv';
import { downloadTextFile } from '../../../lib/download-text-file';

/** SPEC §9: staff lists show 10 a page. */
export const escrowPageSize = 10;
/** The largest page the list calls answer: a CSV reads the whole list in pages this size. */
export const escrowCsvPageSize = 100;

/** A table's filter as the address holds it. `sort` is `<sortBy>:<asc|desc>`, empty for the server's order. */
export interface EscrowListFilter {
  page: number;
  search: string;
  /** The table's one extra filter (kind, money in or out), empty for all. */
  choice: string;
  sort: string;
}

export interface EscrowPage<Row> {
  rows: Row[];
  pagination: Pagination | undefined;
}

export async function fetchEscrowPage<Row>(url: string): Promise<EscrowPage<Row>> {
  const reply = await apiClient.send<Row[]>(url);
  return { rows: reply.data, pagination: reply.pagination };
}

/** The page, size, search and sort every list call takes; the sort is absent when the server's order is kept. */
export function listQuery(filter: EscrowListFilter, limit: number): Record<string, string> {
  const [sortBy, sortOrder] = filter.sort.split(':');
  return {
    page: String(filter.page),
    limit: String(limit),
    ...(filter.search.trim() ? { search: filter.search.trim() } : {}),
    ...(sortBy && (sortOrder === 'asc' || sortOrder === 'desc') ? { sortBy, sortOrder } : {}),
  };
}

export type { CsvColumn } from '../../../lib/csv';

/** Every row the filter on screen matches, in the order on screen (all pages), as a CSV file; answers the count. */
export async function downloadEscrowCsv<Row>(
  urlOf: (page: number, limit: number) => string,
  columns: readonly CsvColumn<Row>[],
  fileName: string,
): Promise<number> {
  const first = await fetchEscrowPage<Row>(urlOf(1, escrowCsvPageSize));
  const rows = [...first.rows];
  for (let page = 2; page <= (first.pagination?.pages ?? 1); page += 1) {
    rows.push(...(await fetchEscrowPage<Row>(urlOf(page, escrowCsvPageSize))).rows);
  }
  downloadTextFile(fileName, buildCsv(rows, columns));
  return rows.length;
}
