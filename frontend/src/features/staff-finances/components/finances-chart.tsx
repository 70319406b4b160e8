// One figure of the period day by day: a bar a day, drawn as plain SVG like the other charts, its summary as the
// chart's accessible name. The table of days below it on the finances screen holds the same numbers.
import type { FinanceDay, FinanceFigureName } from '@contracts/staff-finances';
import { BarChart, layOutBars } from '../../../components/bar-chart';
import { formatDate, formatMoney, formatShortDay } from '../../../lib/format';
import { wordsOf } from '../lib/finance-words';

const chartHeight = 180;
const minimumSlots = 7;

/** What the chart says in one sentence. */
export function describeChart(days: readonly FinanceDay[], figure: FinanceFigureName): string {
  const label = wordsOf(figure).label;
  const first = days[0];
  const last = days.at(-1);
  if (!first || !last) return `${label}: no days in this period.`;
  const span =
    first.date === last.date
      ? formatDate(first.date)
      : `${formatDate(first.date)} to ${formatDate(last.date)}`;
  const total = days.reduce((sum, day) => sum + day[figure], 0);
  if (days.every((day) => day[figure] === 0)) return `${label} by day, ${span}: nothing on any day.`;
  const best = days.reduce((top, day) => (day[figure] > top[figure] ? day : top), first);
  return `${label} by day, ${span}: ${formatMoney(total)} in all; the most in one day was ${formatMoney(best[figure])} on ${formatDate(best.date)}.`;
}

export function FinancesChart({ days, figure }: { days: readonly FinanceDay[]; figure: FinanceFigureName }) {
  const most = Math.max(...days.map((day) => day[figure]), 1);
  // A week's room at least, so today alone is one bar, not a block; a year of days has no room for gaps.
  const slots = Math.max(days.length, minimumSlots);
  const bars = layOutBars({ count: slots, most, height: chartHeight, gap: days.length > 62 ? 0 : 2 });
  const summary = describeChart(days, figure);
  const label = wordsOf(figure).label;
  const middle = days[Math.floor((days.length - 1) / 2)];
  // The first, middle and last day under a chart the days fill; under a shorter one, the first day alone.
  const ticks = days.length >= minimumSlots ? [days[0], middle, days.at(-1)] : [days[0]];
  return (
    <figure className="staff-finances__chart">
      <BarChart
        block="staff-finances"
        bars={bars}
        summary={summary}
        items={days}
        // A day whose figure went below zero (a payout the bank returned) draws no bar; the table shows it.
        barOf={(day) => ({
          key: day.date,
          value: Math.max(day[figure], 0),
          label: `${formatShortDay(day.date)}: ${label} ${formatMoney(day[figure])}`,
        })}
      />
      <div className="staff-finances__ticks" aria-hidden="true">
        {ticks.map((day, index) => (
          <span key={index}>{day ? formatShortDay(day.date) : ''}</span>
        ))}
      </div>
      <figcaption className="staff-page__muted">
        {summary} The table below gives the figures of each day.
      </figcaption>
    </figure>
  );
}
