// Listening day by day over the last 30 days (GET /tracks/user/daily); the chart itself is a lazily loaded chunk.
import { lazy, Suspense, useEffect, useId, useMemo } from 'react';
import useSWR from 'swr';
import { dailyListeningUrl, fetchDailyListening } from '../api/history-api';
import { fillChartDays, listPeriodDays } from '../lib/listening-summary';
import { SectionEmpty, SectionError, SectionLoading } from './section-states';

const loadChart = () => import('./daily-listening-chart');
const DailyListeningChart = lazy(loadChart);

/** Days the chart shows, today (UTC) included. */
export const chartPeriodDays = 30;

export function DailyListeningSection({ today }: { today: string }) {
  const headingId = useId();
  // The chart's chunk loads while the numbers are on their way, not after them.
  useEffect(() => {
    void loadChart();
  }, []);
  const period = useMemo(() => listPeriodDays(today, chartPeriodDays), [today]);
  const startDate = period[0] ?? today;
  const { data, error, mutate } = useSWR(dailyListeningUrl(startDate, today), fetchDailyListening);
  const days = useMemo(() => (data ? fillChartDays(period, data) : []), [data, period]);

  let content;
  if (error && !data) content = <SectionError error={error} onRetry={() => void mutate()} />;
  else if (!data) content = <SectionLoading>Loading your listening per day…</SectionLoading>;
  else if (data.length === 0)
    content = <SectionEmpty>No counted listening in the last 30 days.</SectionEmpty>;
  else
    content = (
      <Suspense fallback={<SectionLoading>Drawing the chart…</SectionLoading>}>
        <DailyListeningChart days={days} />
      </Suspense>
    );

  return (
    <section className="app-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="app-panel__title">
        Listening per day
      </h2>
      <p className="app-panel__lead">Counted listening time of the last 30 days (UTC days).</p>
      {content}
    </section>
  );
}
