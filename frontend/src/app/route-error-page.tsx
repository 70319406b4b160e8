import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';
import { paths } from '../lib/paths';
import { useDocumentTitle } from '../lib/use-document-title';
import { MessagePage } from '../components/message-page';

/** The exact wording of SPEC §2's generic error screen. */
export const errorScreenText = {
  title: 'Something went wrong',
  body: "We're sorry, but an error occurred. Our team has been notified and we're working to fix it.",
  action: 'Go to Homepage',
} as const;

/** The generic error screen, shown for route errors and at /error. */
export function ErrorPage() {
  useDocumentTitle(errorScreenText.title);
  return (
    <MessagePage
      title={errorScreenText.title}
      actions={
        <button type="button" className="button button--primary" onClick={reloadHome}>
          {errorScreenText.action}
        </button>
      }
    >
      <p className="message-page__text">{errorScreenText.body}</p>
    </MessagePage>
  );
}

/** The `ErrorBoundary` of the route tree: logs what went wrong, then shows the generic error screen. */
export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    console.error('Route error', error);
  }, [error]);
  return <ErrorPage />;
}

function reloadHome(): void {
  // A full load rather than an SPA navigation: whatever broke the page should not survive into the next one.
  window.location.assign(paths.home());
}
