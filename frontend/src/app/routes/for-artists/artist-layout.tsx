// The artist area's layout (SPEC §2): header, main and footer under /for-artists. A chunk of its own, so the open
// pages (the landing page, the sign-in) load the frame without the area's screens.
import { Outlet } from 'react-router-dom';
import { SiteFooter } from '../../../components/site-footer';
import { LogoutButton } from '../../../features/auth/components/logout-button';
import { paths } from '../../../lib/paths';
import { useAreaSession } from '../../guards';
import { AreaHeader, type AreaAction, type AreaNavItem } from '../../layout/area-header';
import { RouterLink } from '../../layout/router-link';

const signedInItems: readonly AreaNavItem[] = [
  { to: paths.artist.artists(), label: 'Artists' },
  { to: paths.artist.funds(), label: 'Funds' },
  { to: paths.artist.team(), label: 'Team' },
  { to: paths.artist.giveBack(), label: 'Give back' },
  { to: paths.artist.settings(), label: 'Settings' },
];

const openItems: readonly AreaNavItem[] = [
  { to: paths.artist.home(), label: 'How it works', end: true },
  { to: paths.home(), label: 'For fans' },
];

const openActions: readonly AreaAction[] = [
  { to: paths.artist.login(), label: 'Log in', variant: 'secondary' },
  { to: paths.artist.register(), label: 'Create an account', variant: 'primary' },
];

export function ArtistLayout() {
  const session = useAreaSession('artist');
  return (
    <div className="area area--artist">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <AreaHeader
        brandSuffix="for Artists"
        navLabel="OpenPie for Artists"
        items={session ? signedInItems : openItems}
        actions={session ? [] : openActions}
        accountControl={session ? <LogoutButton role="artist" /> : null}
      />
      <main id="main" className="area-main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter
        linkAs={RouterLink}
        tagline="Claim your artist profile and receive what your fans set aside."
      />
    </div>
  );
}
