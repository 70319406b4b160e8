// The shared layout of the public pages and the fan area (SPEC §2): header, main and footer. A chunk of its own, so a
// public page (the sign-in, /try, help …) loads the frame without the fan area's screens.
import { Outlet } from 'react-router-dom';
import { SiteFooter } from '../../../components/site-footer';
import { LogoutButton } from '../../../features/auth/components/logout-button';
import { paths } from '../../../lib/paths';
import { useAreaSession } from '../../guards';
import { AreaHeader, type AreaAction, type AreaNavItem } from '../../layout/area-header';
import { RouterLink } from '../../layout/router-link';

const signedInItems: readonly AreaNavItem[] = [
  { to: paths.fan.dashboard(), label: 'Dashboard' },
  { to: paths.fan.pie(), label: 'My pie', end: true },
  { to: paths.fan.myPies(), label: 'My pies' },
  { to: paths.fan.history(), label: 'History' },
  { to: paths.fan.earth(), label: 'Earth' },
  { to: paths.fan.help(), label: 'Help' },
  { to: paths.fan.settings(), label: 'Settings' },
];

const publicItems: readonly AreaNavItem[] = [
  { to: '/#how-it-works', label: 'How it works' },
  { to: paths.fan.help(), label: 'Help' },
  { to: paths.artist.home(), label: 'For artists' },
];

const publicActions: readonly AreaAction[] = [
  { to: paths.fan.login(), label: 'Log in', variant: 'secondary' },
  { to: paths.fan.register(), label: 'Start your pie', variant: 'primary' },
];

/**
 * The fan area's shared layout: the same header and footer on public pages and on a signed-in fan's screens. A fan
 * who is signed in keeps the fan navigation on the public pages too (help, the privacy policy …).
 */
export function FanLayout() {
  const session = useAreaSession('fan');
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <AreaHeader
        navLabel="Main"
        items={session ? signedInItems : publicItems}
        actions={session ? [] : publicActions}
        accountControl={session ? <LogoutButton role="fan" /> : null}
      />
      <main id="main" className="area-main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter linkAs={RouterLink} />
    </>
  );
}
