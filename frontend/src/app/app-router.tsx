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

export function AppRouter() {
  const [router] = useState(createAppRouter);
  return <RouterProvider router={router} onError={reportRouteError} />;
}
