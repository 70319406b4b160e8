// The route modules of the pages people arrive on (the sign-in screens, /try, the artists' landing page, a fan's pie)
// and the layouts around them. The router loads them lazily (router.tsx), and only once its own chunk has loaded and
// matched the path; main.tsx starts loading them and the router for the path of the first load at the same time as
// React, so the page paints without waiting for React, then the router, then its screen, one after the other. The
// same `import()` serves both: a module loads once.
import { isArtistAreaPath, routePatterns } from '../lib/paths';

/** The router itself, which every path but `/` loads first (start-app.tsx). */
export const loadAppRouter = () => import('./app-router');
export const loadFanLayout = () => import('./routes/fan/fan-layout');
export const loadFanArea = () => import('./routes/fan/fan-area');
export const loadFanIdentity = () => import('./routes/fan/fan-identity-screens');
export const loadPromo = () => import('./routes/fan/promo-screen');
export const loadArtistLayout = () => import('./routes/for-artists/artist-layout');
export const loadArtistLanding = () => import('./routes/for-artists/artist-landing-screen');
export const loadArtistIdentity = () => import('./routes/for-artists/artist-identity-screens');

const fan = routePatterns.fan;
const artist = routePatterns.artist;

/** The modules the router will need first for this path: the area's layout and, for these pages, the screen. */
export function selectFirstScreenModules(pathname: string): readonly (() => Promise<unknown>)[] {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === routePatterns.admin.login || path.startsWith(`${routePatterns.admin.login}/`)) return [];
  if (isArtistAreaPath(path)) {
    if (path === artist.home) return [loadArtistLayout, loadArtistLanding];
    if (path === artist.login || path === artist.register) return [loadArtistLayout, loadArtistIdentity];
    return [loadArtistLayout];
  }
  if (path === fan.login || path === fan.register) return [loadFanLayout, loadFanIdentity];
  if (path === fan.try) return [loadPromo, loadFanLayout];
  // The fan area loads the pie's features itself once it renders (fan-area.tsx): the same three, a round trip sooner.
  if (path === fan.pie) {
    return [
      loadFanLayout,
      loadFanArea,
      () => import('../features/pie-funding'),
      () => import('../features/promo'),
      () => import('../features/pie'),
    ];
  }
  return [loadFanLayout];
}

/**
 * Starts loading the first screen's modules. A module that fails to load is the router's to report (it loads the same
 * module and shows the app-update screen), so the failure is let go here.
 */
export function preloadFirstScreen(pathname: string): void {
  for (const load of selectFirstScreenModules(pathname)) load().catch(() => undefined);
}
