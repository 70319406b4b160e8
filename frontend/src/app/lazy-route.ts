// Lazy route modules. React Router renders nothing at all for a route whose `lazy` rejects (the route keeps its
// `lazy` and is cut from the render), so a chunk that fails to load would leave a blank page. Instead the failure
// becomes a component that throws it while rendering: the route's ErrorBoundary catches it and shows the
// app-update screen (SPEC §4).
import type { ComponentType } from 'react';

type RouteModule = Record<string, unknown>;

/** A component standing in for a chunk that did not load: it rethrows the import's error where a boundary sees it. */
function createChunkFailure(error: unknown): ComponentType {
  return function ChunkFailure(): never {
    throw error;
  };
}

/** A route's `lazy`: loads a module and takes one of its components, so an area's screens share its chunk. */
export function lazyComponent<M extends RouteModule>(load: () => Promise<M>, name: keyof M & string) {
  return async (): Promise<{ Component: ComponentType }> => {
    try {
      return { Component: (await load())[name] as ComponentType };
    } catch (error) {
      return { Component: createChunkFailure(error) };
    }
  };
}
