// The loading, empty and error states every part of the history screen shares.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { describeLoadError, LoadFailure } from '../../../components/load-failure';

export interface SectionStateTexts<T> {
  loading: string;
  empty: string;
  /** Whether the answer has nothing to list (a later page that came back empty still shows its list). */
  isEmpty: (data: T) => boolean;
}

/**
 * The state a section shows instead of its content: the error while nothing is loaded, the loading line, or the
 * empty note; null once there is content to show.
 */
export function describeSectionState<T>(
  read: { data: T | undefined; error: unknown; retry: () => void },
  texts: SectionStateTexts<T>,
): ReactNode {
  if (read.error && !read.data) return <SectionError error={read.error} onRetry={read.retry} />;
  if (!read.data) return <SectionLoading>{texts.loading}</SectionLoading>;
  if (texts.isEmpty(read.data)) return <SectionEmpty>{texts.empty}</SectionEmpty>;
  return null;
}

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
