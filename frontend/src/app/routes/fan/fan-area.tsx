// The fan side of OpenPie (SPEC §2): the shared layout of the public pages and the fan area, and the fan screens
// that later issues fill in. This chunk loads the first time one of those routes is visited.
import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { SiteFooter } from '../../../components/site-footer';
import {
  ArtistScreen as FanArtistPage,
  PublicArtistScreen as PublicArtistPage,
} from '../../../features/artists';
import { ConnectedAccounts } from '../../../features/auth/components/connected-accounts';
import { DeleteAccountSection } from '../../../features/auth/components/delete-account-section';
import { LogoutButton } from '../../../features/auth/components/logout-button';
import { FanProfileScreen, ProfileSettings, ReportClaimScreen } from '../../../features/fan-profile';
import { readSessionProfile } from '../../../features/fan-profile/lib/session-profile';
import { HistoryImportSection } from '../../../features/history-import';
import type { PromoHumanCheck } from '../../../features/promo';
import { paths } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAreaSession, useSignedInSession } from '../../guards';
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

// ── Public fan screens ─────────────────────────────────────────────────────────

// /try (SPEC §2): the promo feature's four states, with the sign-up pieces of the auth feature (the e-mail form and the
// social buttons, both sending promo 'try') and its human check put in here, so neither feature imports the other.
const PromoView = lazy(async () => {
  const [{ TryScreen }, { RegistrationForm }, { SocialSignInButtons }, humanCheck, { captchaActions }] =
    await Promise.all([
      import('../../../features/promo'),
      import('../../../features/auth/components/registration-form'),
      import('../../../features/auth/components/social-sign-in-buttons'),
      import('../../../features/auth/lib/human-check'),
      import('@contracts/auth'),
    ]);
  // The check is off without a site key (locally, DESIGN §3); with one, a script that cannot load or run is SPEC §8's
  // 'reCAPTCHA not available'.
  const checkHuman: PromoHumanCheck = async () => {
    const siteKey: unknown = import.meta.env.VITE_RECAPTCHA_SITE_KEY;
    if (typeof siteKey !== 'string' || siteKey.trim() === '') return { available: true, token: undefined };
    if (!(await humanCheck.loadHumanCheck())) return { available: false };
    return { available: true, token: await humanCheck.executeHumanCheck(captchaActions.promoAvailability) };
  };
  function PromoWithSignUp({ signedIn, account }: { signedIn: boolean; account: unknown }) {
    return (
      <TryScreen
        signedIn={signedIn}
        account={account}
        humanCheck={checkHuman}
        renderRegistrationForm={(onRegistered) => (
          <RegistrationForm area="fan" promo="try" onRegistered={onRegistered} />
        )}
        socialSignIn={<SocialSignInButtons promo="try" />}
      />
    );
  }
  return { default: PromoWithSignUp };
});

export function PromoScreen() {
  const session = useAreaSession('fan');
  return (
    <Suspense
      fallback={
        <p className="app-state" role="status">
          Loading the free pie offer...
        </p>
      }
    >
      <PromoView signedIn={Boolean(session)} account={session?.account} />
    </Suspense>
  );
}

export function PublicArtistScreen() {
  const session = useAreaSession('fan');
  return <PublicArtistPage fanSignedIn={Boolean(session)} />;
}

// ── Screens behind the fan guard ───────────────────────────────────────────────

// The dashboard (the Spotify sync and this period's listening) is its own chunk.
const DashboardView = lazy(async () => {
  const { DashboardScreen: View } = await import('../../../features/listening-dashboard');
  return { default: View };
});

export function DashboardScreen() {
  return (
    <Suspense
      fallback={
        <p className="dashboard-loading" role="status">
          Loading your dashboard...
        </p>
      }
    >
      <DashboardView />
    </Suspense>
  );
}

// /pie: the fan's running pie with its live split (the pie feature), or the funding flow, with the free promo pie
// offered to a fan who may start it.
const PieView = lazy(async () => {
  const [{ PieScreen: View }, { FreePieOfferIfEligible }, { LivePieSection }] = await Promise.all([
    import('../../../features/pie-funding'),
    import('../../../features/promo'),
    import('../../../features/pie'),
  ]);
  function PieWithOffer() {
    return (
      <View
        renderFreePieOffer={(onStarted) => <FreePieOfferIfEligible onStarted={onStarted} />}
        renderLivePie={(pie) => <LivePieSection pieId={pie.id} />}
      />
    );
  }
  return { default: PieWithOffer };
});

