import { Outlet, ScrollRestoration, useNavigation } from 'react-router-dom';

/** The frame around every route: scroll restoration and a progress bar while a lazy area loads. */
export function RootLayout() {
  const navigation = useNavigation();
  return (
    <>
      {navigation.state === 'loading' ? <div className="navigation-progress" aria-hidden="true" /> : null}
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

/** Shown on the first load of a lazy area, before its chunk has arrived. */
export function LoadingPage() {
  return (
    <main id="main" className="message-page">
      <p className="loading-status" role="status">
        Loading OpenPie…
      </p>
    </main>
  );
}
