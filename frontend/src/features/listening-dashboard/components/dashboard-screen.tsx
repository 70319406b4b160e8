// The fan's dashboard (SPEC §2 `dashboard`): the Spotify connection and its sync, and this period's
// listening with the top artists by share of time. Each part loads, fails and retries on its own.
import { useState } from 'react';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDailyListening } from '../../../lib/api/get-daily-listening';
import { useSyncStatus } from '../api/get-sync-status';
import { periodOf } from '../lib/period-summary';
import { PeriodListeningSection } from './period-listening-section';
import { SpotifySyncPanel } from './spotify-sync-panel';
import '../dashboard.css';

export function DashboardScreen() {
  useDocumentTitle('Dashboard · OpenPie');
  // Read once, so the period stays the same while the fan looks at it.
  const [period] = useState(() => periodOf(new Date()));
  const status = useSyncStatus();
  const listening = useDailyListening(period.startDate, period.endDate);
  return (
    <div className="app-screen">
      <header>
        <h1 className="app-screen__title">Your dashboard</h1>
        <p className="app-screen__lead">
          What you listen to decides how your pie is split: each artist gets their share of your listening
          time.
        </p>
      </header>
      <SpotifySyncPanel
        status={status.data}
        error={status.error}
        onRetry={() => void status.mutate()}
        onSynced={() => {
          void status.mutate();
          void listening.mutate();
        }}
      />
      <PeriodListeningSection
        days={listening.data}
        error={listening.error}
        onRetry={() => void listening.mutate()}
        connection={status.data?.connection}
      />
    </div>
  );
}
