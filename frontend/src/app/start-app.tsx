// Renders OpenPie into the page: the landing page at `/` on its own, with React alone, and the router with every area
// for other paths, which keeps the first load of the most visited page small (docs/decisions/003). Both paths get the
// same shell: error boundary, cookie banner, install prompt and service worker (app-shell.tsx). main.tsx loads this
// module after it has started loading the first screen's modules, so that they do not wait for React to download.
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppUpdateScreen } from '../components/app-update-screen';
import { catchInstallOffers } from '../components/install-prompt';
import { trackEvent } from '../lib/analytics';
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
  const root = createRoot(container, { onCaughtError: () => {} });

  const render = (content: ReactNode) => {
    root.render(
      <StrictMode>
        <AppShell>{content}</AppShell>
      </StrictMode>,
    );
  };

  if (window.location.pathname === '/') {
    render(<LandingPage />);
    trackEvent('page_view', { path: '/' });
    return;
  }
  try {
    const { AppRouter } = await import('./app-router');
    render(<AppRouter />);
  } catch (error) {
    // The router's own chunk is gone: a deploy replaced this build while the page was loading (SPEC §4).
    render(<AppUpdateScreen error={error} />);
  }
}
