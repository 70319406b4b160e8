// Listening day by day over the last 30 days (GET /tracks/user/daily); the chart itself is a lazily loaded chunk.
import { lazy, Suspense, useEffect, useMemo } from 'react';
import { useDailyListening } from '../../../lib/api/get-daily-listening';
import { fillChartDays, listPeriodDays } from '../lib/listening-summary';
import { AppPanel } from '../../../components/app-panel';
import { describeSectionState, SectionLoading } from './section-states';

const loadChart = () => import('./daily-listening-chart');
const DailyListeningChart = lazy(loadChart);

/** Days the chart shows, today (UTC) included. */
export const chartPeriodDays = 30;

export function DailyListeningSection({ today }: { today: string }) {
  // The chart's chunk loads while the numbers are on their way, not after them.
  useEffect(() => {
    void loadChart();
  }, []);
  const period = useMemo(() => listPeriodDays(today, chartPeriodDays), [today]);
  const startDate = period[0] ?? today;
  const { data, error, mutate } = useDailyListening(startDate, today);
  const days = useMemo(() => (data ? fillChartDays(period, data) : []), [data, period]);

  const state = describeSectionState(
    { data, error, retry: () => void mutate() },
    {
      loading: 'Loading your listening per day…',
      empty: 'No counted listening in the last 30 days.',
      isEmpty: (answer) => answer.length === 0,
    },
  );

  return (
    <AppPanel title="Listening per day" lead="Counted listening time of the last 30 days (UTC days).">
      {state ?? (
        <Suspense fallback={<SectionLoading>Drawing the chart…</SectionLoading>}>
          <DailyListeningChart days={days} />
        </Suspense>
      )}
    </AppPanel>
  );
}
