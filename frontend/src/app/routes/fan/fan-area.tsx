// The fan side of OpenPie (SPEC §2): the fan screens of the public pages and the fan area (their shared layout is
// fan-layout.tsx, /try is promo-screen.tsx). This chunk loads the first time one of those routes is visited.
import { lazy, Suspense } from 'react';
import {
  ArtistScreen as FanArtistPage,
  PublicArtistScreen as PublicArtistPage,
} from '../../../features/artists';
import { ConnectedAccounts } from '../../../features/auth/components/connected-accounts';
import { DeleteAccountSection } from '../../../features/auth/components/delete-account-section';
import { FanProfileScreen, ProfileSettings, ReportClaimScreen } from '../../../features/fan-profile';
import { readSessionProfile } from '../../../features/fan-profile/lib/session-profile';
import { HistoryImportSection } from '../../../features/history-import';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useAreaSession, useSignedInSession } from '../../guards';

// ── Public fan screens ─────────────────────────────────────────────────────────

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
