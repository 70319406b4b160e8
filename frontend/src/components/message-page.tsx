import type { ReactNode } from 'react';

export interface MessagePageProps {
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  /** Rendered above the panel, e.g. a header with the brand. */
  header?: ReactNode;
  /** Inside a layout that already has the main landmark: the panel only, in a plain container. */
  embedded?: boolean;
}

/** A page with one message in a centred panel: errors, loading, the app-update screen. */
export function MessagePage({ title, children, actions, header, embedded = false }: MessagePageProps) {
  const panel = (
    <div className="message-page__panel">
      <h1 className="message-page__title">{title}</h1>
      {children}
      {actions ? <div className="message-page__actions">{actions}</div> : null}
    </div>
  );
  if (embedded) return <div className="message-page">{panel}</div>;
  return (
    <>
      {header}
      <main id="main" className="message-page" tabIndex={-1}>
        {panel}
      </main>
    </>
  );
}
