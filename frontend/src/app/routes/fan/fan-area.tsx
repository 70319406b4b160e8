// The fan side of OpenPie (SPEC §2): the fan screens of the public pages and the fan area (their shared layout is
// fan-layout.tsx, /try is promo-screen.tsx). This chunk loads the first time one of those routes is visited.
import {
  ArtistScreen as FanArtistPage,
  PublicArtistScreen as PublicArtistPage,
} from '../../../features/artists';
import { ConnectedAccounts } from '../../../features/auth/components/connected-accounts';
import { DeleteAccountSection } from '../../../features/auth/components/delete-account-section';
import { FanProfileScreen, ProfileSettings, ReportClaimScreen } from '../../../features/fan-profile';
import { readSessionProfile } from '../../../features/fan-profile/lib/session-profile';
import { HistoryImportSection } from '../../../features/history-import';
import { lazyScreen } from '../../../components/lazy-screen';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAreaSession, useSignedInSession } from '../../guards';

// ── Public fan screens ─────────────────────────────────────────────────────────

export function PublicArtistScreen() {
  const session = useAreaSession('fan');
  return <PublicArtistPage fanSignedIn={Boolean(session)} />;
}

// ── Screens behind the fan guard ───────────────────────────────────────────────

// The dashboard (the Spotify sync and this period's listening) is its own chunk.
export const DashboardScreen = lazyScreen(
  async () => (await import('../../../features/listening-dashboard')).DashboardScreen,
  { text: 'Loading your dashboard...', className: 'dashboard-loading' },
);

// /pie: the fan's running pie with its live split (the pie feature), or the funding flow, with the free promo pie
// offered to a fan who may start it.
export const PieScreen = lazyScreen(
  async () => {
    const [{ PieScreen: View }, { FreePieOfferIfEligible }, { LivePieSection }] = await Promise.all([
      import('../../../features/pie-funding'),
      import('../../../features/promo'),
      import('../../../features/pie'),
    ]);
    return function PieWithOffer() {
      return (
        <View
          renderFreePieOffer={(onStarted) => <FreePieOfferIfEligible onStarted={onStarted} />}
          renderLivePie={(pie) => <LivePieSection pieId={pie.id} />}
        />
      );
    };
  },
  { text: 'Loading your pie...' },
);

// pie/:pieId: a split pie's receipt ("where my pie went"), or the live preview of a pie not split yet.
export const PieDetailScreen = lazyScreen(
  async () => (await import('../../../features/pie')).PieDetailScreen,
  { text: 'Loading your pie...' },
);

// Where Stripe's Checkout returns after paying: it waits for the payment to be confirmed, then shows the pie.
export const PieSuccessCheckoutScreen = lazyScreen(
  async () => (await import('../../../features/pie-funding')).SuccessCheckoutScreen,
  { text: 'Confirming your payment with Stripe…' },
);

// pie/settings: the running pie's settings with a what-if preview, bans and this pie's inclusions.
export const PieSettingsScreen = lazyScreen(
  async () => (await import('../../../features/pie')).PieSettingsScreen,
  { text: 'Loading your pie settings...' },
);

// Every pie of the fan with the receipts of split ones (their CSV from the pie feature), cancelling, Stripe's billing
// page and the fan wallet.
const MyPiesView = lazyScreen<{ fanId: string | null }>(
  async () => {
    const [{ MyPiesScreen: View }, { ReceiptCsvButton }] = await Promise.all([
      import('../../../features/my-pies'),
      import('../../../features/pie'),
    ]);
    return function MyPiesWithReceipts({ fanId }: { fanId: string | null }) {
      return (
        <View
          fanId={fanId}
          renderReceiptDownload={(pie, describedAs) => (
            <ReceiptCsvButton pieId={pie.id} describedAs={describedAs} />
          )}
        />
      );
    };
  },
  { text: 'Loading your pies...' },
);

export function MyPiesScreen() {
  const session = useSignedInSession('fan');
  return <MyPiesView fanId={readSessionProfile(session?.account).id} />;
}

// The history screen (latest plays, the daily chart, top tracks and artists) is its own chunk.
export const HistoryScreen = lazyScreen(
  async () => (await import('../../../features/history')).HistoryScreen,
  { text: 'Loading your listening history...', className: 'history-loading' },
);

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
const EarthView = lazyScreen(
  async () => (await import('../../../features/fan-profile/components/earth-view')).EarthView,
  { text: 'Loading the globe...', className: 'earth-loading' },
);

export function EarthScreen() {
  const session = useSignedInSession('fan');
  useDocumentTitle('Earth · OpenPie');
  return <EarthView fanId={readSessionProfile(session?.account).id} />;
}
