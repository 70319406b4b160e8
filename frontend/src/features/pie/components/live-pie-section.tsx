// /pie's live part: the running pie's split as it stands, refreshed every minute and when the fan comes
// back to the tab, so the chart grows as listening arrives.
import { useId } from 'react';
import { describeLoadError, LoadFailure } from '../../../components/load-failure';
import { useRealtimeStats } from '../api/get-realtime-stats';
import { useNow } from '../lib/use-now';
import { PiePreview } from './pie-preview';
import '../pie.css';

export const livePieText = {
  title: 'Where your pie goes now',
  lead: 'If your pie ended now, this is what each artist would get. The split at the end of the period pays exactly what this shows then.',
  loading: 'Loading your pie’s split…',
  failed: 'Your pie’s split could not be loaded.',
} as const;

export const livePieRefreshMs = 60_000;

export function LivePieSection({ pieId }: { pieId: string }) {
  const id = useId();
  const stats = useRealtimeStats(pieId, undefined, { refreshInterval: livePieRefreshMs });
  const now = useNow();

  let body;
  if (stats.error && stats.data === undefined) {
    body = (
      <LoadFailure
        message={describeLoadError(stats.error, livePieText.failed)}
        onRetry={() => void stats.mutate()}
      />
    );
  } else if (stats.data === undefined) {
    body = (
      <p className="app-state" role="status">
        {livePieText.loading}
      </p>
    );
  } else {
    body = <PiePreview stats={stats.data} now={now} withFees={false} />;
  }

  return (
    <section className="app-panel" aria-labelledby={id}>
      <h2 id={id} className="app-panel__title">
        {livePieText.title}
      </h2>
      <p className="app-panel__lead">{livePieText.lead}</p>
      {body}
    </section>
  );
}
