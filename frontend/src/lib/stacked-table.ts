// Tables that stack on a phone (the `data-table--stack` class, styles/tables.css): below 40rem each row becomes a
// card and each cell shows its column's name beside its value, so no money column hides past the screen's edge. CSS
// that turns rows into blocks can make browsers forget the table, so the roles are written out; the column's name the
// layout prints comes from the cell's `data-label` and is hidden from screen readers, which read the real header.

export const stackedTable = {
  table: { role: 'table' },
  rowgroup: { role: 'rowgroup' },
  row: { role: 'row' },
  columnheader: { role: 'columnheader' },
  rowheader: { role: 'rowheader' },
} as const;

/** A body cell of a stacked table, labelled with its column's header text. */
export function stackedCell(columnName: string): { role: 'cell'; 'data-label': string } {
  return { role: 'cell', 'data-label': columnName };
}
