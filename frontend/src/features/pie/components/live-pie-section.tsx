// /pie's live part: the running pie's split as it stands, refreshed every minute and when the fan comes
// back to the tab, so the chart grows as listening arrives.
import { useId } from 'react';
import { AppPanel } from '../../../components/app-panel';
import { Loaded } from '../../../components/load-failure';
import type { RealtimeStats } from '@contracts/pie';
import { useForecastStats, useRealtimeStats } from '../api/get-realtime-stats';
import { useNow } from '../lib/use-now';
import { PieArtistsTable } from './pie-artists-table';
import { PieChart } from './pie-chart';
import { PiePreview } from './pie-preview';
import '../pie.css';

export const livePieText = {
  title: 'Where your pie goes now',
  lead: 'If your pie ended now, this is what each artist would get. The split at the end of the period pays exactly what this shows then.',
  loading: 'Loading your pie’s split…',
  failed: 'Your pie’s split could not be loaded.',
  forecastTitle: 'Forecast from your last 30 days',
  forecastLead:
    'Not your pie’s split: a pie counts only what you play from its start. If your next 30 days sound like your last 30, this is roughly where your pie would go.',
  forecastChart: 'Forecast from your last 30 days of listening',
  forecastCaption: 'What each artist would get if this pie had your last 30 days of listening (a forecast)',
  forecastCents: 'Forecast',
} as const;

/** The forecast beside an empty pie, labelled as one; nothing when the last 30 days hold no listening either. */
function PieForecast({ forecast }: { forecast: RealtimeStats }) {
  const id = useId();
  if (forecast.allArtists.length === 0) return null;
  return (
    <section className="pie-forecast" aria-labelledby={id}>
      <h3 id={id} className="pie-forecast__title">
        {livePieText.forecastTitle}
      </h3>
      <p className="pie-forecast__lead">{livePieText.forecastLead}</p>
      <PieChart artists={forecast.includedArtists} title={livePieText.forecastChart} />
      <PieArtistsTable
        caption={livePieText.forecastCaption}
        stats={forecast}
        centsHeading={livePieText.forecastCents}
      />
    </section>
  );
}

export const livePieRefreshMs = 60_000;

export function LivePieSection({ pieId }: { pieId: string }) {
  const stats = useRealtimeStats(pieId, undefined, { refreshInterval: livePieRefreshMs });
  // While the pie has no listening of its own yet, what it would look like from the fan's last 30 days.
  const forecast = useForecastStats(stats.data?.stats.count_tracks === 0 ? pieId : null);
  const now = useNow();

  return (
    <AppPanel title={livePieText.title} lead={livePieText.lead}>
      <Loaded data={stats.data} error={stats.error} onRetry={() => void stats.mutate()} words={livePieText}>
        {(live) => (
          <>
            <PiePreview stats={live} now={now} withFees={false} />
            {live.stats.count_tracks === 0 && forecast.data ? <PieForecast forecast={forecast.data} /> : null}
          </>
        )}
      </Loaded>
    </AppPanel>
  );
}
