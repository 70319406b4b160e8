// The SPA's entry. The landing page at `/` renders on its own, with React alone: the router and every area load
// only for other paths, which keeps the first load of the most visited page small (docs/decisions/003). Both paths
// get the same shell: error boundary, cookie banner, install prompt and service worker (app/app-shell.tsx).
import './styles/global.css';
import './styles/frame.css';
import './styles/components.css';
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppShell } from './app/app-shell';
import { preloadFirstScreen } from './app/first-screen-modules';
import { LandingPage } from './app/routes/landing/landing-page';
import { AppUpdateScreen } from './components/app-update-screen';
import { catchInstallOffers } from './components/install-prompt';
import { trackEvent } from './lib/analytics';

// Before anything renders: Chromium may offer installation before React has mounted the install prompt.
catchInstallOffers();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element to mount OpenPie into');
// Every boundary in the app reports what it catches, once and with its component stack (SPEC §8): the error
// boundary, the app-update boundary and the router's onError. React's own report of a caught error would repeat it.
const root = createRoot(container, { onCaughtError: () => {} });

function render(content: ReactNode): void {
  root.render(
    <StrictMode>
      <AppShell>{content}</AppShell>
    </StrictMode>,
  );
}

if (window.location.pathname === '/') {
  render(<LandingPage />);
  trackEvent('page_view', { path: '/' });
} else {
  // The first screen's modules load beside the router rather than after it (app/first-screen-modules.ts).
  preloadFirstScreen(window.location.pathname);
  try {
    const { AppRouter } = await import('./app/app-router');
    render(<AppRouter />);
  } catch (error) {
    // The router's own chunk is gone: a deploy replaced this build while the page was loading (SPEC §4).
    render(<AppUpdateScreen error={error} />);
  }
}
