// A section of the open landing pages (`/` and /for-artists): a full-width band, muted or not, holding the page's
// container with the section's heading. Plain markup with no router, so the first chunk's landing page can use it.
import type { ReactNode } from 'react';

export interface LandingSectionProps {
  /** The section's anchor on the page, if it has one. */
  id?: string;
  /** The id of the section's h2, which names the section. */
  titleId: string;
  /** The h2, first in the container; a section that places its heading itself (audience-section.tsx) leaves it out. */
  title?: string;
  muted?: boolean;
  /** A class beside `container`, for the section's own layout. */
  containerClassName?: string;
  children: ReactNode;
}

export function LandingSection({
  id,
  titleId,
  title,
  muted,
  containerClassName,
  children,
}: LandingSectionProps) {
  return (
    <section id={id} className={muted ? 'section section--muted' : 'section'} aria-labelledby={titleId}>
      <div className={containerClassName ? `container ${containerClassName}` : 'container'}>
        {title ? <SectionTitle id={titleId}>{title}</SectionTitle> : null}
        {children}
      </div>
    </section>
  );
}

/** A landing section's heading. */
export function SectionTitle({ id, children }: { id: string; children: ReactNode }) {
  return (
    <h2 id={id} className="section__title">
      {children}
    </h2>
  );
}
