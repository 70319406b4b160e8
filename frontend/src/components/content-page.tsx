// The layout of the reading pages (help, privacy policy, terms, the account deletion instructions): their header
// band, and the titled sections of prose under it.
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../lib/use-document-title';

export interface ContentPageProps {
  /** The page's h1. */
  title: string;
  /** A small line above the title, e.g. "Help". */
  eyebrow?: string;
  /** One or two sentences under the title. */
  lead?: ReactNode;
  children: ReactNode;
}

/** A page of reading text (help, privacy policy, terms) inside an area layout's main landmark. */
export function ContentPage({ title, eyebrow, lead, children }: ContentPageProps) {
  useDocumentTitle(`${title} · OpenPie`);
  return (
    <article className="content-page">
      <header className="content-page__header">
        <div className="container content-page__header-inner">
          {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
          <h1 className="content-page__title">{title}</h1>
          {lead ? <p className="content-page__lead">{lead}</p> : null}
        </div>
      </header>
      <div className="container">
        <div className="prose">{children}</div>
      </div>
    </article>
  );
}

/** One titled section of a reading page: its h2 names the section for screen readers, `id` is its link target. */
export function ContentSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}
