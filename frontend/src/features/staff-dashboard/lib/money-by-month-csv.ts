// Money by month as a CSV: the months the dashboard's table shows, oldest first as on screen, each figure in cents
// and in dollars.
import type { FinancialMonth } from '@contracts/admin-dashboard';
import type { PreparedCsv } from '../../../components/csv-download';
import type { CsvColumn } from '../../../lib/csv';
import { buildCsv, writeDollars } from '../../../lib/csv';

export const moneyByMonthCsvFile = 'openpie-money-by-month.csv';

const figures = [
  ['money_in', 'moneyInCents'],
  ['split_to_artists', 'splitCents'],
  ['held_when_split', 'heldCents'],
  ['paid_out', 'paidOutCents'],
] as const;

const monthCsvColumns: readonly CsvColumn<FinancialMonth>[] = [
  { name: 'month', value: (row) => row.month },
  ...figures.flatMap(([name, key]): CsvColumn<FinancialMonth>[] => [
    { name: `${name}_cents`, value: (row) => row[key] },
    { name: `${name}_dollars`, value: (row) => writeDollars(row[key]) },
  ]),
];

export function prepareMoneyByMonthCsv(months: readonly FinancialMonth[]): Promise<PreparedCsv> {
  return Promise.resolve({ text: buildCsv(months, monthCsvColumns), rows: months.length });
}
