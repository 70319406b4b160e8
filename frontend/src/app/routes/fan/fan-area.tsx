// The fan side of OpenPie (SPEC §2): the shared layout of the public pages and the fan area, and the fan screens
// that later issues fill in. This chunk loads the first time one of those routes is visited.
import { Link, Outlet } from 'react-router-dom';
import { ComingSoon } from '../../../components/coming-soon';
import { SiteFooter } from '../../../components/site-footer';
import { ConnectedAccounts } from '../../../features/auth/components/connected-accounts';
import { LogoutButton } from '../../../features/auth/components/logout-button';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSignedInSession } from '../../guards';
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

/** The fan area's shared layout: the same header and footer on public pages and on a signed-in fan's screens. */
export function FanLayout() {
  const session = useSignedInSession('fan');
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

function HelpLink() {
  return (
    <Link className="button button--secondary" to={paths.fan.help()}>
      How the pie works
    </Link>
  );
}

// ── Public fan screens ─────────────────────────────────────────────────────────

export function PromoScreen() {
  return (
    <ComingSoon
      title="Try OpenPie for free"
      summary="New fans can start with a free 5 dollar pie while promotion codes last. Each person can use the offer once."
      plannedItems={[
        'How many free pies are still available',
        'Sign-up with Google, Spotify, X or Facebook, or with your e-mail address',
        'Your free 5 dollar pie, ready to use once you have confirmed your e-mail address',
      ]}
      actions={<HelpLink />}
    />
  );
}

export function PublicArtistScreen() {
  return (
    <ComingSoon
      title="Artist on OpenPie"
      summary="A public page for each artist, to share with fans who are not on OpenPie yet."
      plannedItems={[
        "The artist's name and picture from their streaming profile",
        'Whether the artist has claimed their profile on OpenPie',
        'How fans can start a pie that includes this artist',
      ]}
      actions={<HelpLink />}
    />
  );
}

// ── Screens behind the fan guard ───────────────────────────────────────────────

export function DashboardScreen() {
  return (
    <ComingSoon
      title="Your dashboard"
      summary="Your pie at a glance: what is in it, how long the period still runs, and who is sharing it right now."
      plannedItems={[
        'The amount of your active pie and the days left in its period',
        'A live preview of the split if the period ended today, artist by artist',
        'Your top artists and tracks of recent weeks',
        'Your fan wallet balance',
      ]}
      actions={<HelpLink />}
    />
  );
}

export function PieScreen() {
  return (
    <ComingSoon
      title="My pie"
      summary="Fund your monthly pie and follow how it is split among the artists you listen to."
      plannedItems={[
        'Choose a monthly amount and pay by card through Stripe',
        'The live split of your active pie, to the cent',
        'Ban an artist from your pie, or always include one',
        'Cancel your subscription at any time',
      ]}
      actions={<HelpLink />}
    />
  );
}

export function PieDetailScreen() {
  return (
    <ComingSoon
      title="Pie details"
      summary="Everything about one pie: how much went in, the fees, and what each artist received."
      plannedItems={[
        "The pie's amount, period and settings",
        'Each artist’s listening time and share of the pie',
        'Tracks that could not be matched to an artist yet',
        'Daily listening over the period',
      ]}
      actions={<HelpLink />}
    />
  );
}

export function PieSuccessCheckoutScreen() {
  return (
    <ComingSoon
      title="Payment received"
      summary="After you pay for your pie through Stripe, you land here to see that your pie is active."
      plannedItems={[
        'Confirmation that your subscription is active',
        'The settings your new pie starts with',
        'A way to tune those settings straight away',
      ]}
      actions={<HelpLink />}
    />
  );
}

export function PieSettingsScreen() {
  return (
    <ComingSoon
      title="Pie settings"
      summary="Tune how your pie is split. Changes apply to your live preview straight away and to the next split."
      plannedItems={[
        'How many artists share your pie',
        'How far the split leans toward less popular artists',
        'Whether artists who are no longer active are left out',
        'How many days each pie runs',
      ]}
      actions={<HelpLink />}
    />
  );
}

export function MyPiesScreen() {
  return (
    <ComingSoon
      title="My pies"
      summary="Every pie you have funded, current and past."
      plannedItems={[
        'Each pie with its amount, period and status',
        'What each pie paid to artists, and what was held for artists who have not joined',
        'A link to the full details of each pie',
      ]}
      actions={<HelpLink />}
    />
  );
}

export function HistoryScreen() {
  return (
    <ComingSoon
      title="Listening history"
      summary="The plays OpenPie counted from your connected Spotify account."
      plannedItems={[
        'Your latest and most played tracks',
        'Listening day by day',
        'When your history was last fetched, and a button to fetch it now',
      ]}
      actions={<HelpLink />}
    />
  );
}

export function SettingsScreen() {
  const session = useSignedInSession('fan');
  useDocumentTitle('Settings · OpenPie');
  return (
    <div className="settings-screen">
      <h1 className="settings-screen__title">Settings</h1>
      <ConnectedAccounts account={session?.account} />
      <section className="coming-soon__panel settings-screen__soon" aria-labelledby="settings-soon">
        <p className="badge badge--soon">Coming soon</p>
        <h2 id="settings-soon" className="coming-soon__subtitle">
          Also in your settings
        </h2>
        <ul className="coming-soon__list">
          <li>Your username and whether your profile is visible to other fans</li>
          <li>Your subscription and billing account</li>
          <li>Delete your account</li>
        </ul>
        <div className="coming-soon__actions">
          <Link className="button button--secondary" to={paths.public.deleteAccountInstructions()}>
            How account deletion works
          </Link>
        </div>
      </section>
    </div>
  );
}

export function ReportScreen() {
  return (
    <ComingSoon
      title="Report a claim"
      summary="If an artist profile seems to be claimed by someone who is not the artist or their team, tell us here."
      plannedItems={[
        'A short form to say which claim looks wrong and why',
        'Our staff review every report before money moves',
      ]}
      actions={<HelpLink />}
    />
  );
}

export function ArtistScreen() {
  return (
    <ComingSoon
      title="Artist"
      summary="One artist seen from your pie."
      plannedItems={[
        "The artist's top tracks and your recent listening to them",
        'Their share of your pie so far',
        'Whether they have claimed their profile, and what is held for them if not',
        'Ban or always include this artist',
      ]}
      actions={<HelpLink />}
    />
  );
}

export function UserScreen() {
  return (
    <ComingSoon
      title="Fan profile"
      summary="Another fan's public profile, if they have chosen to make it visible."
      plannedItems={['Their username', 'The artists they listen to most', 'Their recent listening']}
      actions={<HelpLink />}
    />
  );
}

export function EarthScreen() {
  return (
    <ComingSoon
      title="Earth"
      summary="A view of OpenPie beyond your own pie: the wider community of fans and the artists they support."
      plannedItems={[
        'Where in the world OpenPie fans are listening',
        'Artists that fans are funding together',
      ]}
      actions={<HelpLink />}
    />
  );
}
