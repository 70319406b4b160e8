import type { ReactNode } from 'react';
import { useDocumentTitle } from '../lib/use-document-title';
import { PieMark } from './pie-mark';

export interface ComingSoonProps {
  /** The screen's name, as its h1. */
  title: string;
  /** One or two sentences on what the screen is for. */
  summary: string;
  /** What the finished screen will show or let people do, one item each. */
  plannedItems: readonly string[];
  /** Ways onward, e.g. a link to help or home. */
  actions?: ReactNode;
  /** Any extra words, e.g. where the same thing can be done today. */
  children?: ReactNode;
}

/**
 * The honest stand-in for a screen that a later piece of work fills in: it says what will be here, shows no
 * made-up numbers, and offers a way onward. It renders inside an area layout's main landmark.
 */
export function ComingSoon({ title, summary, plannedItems, actions, children }: ComingSoonProps) {
  useDocumentTitle(`${title} · OpenPie`);
  return (
    <div className="coming-soon">
      <div className="coming-soon__panel">
        <PieMark className="coming-soon__mark" />
        <p className="badge badge--soon">Coming soon</p>
        <h1 className="coming-soon__title">{title}</h1>
        <p className="coming-soon__summary">{summary}</p>
        <h2 className="coming-soon__subtitle">What you will find here</h2>
        <ul className="coming-soon__list">
          {plannedItems.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
        {children}
        {actions ? <div className="coming-soon__actions">{actions}</div> : null}
      </div>
    </div>
  );
}
