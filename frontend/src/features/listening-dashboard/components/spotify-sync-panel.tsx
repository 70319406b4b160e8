// The dashboard's Spotify part: connect when there is no connection, reconnect when Spotify refused it, otherwise
// the time plays are synced up to and "Sync now" with its result announced to screen readers.
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { LatestFetchedDate, SpotifySyncResult } from '@contracts/spotify-sync';
import { socialQueryKeys } from '@contracts/social-sign-in';
import { ConnectSpotifyButton } from '../../../components/connect-spotify-button';
import { SocialErrorNotice } from '../../../components/social-error-notice';
import { syncNow } from '../api/sync-now';
import { formatDateTime } from '../../../lib/format';
import { describeSyncResult } from '../lib/period-summary';
import { AppPanel } from '../../../components/app-panel';
import { describeLoadError, Loaded } from '../../../components/load-failure';

const statusWords = {
  loading: 'Checking your Spotify connection…',
  failed: 'Your Spotify connection could not be checked.',
} as const;

export interface SpotifySyncPanelProps {
  status: LatestFetchedDate | undefined;
  error: unknown;
  onRetry: () => void;
  /** After a sync: the screen reloads the status and the period's listening. */
  onSynced: (result: SpotifySyncResult) => void;
}

export function SpotifySyncPanel({ status, error, onRetry, onSynced }: SpotifySyncPanelProps) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: string; failed: boolean } | null>(null);
  // Back from connecting on Spotify's page (decision 006): `socialConnected=spotify`, or SPEC §8's failure query.
  const [searchParams] = useSearchParams();
  const justConnected = searchParams.get(socialQueryKeys.connected) === 'spotify';

  const sync = async () => {
    setBusy(true);
    setMessage({ text: 'Syncing with Spotify…', failed: false });
    try {
      const result = await syncNow();
      setMessage({ text: describeSyncResult(result.added), failed: false });
      onSynced(result);
    } catch (failure) {
      setMessage({
        text: describeLoadError(failure, 'The sync did not work. Please try again.'),
        failed: true,
      });
      // A connection found broken during the sync shows as broken at once.
      onRetry();
    } finally {
      setBusy(false);
    }
  };

  const drawStatus = (read: LatestFetchedDate) => {
    if (read.connection === 'not_connected')
      return (
        <div className="dashboard-cta">
          <p>
            Connect your Spotify account so OpenPie can read what you listen to. Your pie is split among the
            artists you actually play.
          </p>
          <ConnectSpotifyButton
            label="Connect Spotify"
            leavingLabel="Opening Spotify…"
            returnTo="dashboard"
          />
        </div>
      );
    if (read.connection === 'broken')
      return (
        <div className="dashboard-notice" role="alert">
          <p className="dashboard-notice__title">Your Spotify connection stopped working</p>
          <p>
            Spotify no longer lets OpenPie read your listening (the access was removed or has expired), so new
            plays are not arriving. Reconnect Spotify to carry on; the plays you already have are kept.
          </p>
          <ConnectSpotifyButton
            label="Reconnect Spotify"
            leavingLabel="Opening Spotify…"
            returnTo="dashboard"
          />
        </div>
      );
    return (
      <div className="dashboard-sync">
        <p>
          {/* The time of the last sync that found new plays or that the fan asked for (the scheduled sync that finds
              nothing records nothing, decision 048): every play up to then is in. */}
          {read.latestFetchedDate ? (
            <>
              Plays synced up to{' '}
              <time dateTime={read.latestFetchedDate}>{formatDateTime(read.latestFetchedDate)}</time>. OpenPie
              checks Spotify every 2 hours, or now if you ask.
            </>
          ) : (
            'Not synced yet. OpenPie checks Spotify every 2 hours, or now if you ask.'
          )}
        </p>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => void sync()}
          disabled={busy}
          aria-busy={busy}
        >
          {busy ? 'Syncing…' : 'Sync now'}
        </button>
      </div>
    );
  };

  return (
    <AppPanel title="Spotify">
      <SocialErrorNotice attempt="connect" />
      {justConnected && status?.connection === 'ok' && !message ? (
        <p className="dashboard-sync__connected" role="status">
          Spotify is connected. Sync now to bring in your recent plays; after that OpenPie checks Spotify
          every 2 hours.
        </p>
      ) : null}
      <Loaded data={status} error={error} onRetry={onRetry} words={statusWords}>
        {drawStatus}
      </Loaded>
      <p
        className={`dashboard-sync__result${message?.failed ? ' dashboard-sync__result--failed' : ''}`}
        aria-live="polite"
      >
        {message?.text ?? ''}
      </p>
    </AppPanel>
  );
}
