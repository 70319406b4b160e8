// The route table of SPEC §2. The landing page ships in the first chunk; the fan, artist and admin
// areas each load as a chunk of their own the first time one of their routes is visited.
import { createBrowserRouter, redirect, type RouteObject } from 'react-router-dom';
import { paths, routePatterns, socialVerificationPlatforms, socialVerificationResults } from '../lib/paths';
import { LandingPage } from './routes/landing/landing-page';
import { ErrorPage, RouteErrorPage } from './route-error-page';
import { LoadingPage, RootLayout } from './root-layout';

const loadFanArea = async () => {
  const { FanAreaLayout } = await import('./routes/fan/fan-area');
  return { Component: FanAreaLayout };
};

const loadArtistArea = async () => {
  const { ArtistAreaLayout } = await import('./routes/for-artists/artist-area');
  return { Component: ArtistAreaLayout };
};

const loadAdminArea = async () => {
  const { AdminAreaLayout } = await import('./routes/admin/admin-area');
  return { Component: AdminAreaLayout };
};

/**
 * A screen's route before the screen exists: it claims its path so the unknown-path rule leaves it
 * alone, and renders nothing itself because the area layout is the whole page for now.
 */
function declareScreen(path: string): RouteObject {
  return { path, element: null };
}

/** An unknown-path rule: the loader redirects before anything renders. */
function redirectUnknownTo(target: string): RouteObject {
  return { path: '*', loader: () => redirect(target), element: null };
}

const fan = routePatterns.fan;
const artist = routePatterns.artist;
const admin = routePatterns.admin;

/** The public pages and the fan area: everything a fan sees apart from the landing page. */
const fanScreens = [
  routePatterns.public.privacyPolicy,
  routePatterns.public.terms,
  routePatterns.public.deleteAccountInstructions,
  routePatterns.public.artistPublic,
  fan.login,
  fan.register,
  fan.try,
  fan.verifyEmail,
  fan.resetPassword,
  fan.dashboard,
  fan.pie,
  fan.pieDetail,
  fan.pieSuccessCheckout,
  fan.myPies,
  fan.history,
  fan.settings,
  fan.pieSettings,
  fan.report,
  fan.artist,
  fan.user,
  fan.earth,
  fan.help,
];

const artistScreens = [
  artist.login,
  artist.register,
  artist.officeInvitation,
  artist.completeRegistration,
  artist.error,
  // Behind the artist-only guard once the screens exist.
  artist.artists,
  artist.artistDetail,
  artist.claim,
  artist.funds,
  artist.payout,
  artist.transaction,
  artist.team,
  artist.teamMember,
  artist.giveBack,
  artist.settings,
  artist.profileUpdate,
  artist.officeSettings,
  ...socialVerificationPlatforms.flatMap((platform) =>
    socialVerificationResults.map((result) => paths.artist.socialVerification({ platform, result })),
  ),
];

const adminScreens = [
  admin.googleCallback,
  // Behind the admin-only guard and its layout once the screens exist.
  admin.dashboard,
  admin.claims,
  admin.claim,
  admin.artists,
  admin.fans,
  admin.fan,
  admin.userArtists,
  admin.userArtist,
  admin.offices,
  admin.office,
  admin.finances,
  admin.escrow,
  admin.walletTransactions,
];

export const routes: RouteObject[] = [
  {
    id: 'root',
    path: routePatterns.home,
    Component: RootLayout,
    ErrorBoundary: RouteErrorPage,
    HydrateFallback: LoadingPage,
    children: [
      { index: true, Component: LandingPage },
      { path: routePatterns.public.error, Component: ErrorPage },
      {
        id: 'fan-area',
        lazy: loadFanArea,
        ErrorBoundary: RouteErrorPage,
        children: fanScreens.map(declareScreen),
      },
      {
        id: 'artist-area',
        path: artist.home,
        lazy: loadArtistArea,
        ErrorBoundary: RouteErrorPage,
        children: [
          { index: true, element: null },
          ...artistScreens.map(declareScreen),
          redirectUnknownTo(paths.artist.home()),
        ],
      },
      {
        // The e-mail link targets for artists live outside /for-artists (SPEC §2) but belong to its chunk.
        id: 'artist-auth-links',
        lazy: loadArtistArea,
        ErrorBoundary: RouteErrorPage,
        children: [artist.verifyEmail, artist.resetPassword].map(declareScreen),
      },
      {
        id: 'admin-area',
        path: admin.login,
        lazy: loadAdminArea,
        ErrorBoundary: RouteErrorPage,
        children: [
          { index: true, element: null },
          ...adminScreens.map(declareScreen),
          redirectUnknownTo(paths.admin.dashboard()),
        ],
      },
      redirectUnknownTo(paths.home()),
    ],
  },
];

/** The router of the running SPA; tests build a memory router from `routes` instead. */
export function createAppRouter() {
  return createBrowserRouter(routes);
}
