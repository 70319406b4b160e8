// Earnings over the last 12 months: one stacked bar a month (released to the office, still held), drawn as plain
// SVG like the listening chart, with the same numbers as a table for screen readers and anyone who prefers reading.
import type { ArtistStatsReply } from '@contracts/give-back';
import { BarChartSvg, ChartBar, layOutBars } from '../../../components/bar-chart';
import { formatMoney } from '../../../lib/format';

const chartHeight = 180;
const barGap = 8;

const monthWords = new Intl.DateTimeFormat('en-US', { month: 'short', year: '2-digit', timeZone: 'UTC' });
export function describeMonth(month: string): string {
  return monthWords.format(new Date(`${month}-01T00:00:00.000Z`));
}

export function EarningsChart({ months }: { months: ArtistStatsReply['months'] }) {
  const most = Math.max(...months.map((month) => month.releasedCents + month.heldCents), 1);
  const bars = layOutBars({ count: months.length, most, height: chartHeight, gap: barGap });
  const total = months.reduce((sum, month) => sum + month.releasedCents + month.heldCents, 0);
  const summary =
    total === 0
      ? 'No fan’s pie has funded this artist in the last 12 months yet.'
      : `${formatMoney(total)} from fans’ pies in the last 12 months; the best month brought ${formatMoney(most)}.`;
  return (
    <figure className="artist-detail__chart">
      <BarChartSvg block="artist-detail" bars={bars} summary={summary}>
        {months.map((month, index) => (
          <g key={month.month}>
            <title>{`${describeMonth(month.month)}: ${formatMoney(month.releasedCents)} released, ${formatMoney(month.heldCents)} held`}</title>
            <ChartBar
              bars={bars}
              index={index}
              value={month.releasedCents}
              className="artist-detail__bar artist-detail__bar--released"
              rounded
            />
            <ChartBar
              bars={bars}
              index={index}
              value={month.heldCents}
              stackedOn={month.releasedCents}
              className="artist-detail__bar artist-detail__bar--held"
              rounded
            />
          </g>
        ))}
      </BarChartSvg>
      <div className="artist-detail__months" aria-hidden="true">
        {months.map((month) => (
          <span key={month.month}>{describeMonth(month.month)}</span>
        ))}
      </div>
      <figcaption className="artist-detail__summary">
        <span className="artist-detail__key artist-detail__key--released">Released to your office</span>
        <span className="artist-detail__key artist-detail__key--held">Held until the claim succeeds</span>
        <span>{summary}</span>
      </figcaption>
      <details className="artist-detail__details">
        <summary>Show the months as a table</summary>
        <div className="table-wrap" role="region" aria-label="Earnings per month" tabIndex={0}>
          <table className="data-table">
            <caption className="visually-hidden">Earnings per month, last 12 months</caption>
            <thead>
              <tr>
                <th scope="col">Month</th>
                <th scope="col">Released to your office</th>
                <th scope="col">Held</th>
              </tr>
            </thead>
            <tbody>
              {months.map((month) => (
                <tr key={month.month}>
                  <th scope="row">{describeMonth(month.month)}</th>
                  <td>{formatMoney(month.releasedCents)}</td>
                  <td>{formatMoney(month.heldCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
