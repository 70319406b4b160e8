import { Link } from 'react-router-dom';
import type { FooterLinkProps } from '../../components/site-footer';

/**
 * A link for layouts inside the router: client-side for app screens, a plain anchor for the home page, which is
 * the standalone landing page (docs/decisions/003) and needs a full load anyway.
 */
export function RouterLink({ href, children }: FooterLinkProps) {
  if (href === '/' || href.startsWith('/#')) return <a href={href}>{children}</a>;
  return <Link to={href}>{children}</Link>;
}
