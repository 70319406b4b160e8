// The fan's history screen (SPEC §2 `history`): listening per day, the latest plays, the most played
// tracks and the artists the fan listens to. Each part loads, fails and retries on its own.
import { useState } from 'react';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { DailyListeningSection } from './daily-listening-section';
import { LatestPlaysSection } from './latest-plays-section';
import { ListenedArtistsSection } from './listened-artists-section';
import { PopularTracksSection } from './popular-tracks-section';
import '../history.css';

export function HistoryScreen() {
  useDocumentTitle('Listening history · OpenPie');
  // Read once, so the chart's 30 days stay the same while the fan looks at them.
  const [today] = useState(() => new Date().toISOString().slice(0, 10));
  return (
    <div className="app-screen">
      <header className="history-screen__header">
        <h1 className="app-screen__title">Listening history</h1>
        <p className="app-screen__lead">
          The plays OpenPie has from your Spotify account and your imported history. Your pie is split by the
          plays that count: those of 30 seconds or more.
        </p>
      </header>
      <DailyListeningSection today={today} />
      <LatestPlaysSection />
      <div className="history-screen__columns">
        <PopularTracksSection />
        <ListenedArtistsSection />
      </div>
    </div>
  );
}
