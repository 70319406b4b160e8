// A section of the open landing pages (`/` and /for-artists) that speaks to one audience: its intro (an optional
// eyebrow, the heading, the words and ways onward it is given) beside a list of what OpenPie does for them. Plain
// markup with no router, so the first chunk's landing page can use it.
import type { ReactNode } from 'react';

export interface AudienceFeature {
  title: string;
  text: string;
}

export interface AudienceSectionProps {
  /** The section's anchor on the page, if it has one. */
  id?: string;
  titleId: string;
  muted?: boolean;
  eyebrow?: string;
  title: string;
  /** What follows the heading in the intro: its words and ways onward. */
  children: ReactNode;
  features: readonly AudienceFeature[];
}

export function AudienceSection({
  id,
  titleId,
  muted,
  eyebrow,
  title,
  children,
  features,
}: AudienceSectionProps) {
  return (
    <section id={id} className={muted ? 'section section--muted' : 'section'} aria-labelledby={titleId}>
      <div className="container audience">
        <div className="audience__intro">
          {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
          <h2 id={titleId} className="section__title">
            {title}
          </h2>
          {children}
        </div>
        <ul className="feature-list">
          {features.map((feature) => (
            <li key={feature.title}>
              <h3>{feature.title}</h3>
              <p>{feature.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
