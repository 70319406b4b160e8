// A section of the open landing pages (`/` and /for-artists) that speaks to one audience: its intro (an optional
// eyebrow, the heading, the words and ways onward it is given) beside a list of what OpenPie does for them. Plain
// markup with no router, so the first chunk's landing page can use it.
import type { ReactNode } from 'react';
import { LandingSection, SectionTitle } from './landing-section';

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
    <LandingSection id={id} titleId={titleId} muted={muted} containerClassName="audience">
      <div className="audience__intro">
        {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
        <SectionTitle id={titleId}>{title}</SectionTitle>
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
    </LandingSection>
  );
}
