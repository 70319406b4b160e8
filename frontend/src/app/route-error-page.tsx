import { useRouteError } from 'react-router-dom';
import { AppUpdateScreen } from '../components/app-update-screen';
import { GenericErrorScreen } from '../components/error-screen';
import { UnexpectedErrorPage } from '../components/unexpected-error-page';
import { isChunkLoadError } from '../lib/chunk-errors';

export { errorScreenText } from '../components/error-screen';

/** The /error page: SPEC §2's generic error screen. */
export function ErrorPage() {
  return <GenericErrorScreen />;
}

/**
 * The `ErrorBoundary` of each area and screen: a chunk that failed to load shows the app-update screen and
 * refreshes (SPEC §4); any other route error shows the page titled 'Something went wrong'. The router reports the
 * error itself (app-router.tsx), once, however often this page renders.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  return isChunkLoadError(error) ? <AppUpdateScreen error={error} /> : <GenericErrorScreen />;
}

/**
 * The `ErrorBoundary` of the root route, for errors outside the product's own screens: SPEC §2's default page
 * 'Unexpected Application Error!' with the status text or message. Chunk failures still get the app-update screen.
 */
export function RootErrorPage() {
  const error = useRouteError();
  return isChunkLoadError(error) ? <AppUpdateScreen error={error} /> : <UnexpectedErrorPage error={error} />;
}
