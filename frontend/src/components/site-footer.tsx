import type { ComponentType, ReactNode } from 'react';
import { paths } from '../lib/paths';
import { BrandLink } from './brand-link';
import { openCookiePreferences } from './cookie-consent/cookie-consent';

export interface FooterLinkProps {
  href: string;
  children: ReactNode;
}

/** A plain anchor: right on the standalone landing page, which has no router (docs/decisions/003). */
function PlainLink({ href, children }: FooterLinkProps) {
  return <a href={href}>{children}</a>;
}

export interface SiteFooterProps {
  /** The line under the brand. */
  tagline?: string;
  /** Renders each link; router layouts pass one that navigates without a full load. */
  linkAs?: ComponentType<FooterLinkProps>;
}

/** The footer every public page and the fan and artist areas share. */
export function SiteFooter({
  tagline = 'Fans fund the artists they really listen to.',
  linkAs: FooterLink = PlainLink,
}: SiteFooterProps) {
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <div className="site-footer__brand">
          <BrandLink />
          <p>{tagline}</p>
        </div>
        <nav aria-label="Footer">
          <ul className="site-footer__links">
            <li>
              <FooterLink href={paths.fan.help()}>Help</FooterLink>
            </li>
            <li>
              <FooterLink href={paths.artist.home()}>For artists</FooterLink>
            </li>
            <li>
              <FooterLink href={paths.public.privacyPolicy()}>Privacy policy</FooterLink>
            </li>
            <li>
              <FooterLink href={paths.public.terms()}>Terms of service</FooterLink>
            </li>
            <li>
              <FooterLink href={paths.public.deleteAccountInstructions()}>Delete your account</FooterLink>
            </li>
            <li>
              <button
                type="button"
                className="link-button site-footer__button"
                onClick={openCookiePreferences}
              >
                Cookie preferences
              </button>
            </li>
            <li>
              <FooterLink href={paths.admin.login()}>Staff sign-in</FooterLink>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
