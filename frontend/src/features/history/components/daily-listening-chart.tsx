// The daily listening chart: one bar per day, drawn as plain SVG (no chart library), with the same numbers as a
// table for screen readers and anyone who prefers reading them. Loaded as its own chunk by the history screen.
import { BarChart, layOutBars } from '../../../components/bar-chart';
import { formatListeningTime, formatLongDay, formatPlays, formatShortDay } from '../../../lib/format';
import { summarizeChart, type ChartDay } from '../lib/listening-summary';

const chartHeight = 160;
const barGap = 4;

export default function DailyListeningChart({ days }: { days: readonly ChartDay[] }) {
  const summary = summarizeChart(days);
  const most = Math.max(...days.map((day) => day.msPlayed), 1);
  const bars = layOutBars({ count: days.length, most, height: chartHeight, gap: barGap });
  const listened = days.filter((day) => day.plays > 0);
  const first = days[0];
  const last = days[days.length - 1];

  return (
    <figure className="history-chart">
      <BarChart
        block="history-chart"
        bars={bars}
        summary={summary}
        scale={formatListeningTime(most)}
        items={days}
        barOf={(day) => ({
          key: day.date,
          value: day.msPlayed,
          label: `${formatShortDay(day.date)}: ${formatListeningTime(day.msPlayed)}, ${formatPlays(day.plays)}`,
        })}
        rounded
      />
      {first && last ? (
        <div className="history-chart__dates" aria-hidden="true">
          <span>{formatShortDay(first.date)}</span>
          <span>{formatShortDay(last.date)}</span>
        </div>
      ) : null}
      <figcaption className="history-chart__summary">{summary}</figcaption>
      {listened.length > 0 ? (
        <details className="history-chart__details">
          <summary>Show the days as a table</summary>
          <div className="table-wrap">
            <table className="data-table">
              <caption className="visually-hidden">Counted listening per day, last 30 days</caption>
              <thead>
                <tr>
                  <th scope="col">Day</th>
                  <th scope="col">Plays</th>
                  <th scope="col">Listening time</th>
                </tr>
              </thead>
              <tbody>
                {listened.map((day) => (
                  <tr key={day.date}>
                    <th scope="row">{formatLongDay(day.date)}</th>
                    <td>{day.plays}</td>
                    <td>{formatListeningTime(day.msPlayed)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      ) : null}
    </figure>
  );
}