export function PieScreen() {
  return (
    <Suspense
      fallback={
        <p className="app-state" role="status">
          Loading your pie...
        </p>
      }
    >
      <PieView />
    </Suspense>
  );
}

// pie/:pieId: a split pie's receipt ("where my pie went"), or the live preview of a pie not split yet.
const PieDetailView = lazy(async () => {
  const { PieDetailScreen: View } = await import('../../../features/pie');
  return { default: View };
});

export function PieDetailScreen() {
  return (
    <Suspense
      fallback={
        <p className="app-state" role="status">
          Loading your pie...
        </p>
      }
    >
      <PieDetailView />
    </Suspense>
  );
}

// Where Stripe's Checkout returns after paying: it waits for the payment to be confirmed, then shows the pie.
const SuccessCheckoutView = lazy(async () => {
  const { SuccessCheckoutScreen: View } = await import('../../../features/pie-funding');
  return { default: View };
});

export function PieSuccessCheckoutScreen() {
  return (
    <Suspense
      fallback={
        <p className="app-state" role="status">
          Confirming your payment with Stripe…
        </p>
      }
    >
      <SuccessCheckoutView />
    </Suspense>
  );
}

// pie/settings: the running pie's settings with a what-if preview, bans and this pie's inclusions.
const PieSettingsView = lazy(async () => {
  const { PieSettingsScreen: View } = await import('../../../features/pie');
  return { default: View };
});

export function PieSettingsScreen() {
  return (
    <Suspense
      fallback={
        <p className="app-state" role="status">
          Loading your pie settings...
        </p>
      }
    >
      <PieSettingsView />
    </Suspense>
  );
}

// Every pie of the fan with the receipts of split ones (their CSV from the pie feature), cancelling, Stripe's billing
// page and the fan wallet.
const MyPiesView = lazy(async () => {
  const [{ MyPiesScreen: View }, { ReceiptCsvButton }] = await Promise.all([
    import('../../../features/my-pies'),
    import('../../../features/pie'),
  ]);
  function MyPiesWithReceipts({ fanId }: { fanId: string | null }) {
    return (
      <View
        fanId={fanId}
        renderReceiptDownload={(pie, describedAs) => (
          <ReceiptCsvButton pieId={pie.id} describedAs={describedAs} />
        )}
      />
    );
  }
  return { default: MyPiesWithReceipts };
});

export function MyPiesScreen() {
  const session = useSignedInSession('fan');
  return (
    <Suspense
      fallback={
        <p className="app-state" role="status">
          Loading your pies...
        </p>
      }
    >
      <MyPiesView fanId={readSessionProfile(session?.account).id} />
    </Suspense>
  );
}

// The history screen (latest plays, the daily chart, top tracks and artists) is its own chunk.
const HistoryView = lazy(async () => {
  const { HistoryScreen: View } = await import('../../../features/history');
  return { default: View };
});

export function HistoryScreen() {
  return (
    <Suspense
      fallback={
        <p className="history-loading" role="status">
          Loading your listening history...
        </p>
      }
    >
      <HistoryView />
    </Suspense>
  );
}

export function SettingsScreen() {
  const session = useSignedInSession('fan');
  useDocumentTitle('Settings · OpenPie');
  return (
    <div className="reading-screen settings-screen">
      <h1 className="settings-screen__title">Settings</h1>
      <ConnectedAccounts account={session?.account} />
      <HistoryImportSection />
      <ProfileSettings account={session?.account} />
      <DeleteAccountSection area="fan" />
    </div>
  );
}

export function ReportScreen() {
  return <ReportClaimScreen />;
}

export function ArtistScreen() {
  return <FanArtistPage />;
}

export function UserScreen() {
  return <FanProfileScreen />;
}

// The globe is drawn from an embedded outline of the continents: its own chunk, loaded when the fan opens Earth.
const EarthView = lazy(async () => {
  const { EarthView: View } = await import('../../../features/fan-profile/components/earth-view');
  return { default: View };
});

export function EarthScreen() {
  const session = useSignedInSession('fan');
  useDocumentTitle('Earth · OpenPie');
  return (
    <Suspense
      fallback={
        <p className="earth-loading" role="status">
          Loading the globe...
        </p>
      }
    >
      <EarthView fanId={readSessionProfile(session?.account).id} />
    </Suspense>
  );
}
