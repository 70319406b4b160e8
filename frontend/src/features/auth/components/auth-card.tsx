import { useEffect, useRef, type ReactNode } from 'react';
import { PieMark } from '../../../components/pie-mark';
import { useDocumentTitle } from '../../../lib/use-document-title';
import '../auth.css';

export interface AuthCardProps {
  /** The screen's h1, also the tab title. */
  title: string;
  lead?: ReactNode;
  children?: ReactNode;
  /** Links onward (register, log in, home), under a rule. */
  footer?: ReactNode;
  /** Room for two fields side by side (registration). */
  wide?: boolean;
  /**
   * For a card that replaces another on the same page (registration done, forgot password): move focus and the view
   * to its title, so the change is seen and heard.
   */
  takeFocus?: boolean;
}

/** The centred card every sign-in, registration and link-target screen sits in, inside its area's layout. */
export function AuthCard({ title, lead, children, footer, wide = false, takeFocus = false }: AuthCardProps) {
  useDocumentTitle(`${title} · OpenPie`);
  const titleRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!takeFocus) return;
    window.scrollTo(0, 0);
    titleRef.current?.focus({ preventScroll: true });
  }, [takeFocus]);
  return (
    <div className="auth-page">
      <section className={`auth-card${wide ? ' auth-card--wide' : ''}`} aria-labelledby="auth-card-title">
        <header className="auth-card__header">
          <PieMark className="auth-card__mark" />
          <h1
            id="auth-card-title"
            className="auth-card__title"
            ref={titleRef}
            tabIndex={takeFocus ? -1 : undefined}
          >
            {title}
          </h1>
          {lead ? <div className="auth-card__lead">{lead}</div> : null}
        </header>
        {children}
        {footer ? <footer className="auth-card__footer">{footer}</footer> : null}
      </section>
    </div>
  );
}
