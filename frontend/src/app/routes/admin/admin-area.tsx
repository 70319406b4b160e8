// The staff area under /admin (SPEC §2): the open layout of the sign-in screens, the denser admin layout behind
// the admin-only guard, and the admin screens that later issues fill in. This chunk loads only for admin routes.
import { NavLink, Outlet } from 'react-router-dom';
import { BrandLink } from '../../../components/brand-link';
import { PlainHeader } from '../../../components/plain-header';
import {
  AdminClaimScreen as StaffClaimScreen,
  AdminClaimsScreen as StaffClaimsScreen,
} from '../../../features/admin-claims';
import { LogoutButton } from '../../../features/auth/components/logout-button';
import { AuditLogScreen, OfficeActions, RefundActions } from '../../../features/staff-actions';
import { StaffDashboardScreen } from '../../../features/staff-dashboard';
import { StaffEscrowScreen } from '../../../features/staff-escrow';
import { StaffFinancesScreen } from '../../../features/staff-finances';
import { ReconciliationPanel } from '../../../features/reconciliation';
import {
  StaffArtistsScreen,
  StaffFanScreen,
  StaffFansScreen,
  StaffOfficeScreen,
  StaffOfficesScreen,
  StaffUserArtistScreen,
  StaffUserArtistsScreen,
} from '../../../features/staff-directory';
import { paths } from '../../../lib/paths';
import '../../../components/staff-page/staff-page.css';
import { useNavigationMenu } from '../../layout/area-header';

const adminSections = [
  { to: paths.admin.dashboard(), label: 'Dashboard' },
  { to: paths.admin.claims(), label: 'Claims' },
  { to: paths.admin.artists(), label: 'Artists' },
  { to: paths.admin.fans(), label: 'Fans' },
  { to: paths.admin.userArtists(), label: 'Artist accounts' },
  { to: paths.admin.offices(), label: 'Offices' },
  { to: paths.admin.finances(), label: 'Finances' },
  { to: paths.admin.escrow(), label: 'Escrow' },
  { to: paths.admin.walletTransactions(), label: 'Wallet transactions' },
  { to: paths.admin.ledger(), label: 'Ledger' },
  { to: paths.admin.audit(), label: 'Audit log' },
] as const;

/** The sign-in screens of the admin area: the brand, and nothing a visitor could wander into. */
export function AdminOpenLayout() {
  return (
    <div className="area area--admin">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <PlainHeader brandSuffix="Admin" />
      <main id="main" className="area-main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}

/**
 * The admin layout: a denser frame with the sections in a sidebar on wide screens and behind a Menu button on
 * phones, so long lists and tables get the room.
 */
export function AdminLayout() {
  const { open, toggle } = useNavigationMenu();
  return (
    <div className="area area--admin admin-shell">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="admin-shell__bar">
        <BrandLink suffix="Admin" />
        <LogoutButton role="admin" className="button button--small button--secondary admin-shell__logout" />
        <button
          type="button"
          className="menu-button admin-shell__menu-button"
          aria-expanded={open}
          aria-controls="admin-sections"
          onClick={toggle}
        >
          <span className="menu-button__icon" aria-hidden="true" />
          Menu
        </button>
      </header>
      <nav id="admin-sections" className="admin-shell__nav" data-open={open} aria-label="Admin sections">
        <ul className="admin-nav">
          {adminSections.map((section) => (
            <li key={section.to}>
              <NavLink className="admin-nav__link" to={section.to}>
                {section.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <main id="main" className="admin-shell__main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}

export function AdminDashboardScreen() {
  return <StaffDashboardScreen />;
}

export function AdminClaimsScreen() {
  return <StaffClaimsScreen />;
}

export function AdminClaimScreen() {
  return <StaffClaimScreen />;
}

export function AdminArtistsScreen() {
  return <StaffArtistsScreen />;
}

export function AdminFansScreen() {
  return <StaffFansScreen />;
}

export function AdminFanScreen() {
  return <StaffFanScreen actions={(fan, refresh) => <RefundActions fan={fan} onChanged={refresh} />} />;
}

export function AdminUserArtistsScreen() {
  return <StaffUserArtistsScreen />;
}

export function AdminUserArtistScreen() {
  return <StaffUserArtistScreen />;
}

export function AdminOfficesScreen() {
  return <StaffOfficesScreen />;
}

export function AdminOfficeScreen() {
  return (
    <StaffOfficeScreen actions={(office, refresh) => <OfficeActions office={office} onChanged={refresh} />} />
  );
}

export function AdminAuditScreen() {
  return <AuditLogScreen />;
}

export function AdminFinancesScreen() {
  return (
    <StaffFinancesScreen>
      <ReconciliationPanel />
    </StaffFinancesScreen>
  );
}

export function AdminEscrowScreen() {
  return <StaffEscrowScreen />;
}
