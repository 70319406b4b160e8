import type { ReactNode } from 'react';
import { browserActions } from '../lib/browser-actions';
import { paths } from '../lib/paths';
import { useDocumentTitle } from '../lib/use-document-title';
import { MessagePage } from './message-page';
import { PlainHeader } from './plain-header';

/** The exact wording of SPEC §2's generic error screen. */
export const errorScreenText = {
  title: 'Something went wrong',
  body: "We're sorry, but an error occurred. Our team has been notified and we're working to fix it.",
  action: 'Go to Homepage',
} as const;

export interface GenericErrorScreenProps {
  /** Replaces the plain brand header. */
  header?: ReactNode;
  /** Inside an area layout, which already has a header and the main landmark. */
  embedded?: boolean;
}

/**
 * The generic error screen (SPEC §2): uncaught UI errors, route errors and /error. It uses no router, so it can
 * stand in for a page whose router never loaded.
 */
export function GenericErrorScreen({ header = <PlainHeader />, embedded = false }: GenericErrorScreenProps) {
  useDocumentTitle(errorScreenText.title);
  return (
    <MessagePage
      title={errorScreenText.title}
      header={header}
      embedded={embedded}
      actions={
        <button type="button" className="button button--primary" onClick={goHome}>
          {errorScreenText.action}
        </button>
      }
    >
      <p className="message-page__text">{errorScreenText.body}</p>
    </MessagePage>
  );
}

function goHome(): void {
  // A full load rather than an SPA navigation: whatever broke the page should not survive into the next one.
  browserActions.goTo(paths.home());
}
