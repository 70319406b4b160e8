// The route table of SPEC §2. The router itself is a chunk of its own (main.tsx loads it for every path but `/`);
// the fan, artist and admin areas each load as a chunk of their own, and so do the heavy pages (the reading pages
// and each area's sign-in screens). The fan and artist layouts, /try and the artists' landing page are chunks of
// their own too, so the pages people arrive on load no area's screens before their first paint. Guarded screens sit under a pathless route whose loader is the guard.
import { createBrowserRouter, redirect, type RouteObject } from 'react-router-dom';
import { paths, routePatterns, socialVerificationPlatforms, socialVerificationResults } from '../lib/paths';
import {
  createOpenAreaSession,
  createSessionGuard,
  createSignedInRedirect,
  guardRouteIds,
  openAreaRouteIds,
} from './guards';
import {
  loadArtistIdentity,
  loadArtistLanding,
  loadArtistLayout,
  loadFanArea,
  loadFanIdentity,
  loadFanLayout,
  loadPromo,
} from './first-screen-modules';
import { lazyComponent } from './lazy-route';
import { LandingPage } from './routes/landing/landing-page';
import { ErrorPage, RootErrorPage, RouteErrorPage } from './route-error-page';
import { LoadingPage, RootLayout } from './root-layout';

/** A screen at an absolute path, its component taken from a lazily loaded module. */
function screen<M extends Record<string, unknown>>(
  path: string,
  load: () => Promise<M>,
  name: keyof M & string,
): RouteObject {
  return { path, lazy: lazyComponent(load, name) };
}

/** A sign-in or registration screen, which a visitor already signed in as `role` skips (guards.ts). */
function signInScreen<M extends Record<string, unknown>>(
  role: 'fan' | 'artist',
  path: string,
  load: () => Promise<M>,
  name: keyof M & string,
): RouteObject {
  return { ...screen(path, load, name), loader: createSignedInRedirect(role) };
}

/** An unknown-path rule: the loader redirects before anything renders. */
function redirectUnknownTo(target: string): RouteObject {
  return { path: '*', loader: () => redirect(target), element: null };
}

const loadArtistArea = () => import('./routes/for-artists/artist-area');
const loadAdminArea = () => import('./routes/admin/admin-area');
const loadAdminIdentity = () => import('./routes/admin/admin-identity-screens');
const loadAdminLedger = () => import('./routes/admin/admin-ledger');
const loadHelp = () => import('./routes/public/help-page');
const loadPrivacyPolicy = () => import('./routes/public/privacy-policy-page');
const loadTerms = () => import('./routes/public/terms-page');
const loadDeleteAccount = () => import('./routes/public/delete-account-page');

const pub = routePatterns.public;
const fan = routePatterns.fan;
const artist = routePatterns.artist;
const admin = routePatterns.admin;

/** The public pages and the fan area, under the fan area's shared layout. */
const fanArea: RouteObject = {
  id: openAreaRouteIds.fan,
  ...createOpenAreaSession('fan'),
  lazy: lazyComponent(loadFanLayout, 'FanLayout'),
  ErrorBoundary: RouteErrorPage,
  children: [
    screen(pub.privacyPolicy, loadPrivacyPolicy, 'PrivacyPolicyPage'),
    screen(pub.terms, loadTerms, 'TermsPage'),
    screen(pub.deleteAccountInstructions, loadDeleteAccount, 'DeleteAccountInstructionsPage'),
    screen(fan.help, loadHelp, 'HelpPage'),
    screen(pub.artistPublic, loadFanArea, 'PublicArtistScreen'),
    screen(fan.try, loadPromo, 'PromoScreen'),
    signInScreen('fan', fan.login, loadFanIdentity, 'FanLoginScreen'),
    signInScreen('fan', fan.register, loadFanIdentity, 'FanRegisterScreen'),
    screen(fan.verifyEmail, loadFanIdentity, 'FanVerifyEmailScreen'),
    screen(fan.resetPassword, loadFanIdentity, 'FanResetPasswordScreen'),
    {
      id: guardRouteIds.fan,
      loader: createSessionGuard('fan'),
      children: [
        screen(fan.dashboard, loadFanArea, 'DashboardScreen'),
        screen(fan.pie, loadFanArea, 'PieScreen'),
        screen(fan.pieDetail, loadFanArea, 'PieDetailScreen'),
        screen(fan.pieSuccessCheckout, loadFanArea, 'PieSuccessCheckoutScreen'),
        screen(fan.pieSettings, loadFanArea, 'PieSettingsScreen'),
        screen(fan.myPies, loadFanArea, 'MyPiesScreen'),
        screen(fan.history, loadFanArea, 'HistoryScreen'),
        screen(fan.settings, loadFanArea, 'SettingsScreen'),
        screen(fan.report, loadFanArea, 'ReportScreen'),
        screen(fan.artist, loadFanArea, 'ArtistScreen'),
        screen(fan.user, loadFanArea, 'UserScreen'),
        screen(fan.earth, loadFanArea, 'EarthScreen'),
      ],
    },
  ],
};

/** One route per platform and result, so an unknown platform falls to the area's unknown-path rule. */
const socialVerificationScreens = socialVerificationPlatforms.flatMap((platform) =>
  socialVerificationResults.map((result) =>
    screen(paths.artist.socialVerification({ platform, result }), loadArtistArea, 'SocialVerificationScreen'),
  ),
);

