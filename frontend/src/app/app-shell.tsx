// What every page has around its content, with or without the router (docs/decisions/003): the error boundary, the
// cookie banner, the install prompt, the consent purge on load, the service worker, and the mark that the SPA has
// taken over a prerendered page (docs/decisions/053).
import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { CookieConsent, useCookieConsentStatus } from '../components/cookie-consent/cookie-consent';
import { ErrorBoundary } from '../components/error-boundary';
import { InstallPrompt } from '../components/install-prompt';
import { markTakenOver, useTakenOver } from '../lib/app-takeover';
import { refreshCookieConsent } from '../lib/cookie-consent';
import { registerServiceWorker } from '../lib/service-worker';

export interface AppShellProps {
  children?: ReactNode;
}

/**
 * Keeps the page clear of the bar at the bottom (cookie banner, install prompt): its height goes to
 * --app-chrome-height, which the page's scroll padding uses, so that a field or a submit button brought into view
 * (by the keyboard, scrollIntoView or an anchor) lands above the bar rather than under it.
 */
function useClearOfChrome() {
  const chrome = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = chrome.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const publish = () => root.style.setProperty('--app-chrome-height', `${element.offsetHeight}px`);
    const observer = new ResizeObserver(publish);
    observer.observe(element);
    publish();
    return () => {
      observer.disconnect();
      root.style.removeProperty('--app-chrome-height');
    };
  }, []);
  return chrome;
}

/**
 * Enables a prerendered page's controls in the commit that shows what the static page could not know (an error from
 * the query string …), so nothing is clickable before React handles it and the marker means the page is whole.
 */
function TakeoverMarker() {
  const takenOver = useTakenOver();
  useLayoutEffect(() => {
    if (takenOver) markTakenOver();
  }, [takenOver]);
  return null;
}

export function AppShell({ children }: AppShellProps) {
  const consent = useCookieConsentStatus();
  const chrome = useClearOfChrome();

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
        <div className="app-chrome" ref={chrome}>
          <CookieConsent />
          <InstallPrompt suppressed={consent !== 'saved'} />
        </div>
      </ErrorBoundary>
      <TakeoverMarker />
    </>
  );
}
