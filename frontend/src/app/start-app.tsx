// Renders OpenPie into the page: the landing page at `/` on its own, with React alone, and the router with every area
// for other paths, which keeps the first load of the most visited page small (docs/decisions/003). Both paths get the
// same shell: error boundary, cookie banner, install prompt and service worker (app-shell.tsx). main.tsx loads this
// module after it has started loading the first screen's modules, so that they do not wait for React to download.
//
// The public pages arrive prerendered (frontend/prerender/pages.ts, docs/decisions/053): #root already holds the page
// as an anonymous visitor sees it, painted before any script ran, its controls disabled until React listens to them
// (lib/app-takeover.ts). The SPA takes over in a transition (React renders in
// short slices, leaving the browser free to answer a tap, and commits once). The landing page hydrates that markup
// (its tree is the same). A routed page keeps it on screen until the router has its screen's modules and its loaders'
// answers; then an anonymous visitor's page hydrates, and anyone else's (a session, or a loader that sent them
// elsewhere) renders into it in one commit, createRoot replacing what the container held. Nothing flashes: not the
// loading page, not an empty frame.
import { startTransition, StrictMode, type ReactNode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { AppUpdateScreen } from '../components/app-update-screen';
import { catchInstallOffers } from '../components/install-prompt';
import { trackEvent } from '../lib/analytics';
import { enablePrerenderedControls } from '../lib/app-takeover';
import { readSessionHints } from '../lib/session-hints';
import { AppShell } from './app-shell';
import { LandingPage } from './routes/landing/landing-page';

/** Mounts the page for the path it was opened on, into index.html's #root. */
export async function startApp(): Promise<void> {
  // Before anything renders: Chromium may offer installation before React has mounted the install prompt.
  catchInstallOffers();

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element to mount OpenPie into');
  // Every boundary in the app reports what it catches, once and with its component stack (SPEC §8): the error
  // boundary, the app-update boundary and the router's onError. React's own report of a caught error would repeat it.
  const rootOptions = { onCaughtError: () => {} };
  const prerendered = container.firstElementChild !== null;
  const inShell = (content: ReactNode) => (
    <StrictMode>
      <AppShell>{content}</AppShell>
    </StrictMode>
  );

  if (window.location.pathname === '/') {
    if (prerendered) {
      startTransition(() => {
        enablePrerenderedControls();
        hydrateRoot(container, inShell(<LandingPage />), rootOptions);
      });
    } else createRoot(container, rootOptions).render(inShell(<LandingPage />));
    trackEvent('page_view', { path: '/' });
    return;
  }
  let root: Root | undefined;
  const render = (content: ReactNode) => {
    root ??= createRoot(container, rootOptions);
    root.render(inShell(content));
  };
  try {
    const { AppRouter, createAppRouter, whenRouterReady } = await import('./app-router');
    const router = createAppRouter();
    if (!prerendered) {
      render(<AppRouter router={router} />);
      return;
    }
    const openedAt = window.location.pathname;
    await whenRouterReady(router);
    // What was prerendered is the signed-out page at the path it was opened on, as its loaders answer without an
    // error: only then is the tree the same (what the query string says shows after: lib/app-takeover.ts).
    const asPrerendered =
      router.state.location.pathname === openedAt &&
      readSessionHints().length === 0 &&
      router.state.errors === null;
    startTransition(() => {
      if (asPrerendered) {
        enablePrerenderedControls();
        root = hydrateRoot(container, inShell(<AppRouter router={router} />), rootOptions);
      } else render(<AppRouter router={router} />);
    });
  } catch (error) {
    // The router's own chunk is gone: a deploy replaced this build while the page was loading (SPEC §4).
    render(<AppUpdateScreen error={error} />);
  }
}
