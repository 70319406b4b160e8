// The loading, empty and error states every part of the history screen shares.
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { describeLoadError, LoadFailure } from '../../../components/load-failure';

/** One titled panel of the history screen. */
export function HistoryPanel({
  title,
  lead,
  children,
}: {
  title: string;
  lead: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section className="app-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="app-panel__title">
        {title}
      </h2>
      <p className="app-panel__lead">{lead}</p>
      {children}
    </section>
  );
}

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
