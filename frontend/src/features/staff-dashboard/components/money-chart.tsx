// Money by month as grouped bars in plain SVG (the shared bar chart frame, no library): per month money in, split,
// held when split and paid out. The same figures follow as a table, the chart's text equivalent, and as a CSV.
import type { FinancialMonth } from '@contracts/admin-dashboard';
import { BarChartSvg, ChartBar, layOutBars } from '../../../components/bar-chart';
import { CsvDownload } from '../../../components/csv-download';
import { ScrollTable } from '../../../components/staff-page/scroll-table';
import { formatMoney } from '../../../lib/format';
import { formatAxisMonth, formatMonth, moneySeries } from '../lib/dashboard-words';
import { moneyByMonthCsvFile, prepareMoneyByMonthCsv } from '../lib/money-by-month-csv';

const chartHeight = 180;
const monthGap = 16;

function summaryOf(months: readonly FinancialMonth[]): string {
  const first = months[0];
  const last = months[months.length - 1];
  if (!first || !last) return 'No months to show.';
  const moneyIn = months.reduce((sum, row) => sum + row.moneyInCents, 0);
  const paidOut = months.reduce((sum, row) => sum + row.paidOutCents, 0);
  return `Money by month from ${formatMonth(first.month)} to ${formatMonth(last.month)}: ${formatMoney(moneyIn)} in, ${formatMoney(paidOut)} paid out.`;
}

export function MoneyChart({ months }: { months: readonly FinancialMonth[] }) {
  const most = Math.max(1, ...months.flatMap((row) => moneySeries.map((series) => row[series.key])));
  const slots = layOutBars({ count: months.length, most, height: chartHeight, gap: monthGap });
  const summary = summaryOf(months);
  return (
    <figure className="staff-dashboard__chart">
      <ul className="staff-dashboard__legend" aria-hidden="true">
        {moneySeries.map((series, index) => (
          <li key={series.key}>
            <span className={`staff-dashboard__swatch staff-dashboard__swatch--${index + 1}`} />
            {series.label}
          </li>
        ))}
      </ul>
      <BarChartSvg block="staff-dashboard" bars={slots} summary={summary} scale={formatMoney(most)}>
        {months.flatMap((row, monthIndex) =>
          moneySeries.map((series, seriesIndex) => (
            <ChartBar
              key={`${row.month}-${series.key}`}
              bars={slots}
              index={monthIndex}
              value={row[series.key]}
              group={{ index: seriesIndex, count: moneySeries.length }}
              className={`staff-dashboard__bar staff-dashboard__bar--${seriesIndex + 1}`}
              label={`${formatMonth(row.month)}, ${series.label}: ${formatMoney(row[series.key])}`}
            />
          )),
        )}
      </BarChartSvg>
      <div className="staff-dashboard__months" aria-hidden="true">
        {months.map((row, index) => (
          <span key={row.month}>{formatAxisMonth(row.month, index)}</span>
        ))}
      </div>
      <figcaption className="staff-page__muted">{summary}</figcaption>
      <CsvDownload
        fileName={moneyByMonthCsvFile}
        label="Download CSV of money by month"
        prepare={() => prepareMoneyByMonthCsv(months)}
      />
      <ScrollTable
        label="Money by month, as a table"
        caption="Money by month"
        captionClassName="visually-hidden"
        headers={['Month', ...moneySeries.map((series) => series.label)]}
        className="staff-dashboard__table"
      >
        {months.map((row) => (
          <tr key={row.month}>
            <th scope="row">{formatMonth(row.month)}</th>
            {moneySeries.map((series) => (
              <td key={series.key}>{formatMoney(row[series.key])}</td>
            ))}
          </tr>
        ))}
      </ScrollTable>
    </figure>
  );
}
