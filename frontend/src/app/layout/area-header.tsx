import { useEffect, useId, useState, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { BrandLink } from '../../components/brand-link';

export interface AreaNavItem {
  to: string;
  label: string;
  /** Matches only this exact path, not the screens under it. */
  end?: boolean;
}

export interface AreaAction {
  to: string;
  label: string;
  variant: 'primary' | 'secondary';
}

export interface AreaHeaderProps {
  brandSuffix?: string;
  /** The navigation landmark's name, e.g. "Fan area". */
  navLabel: string;
  items: readonly AreaNavItem[];
  actions?: readonly AreaAction[];
  /** A control after the actions that is not a link, e.g. the signed-in person's Log out button. */
  accountControl?: ReactNode;
}

/** A menu button's open state that closes itself on navigation and on Escape. */
export function useNavigationMenu() {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const [lastPath, setLastPath] = useState(location.pathname);
  if (lastPath !== location.pathname) {
    setLastPath(location.pathname);
    setOpen(false);
  }
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);
  return { open, toggle: () => setOpen((current) => !current) };
}

/** A link that routes inside the app, or loads the standalone landing page for anything on `/`. */
function HeaderLink({ to, label, end, className }: AreaNavItem & { className: string }) {
  if (to === '/' || to.startsWith('/#')) {
    return (
      <a className={className} href={to}>
        {label}
      </a>
    );
  }
  return (
    <NavLink className={className} to={to} end={end}>
      {label}
    </NavLink>
  );
}

/**
 * The header of the fan and artist areas: the brand, the area's navigation and its calls to action. On a phone
 * the navigation folds behind a Menu button (a disclosure: no focus trap needed, nothing else is hidden).
 */
export function AreaHeader({ brandSuffix, navLabel, items, actions = [], accountControl }: AreaHeaderProps) {
  const menuId = useId();
  const { open, toggle } = useNavigationMenu();
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <BrandLink suffix={brandSuffix} />
        <button
          type="button"
          className="menu-button"
          aria-expanded={open}
          aria-controls={menuId}
          onClick={toggle}
        >
          <span className="menu-button__icon" aria-hidden="true" />
          Menu
        </button>
        <nav id={menuId} className="area-nav" data-open={open} aria-label={navLabel}>
          <ul className="area-nav__list">
            {items.map((item) => (
              <li key={item.to}>
                <HeaderLink {...item} className="area-nav__link" />
              </li>
            ))}
          </ul>
          {actions.length > 0 || accountControl ? (
            <ul className="area-nav__actions">
              {actions.map((action) => (
                <li key={action.to}>
                  <HeaderLink
                    to={action.to}
                    label={action.label}
                    className={`button button--small button--${action.variant}`}
                  />
                </li>
              ))}
              {accountControl ? <li>{accountControl}</li> : null}
            </ul>
          ) : null}
        </nav>
      </div>
    </header>
  );
}
