// What every page has around its content, with or without the router (docs/decisions/003): the error boundary, the
// cookie banner, the install prompt, the consent purge on load and the service worker.
import { useEffect, type ReactNode } from 'react';
import { CookieConsent, useCookieConsentStatus } from '../components/cookie-consent/cookie-consent';
import { ErrorBoundary } from '../components/error-boundary';
import { InstallPrompt } from '../components/install-prompt';
import { refreshCookieConsent } from '../lib/cookie-consent';
import { registerServiceWorker } from '../lib/service-worker';

export interface AppShellProps {
  children?: ReactNode;
}

export function AppShell({ children }: AppShellProps) {
  const consent = useCookieConsentStatus();

  useEffect(() => {
    // SPEC §4: a refresh runs the consent purge, so a cookie written before a choice was narrowed does not linger.
    refreshCookieConsent();
    registerServiceWorker();
  }, []);

  return (
    <>
      <ErrorBoundary>{children}</ErrorBoundary>
      {/* A failing banner must never take the page down with it. */}
      <ErrorBoundary fallback={() => null}>
        <div className="app-chrome">
          <CookieConsent />
          <InstallPrompt suppressed={consent !== 'saved'} />
        </div>
      </ErrorBoundary>
    </>
  );
}
