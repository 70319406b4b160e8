// A part of a screen whose data could not load: what went wrong, and a way to try again (styles: .app-state); and a
// part that shows its loading line, or that failure, until its data is there.
import type { ReactNode } from 'react';
import { isApiError } from '../lib/api-client';

/**
 * What a screen says when a call failed: the server's own message when it sent one (SPEC §8's envelope), otherwise
 * (not reached, or an empty sentence) the screen's words.
 */
export function describeLoadError(error: unknown, fallback: string): string {
  return (isApiError(error) && error.message) || fallback;
}

export function LoadFailure({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="app-state app-state--error" role="alert">
      <p>{message}</p>
      <button type="button" className="button button--secondary button--small" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

/** What a part says while its data loads, and when it could not load (unless the server said why). */
export interface LoadWords {
  loading: string;
  failed: string;
}

/**
 * A part whose data is on its way: while nothing has loaded, the failure with a retry or the loading line; then
 * `children` with the data (a fresher failure over data already shown leaves the data).
 */
export function Loaded<T>({
  data,
  error,
  onRetry,
  words,
  children,
}: {
  data: T | undefined;
  error: unknown;
  onRetry: () => void;
  words: LoadWords;
  children: (data: T) => ReactNode;
}) {
  if (data !== undefined) return <>{children(data)}</>;
  if (error) return <LoadFailure message={describeLoadError(error, words.failed)} onRetry={onRetry} />;
  return (
    <p className="app-state" role="status">
      {words.loading}
    </p>
  );
}
