// Writing CSV in the browser: fields quoted when they must be and safe from spreadsheet formulas, money in dollars
// written with integers, a table's rows by its columns. The pie receipt and staff's tables use it.

/** A plain decimal number (`-10.00`, `42`): data a spreadsheet reads as a number, never a formula. */
const plainNumber = /^-?\d+(\.\d+)?$/;

/**
 * Quotes a field when it must be, and defuses text a spreadsheet would run as a formula (an artist's name such as
 * `=HYPERLINK(…)` or `-2+3`); a negative amount stays a number.
 */
export function escapeCsvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && !plainNumber.test(text) && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** `1234` → `12.34`, in integers so no cent is lost to a float. */
export function writeDollars(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const digits = String(Math.abs(cents)).padStart(3, '0');
  return `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** A column of a table's CSV: its header and what a row writes in it (a yes/no for a flag). */
export interface CsvColumn<Row> {
  name: string;
  value: (row: Row) => string | number | boolean | null;
}

/** The rows as a CSV file's text: a header line, a line a row, each ended by CRLF. */
export function buildCsv<Row>(rows: readonly Row[], columns: readonly CsvColumn<Row>[]): string {
  const lines = [
    columns.map((column) => escapeCsvField(column.name)).join(','),
    ...rows.map((row) =>
      columns
        .map((column) => {
          const value = column.value(row);
          return escapeCsvField(typeof value === 'boolean' ? (value ? 'yes' : 'no') : value);
        })
        .join(','),
    ),
  ];
  return `${lines.join('\r\n')}\r\n`;
}
