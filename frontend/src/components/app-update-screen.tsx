import { Component, useCallback, useEffect, useState, type ReactNode } from 'react';
import {
  chunkRefreshDelayMs,
  mayRefreshAutomatically,
  recordAutomaticRefresh,
  refreshApp,
} from '../lib/app-refresh';
import { trackEvent } from '../lib/analytics';
import { isChunkLoadError } from '../lib/chunk-errors';
import { useDocumentTitle } from '../lib/use-document-title';
import { MessagePage } from './message-page';
import { PlainHeader } from './plain-header';

/** The exact wording of SPEC §2's app-update screen. */
export const appUpdateText = {
  title: 'App Update Required',
  refreshingTitle: 'Updating App...',
  chunkBody: 'The app has been updated and will refresh automatically.',
  otherBody: 'Something went wrong. Please refresh the app.',
  chunkAction: 'Refresh Now',
  otherAction: 'Refresh App',
} as const;

export interface AppUpdateScreenProps {
  /** What failed: a chunk that did not load refreshes by itself after a second; anything else waits for the button. */
  error: unknown;
}

/**
 * The app-update screen (SPEC §2, §4). For a chunk that failed to load it says the app will refresh, and after one
 * second clears every cache and reloads; the button does the same at once. While refreshing, the button gives way
 * to a progress bar.
 */
export function AppUpdateScreen({ error }: AppUpdateScreenProps) {
  const isChunkError = isChunkLoadError(error);
  const [refreshing, setRefreshing] = useState(false);

  const startRefresh = useCallback((trigger: 'automatic' | 'button') => {
    setRefreshing(true);
    trackEvent('app_update_refresh', { trigger });
    void refreshApp();
  }, []);

  useEffect(() => {
    if (!isChunkError || !mayRefreshAutomatically()) return;
    const timer = setTimeout(() => {
      recordAutomaticRefresh();
      startRefresh('automatic');
    }, chunkRefreshDelayMs);
    return () => clearTimeout(timer);
  }, [isChunkError, startRefresh]);

  const title = refreshing ? appUpdateText.refreshingTitle : appUpdateText.title;
  useDocumentTitle(title);

  return (
    <MessagePage
      title={title}
      header={<PlainHeader />}
      actions={
        refreshing ? (
          <div className="progress" role="progressbar" aria-label="Refreshing OpenPie">
            <div className="progress__bar" />
          </div>
        ) : (
          <button type="button" className="button button--primary" onClick={() => startRefresh('button')}>
            {isChunkError ? appUpdateText.chunkAction : appUpdateText.otherAction}
          </button>
        )
      }
    >
      <p className="message-page__text" aria-live="polite">
        {isChunkError ? appUpdateText.chunkBody : appUpdateText.otherBody}
      </p>
    </MessagePage>
  );
}

interface AppUpdateBoundaryState {
  error: unknown;
  failed: boolean;
}

/**
 * A boundary around lazily loaded parts: a chunk that fails to load shows the app-update screen and refreshes; other
 * errors are logged to the console and show the 'Refresh App' variant (SPEC §4).
 */
export class AppUpdateBoundary extends Component<{ children?: ReactNode }, AppUpdateBoundaryState> {
  override state: AppUpdateBoundaryState = { error: undefined, failed: false };

  static getDerivedStateFromError(error: unknown): AppUpdateBoundaryState {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown): void {
    if (!isChunkLoadError(error)) console.error('The app failed and needs a refresh', error);
  }

  override render(): ReactNode {
    return this.state.failed ? <AppUpdateScreen error={this.state.error} /> : this.props.children;
  }
}
