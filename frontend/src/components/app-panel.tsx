// A titled panel of a fan's screen (styles: .app-panel): its heading, the lead under it when it has one, then what it
// holds, the section named by its heading.
import { useId, type ReactNode } from 'react';

export interface AppPanelProps {
  title: ReactNode;
  lead?: ReactNode;
  /** More classes for the panel (its own layout beside .app-panel). */
  className?: string;
  children?: ReactNode;
}

export function AppPanel({ title, lead, className, children }: AppPanelProps) {
  const headingId = useId();
  return (
    <section className={`app-panel${className ? ` ${className}` : ''}`} aria-labelledby={headingId}>
      <h2 id={headingId} className="app-panel__title">
        {title}
      </h2>
      {lead === undefined ? null : <p className="app-panel__lead">{lead}</p>}
      {children}
    </section>
  );
}
