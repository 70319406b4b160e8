// The loading, empty and error states every part of the history screen shares.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { describeLoadError, LoadFailure } from '../../../components/load-failure';

export function SectionLoading({ children }: { children: ReactNode }) {
  return (
    <p className="app-state" role="status">
      {children}
    </p>
  );
}

export function SectionError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <LoadFailure
      message={describeLoadError(error, 'Something went wrong while loading this part.')}
      onRetry={onRetry}
    />
  );
}

/** Nothing to show yet, and where listening comes from. */
export function SectionEmpty({ children }: { children: ReactNode }) {
  return (
    <div className="app-state">
      <p>{children}</p>
      <p className="app-state__hint">
        Plays arrive when OpenPie syncs your Spotify account, or when you{' '}
        <Link to={paths.fan.settings()}>import your Spotify history in Settings</Link>.
      </p>
    </div>
  );
}
