// A part of a screen whose data could not load: what went wrong, and a way to try again (styles: .app-state).
import { isApiError } from '../lib/api-client';

/** The server's own message when it sent one (SPEC §8's envelope), otherwise the screen's words. */
export function describeLoadError(error: unknown, fallback: string): string {
  return isApiError(error) ? error.message : fallback;
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
