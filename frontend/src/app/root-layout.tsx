import { useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router-dom';
import { describePageForAnalytics, trackEvent } from '../lib/analytics';

/**
 * The frame around every route: scroll restoration, a progress bar while a lazy area or a guard loads, a page-view
 * event, and focus moved to the new page's main landmark so screen readers hear that the page changed.
 */
export function RootLayout() {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const firstPage = useRef(true);

  useEffect(() => {
    trackEvent('page_view', { path: describePageForAnalytics(pathname) });
    if (firstPage.current) {
      firstPage.current = false;
      return;
    }
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <>
      {navigation.state === 'loading' ? <div className="navigation-progress" aria-hidden="true" /> : null}
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

/** Shown on the first load of a lazy area, before its chunk (and its guard's answer) has arrived. */
export function LoadingPage() {
  return (
    <main id="main" className="message-page">
      <p className="loading-status" role="status">
        Loading OpenPie…
      </p>
    </main>
  );
}