const artistArea: RouteObject = {
  id: openAreaRouteIds.artist,
  path: artist.home,
  ...createOpenAreaSession('artist'),
  lazy: lazyComponent(loadArtistLayout, 'ArtistLayout'),
  ErrorBoundary: RouteErrorPage,
  children: [
    { index: true, lazy: lazyComponent(loadArtistLanding, 'ArtistLandingScreen') },
    signInScreen('artist', artist.login, loadArtistIdentity, 'ArtistLoginScreen'),
    signInScreen('artist', artist.register, loadArtistIdentity, 'ArtistRegisterScreen'),
    screen(artist.completeRegistration, loadArtistIdentity, 'ArtistCompleteRegistrationScreen'),
    screen(artist.officeInvitation, loadArtistArea, 'OfficeInvitationScreen'),
    screen(artist.error, loadArtistArea, 'ArtistErrorScreen'),
    {
      id: guardRouteIds.artist,
      loader: createSessionGuard('artist'),
      children: [
        screen(artist.artists, loadArtistArea, 'ArtistsScreen'),
        screen(artist.artistDetail, loadArtistArea, 'ArtistDetailScreen'),
        screen(artist.claim, loadArtistArea, 'ClaimScreen'),
        screen(artist.funds, loadArtistArea, 'FundsScreen'),
        screen(artist.payout, loadArtistArea, 'PayoutScreen'),
        screen(artist.transaction, loadArtistArea, 'TransactionScreen'),
        screen(artist.team, loadArtistArea, 'TeamScreen'),
        screen(artist.teamMember, loadArtistArea, 'TeamMemberScreen'),
        screen(artist.giveBack, loadArtistArea, 'GiveBackScreen'),
        screen(artist.settings, loadArtistArea, 'ArtistSettingsScreen'),
        screen(artist.profileUpdate, loadArtistArea, 'ProfileUpdateScreen'),
        screen(artist.officeSettings, loadArtistArea, 'OfficeSettingsScreen'),
        ...socialVerificationScreens,
      ],
    },
    redirectUnknownTo(paths.artist.home()),
  ],
};

/** The artists' e-mail link targets live outside /for-artists (SPEC §2) but belong to its layout and chunk. */
const artistAuthLinks: RouteObject = {
  id: openAreaRouteIds.artistLinks,
  ...createOpenAreaSession('artist'),
  lazy: lazyComponent(loadArtistLayout, 'ArtistLayout'),
  ErrorBoundary: RouteErrorPage,
  children: [
    screen(artist.verifyEmail, loadArtistIdentity, 'ArtistVerifyEmailScreen'),
    screen(artist.resetPassword, loadArtistIdentity, 'ArtistResetPasswordScreen'),
  ],
};

const adminArea: RouteObject = {
  id: 'admin-area',
  path: admin.login,
  ErrorBoundary: RouteErrorPage,
  children: [
    {
      lazy: lazyComponent(loadAdminArea, 'AdminOpenLayout'),
      children: [
        {
          index: true,
          loader: createSignedInRedirect('admin'),
          lazy: lazyComponent(loadAdminIdentity, 'AdminLoginScreen'),
        },
        screen(admin.googleCallback, loadAdminIdentity, 'AdminGoogleCallbackScreen'),
      ],
    },
    {
      id: guardRouteIds.admin,
      loader: createSessionGuard('admin'),
      lazy: lazyComponent(loadAdminArea, 'AdminLayout'),
      children: [
        screen(admin.dashboard, loadAdminArea, 'AdminDashboardScreen'),
        screen(admin.claims, loadAdminArea, 'AdminClaimsScreen'),
        screen(admin.claim, loadAdminArea, 'AdminClaimScreen'),
        screen(admin.artists, loadAdminArea, 'AdminArtistsScreen'),
        screen(admin.fans, loadAdminArea, 'AdminFansScreen'),
        screen(admin.fan, loadAdminArea, 'AdminFanScreen'),
        screen(admin.userArtists, loadAdminArea, 'AdminUserArtistsScreen'),
        screen(admin.userArtist, loadAdminArea, 'AdminUserArtistScreen'),
        screen(admin.offices, loadAdminArea, 'AdminOfficesScreen'),
        screen(admin.office, loadAdminArea, 'AdminOfficeScreen'),
        screen(admin.finances, loadAdminArea, 'AdminFinancesScreen'),
        // SPEC §2: wallet-transactions is the same screen as escrow.
        screen(admin.escrow, loadAdminArea, 'AdminEscrowScreen'),
        screen(admin.walletTransactions, loadAdminArea, 'AdminEscrowScreen'),
        screen(admin.ledger, loadAdminLedger, 'AdminLedgerScreen'),
        screen(admin.ledgerAccount, loadAdminLedger, 'AdminLedgerAccountScreen'),
        screen(admin.ledgerTransaction, loadAdminLedger, 'AdminLedgerTransactionScreen'),
        screen(admin.ledgerPie, loadAdminLedger, 'AdminLedgerPieScreen'),
        screen(admin.audit, loadAdminArea, 'AdminAuditScreen'),
      ],
    },
    redirectUnknownTo(paths.admin.dashboard()),
  ],
};

export const routes: RouteObject[] = [
  {
    id: 'root',
    path: routePatterns.home,
    Component: RootLayout,
    ErrorBoundary: RootErrorPage,
    HydrateFallback: LoadingPage,
    children: [
      { index: true, Component: LandingPage },
      // In the router's own chunk: the error page must show even when an area's chunk cannot load.
      { path: pub.error, Component: ErrorPage },
      fanArea,
      artistArea,
      artistAuthLinks,
      adminArea,
      redirectUnknownTo(paths.home()),
    ],
  },
];

/** The router of the running SPA; tests build a memory router from `routes` instead. */
export function createAppRouter() {
  return createBrowserRouter(routes);
}
