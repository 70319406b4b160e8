import { useDocumentTitle } from '../lib/use-document-title';
import { MessagePage } from './message-page';
import { PlainHeader } from './plain-header';

/** The title of SPEC §2's default page for errors outside the product's own screens. */
export const unexpectedErrorTitle = 'Unexpected Application Error!';

interface StatusError {
  status: number;
  statusText?: string;
}

function isStatusError(error: unknown): error is StatusError {
  return typeof error === 'object' && error !== null && typeof (error as StatusError).status === 'number';
}

/** "404 Not Found" for a thrown response, the message for an Error, the value itself otherwise. */
export function describeUnexpectedError(error: unknown): string {
  if (isStatusError(error)) return `${error.status} ${error.statusText ?? ''}`.trim();
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error) ?? 'Unknown error';
  } catch {
    return 'Unknown error';
  }
}

export interface UnexpectedErrorPageProps {
  error: unknown;
}

/** SPEC §2's default error page: the fixed title, then the status text or the message of what went wrong. */
export function UnexpectedErrorPage({ error }: UnexpectedErrorPageProps) {
  useDocumentTitle(unexpectedErrorTitle);
  return (
    <MessagePage title={unexpectedErrorTitle} header={<PlainHeader />}>
      <p className="message-page__detail">{describeUnexpectedError(error)}</p>
      <p className="message-page__text">
        <a href="/">Go to the OpenPie home page</a>
      </p>
    </MessagePage>
  );
}
