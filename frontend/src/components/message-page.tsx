import type { ReactNode } from 'react';

export interface MessagePageProps {
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  /** Rendered above the panel, e.g. a header with the brand. */
  header?: ReactNode;
}

/** A page with one message in a centred panel: route errors and areas still being built. */
export function MessagePage({ title, children, actions, header }: MessagePageProps) {
  return (
    <>
      {header}
      <main id="main" className="message-page" tabIndex={-1}>
        <div className="message-page__panel">
          <h1 className="message-page__title">{title}</h1>
          {children}
          {actions ? <div className="message-page__actions">{actions}</div> : null}
        </div>
      </main>
    </>
  );
}
