// The router of the running SPA, in a chunk of its own (main.tsx loads it for every path but `/`).
import { useState } from 'react';
import { RouterProvider, type RouterProviderProps } from 'react-router-dom';
import { isChunkLoadError } from '../lib/chunk-errors';
import { createAppRouter } from './router';

type RouteErrorReporter = NonNullable<RouterProviderProps['onError']>;

/**
 * Reports each loader and render error of the route tree once, with its component stack, severity Error (SPEC §8).
 * A chunk that failed to load is no bug: the app-update screen refreshes the app, and the console stays quiet.
 */
export const reportRouteError: RouteErrorReporter = (error, { location, errorInfo }) => {
  if (isChunkLoadError(error)) return;
  console.error('Route error', {
    severity: 'Error',
    error,
    path: location.pathname,
    componentStack: errorInfo?.componentStack ?? '',
  });
};

type AppDataRouter = ReturnType<typeof createAppRouter>;

export { createAppRouter };

/**
 * Resolves once the router has matched the first path, loaded its lazy screens and run its loaders (following any
 * redirect): what it renders from then on is the screen itself, never the loading page.
 */
export function whenRouterReady(router: AppDataRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

export interface AppRouterProps {
  /** A router start-app.tsx has already started (and waited for); a new one otherwise. */
  router?: AppDataRouter;
}

export function AppRouter({ router: started }: AppRouterProps) {
  const [router] = useState(() => started ?? createAppRouter());
  return <RouterProvider router={router} onError={reportRouteError} />;
}
