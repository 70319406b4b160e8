// The public pages arrive prerendered (docs/decisions/053): static markup the SPA takes over once its JavaScript has
// run. Until then the page's controls are disabled (the build marks them, prerender/prerender-plugin.ts), so a tap
// never does something the app does not see; the takeover enables them as React starts hydrating and marks <html>
// with `data-app-ready` once it has rendered, which the e2e helpers wait for. What the static page cannot know (the query string, the session, the browser) renders only
// after the takeover, so the hydrated tree is the prerendered one (useTakenOver).
import { useSyncExternalStore } from 'react';

/** On <html> once the SPA has taken over the page (rendered or hydrated it, its handlers live). */
export const appReadyAttribute = 'data-app-ready';

/** On each control the build disabled in a prerendered page: the takeover enables exactly those. */
export const prerenderedDisabledAttribute = 'data-prerendered-disabled';

const neverChanges = () => () => {};

/**
 * False while a page is prerendered and while the SPA hydrates it (React reads the server snapshot then), true from
 * the render after: what depends on the query string, the session or the browser renders behind it.
 */
export function useTakenOver(): boolean {
  return useSyncExternalStore(
    neverChanges,
    () => true,
    () => false,
  );
}

/**
 * Enables the controls the build disabled. start-app.tsx calls it in the same task as it starts hydrating the page:
 * React listens from then on, and a tap on a part not yet hydrated hydrates it at once and is then handled, so the
 * DOM React hydrates is the one it renders (no `disabled` it does not know of).
 */
export function enablePrerenderedControls(): void {
  for (const control of document.querySelectorAll(`[${prerenderedDisabledAttribute}]`)) {
    control.removeAttribute('disabled');
    control.removeAttribute(prerenderedDisabledAttribute);
  }
}

/** Says the app has taken over: the page is React's, whatever the static page could not know shown. */
export function markTakenOver(): void {
  enablePrerenderedControls();
  document.documentElement.setAttribute(appReadyAttribute, '');
}
