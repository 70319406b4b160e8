// One titled panel of a settings screen (fan and artist settings alike): the heading names the section for
// assistive technology.
import type { ReactNode } from 'react';

export interface SettingsPanelProps {
  /** The heading's id; unique on the screen. */
  titleId: string;
  title: string;
  /** The panel's own class beside the shared panel look. */
  className: string;
  children: ReactNode;
}

export function SettingsPanel({ titleId, title, className, children }: SettingsPanelProps) {
  return (
    <section className={`panel ${className}`} aria-labelledby={titleId}>
      <h2 id={titleId} className="panel__title">
        {title}
      </h2>
      {children}
    </section>
  );
}
