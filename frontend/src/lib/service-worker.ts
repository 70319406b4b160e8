// Registers the service worker (frontend/public/sw.js) that makes OpenPie installable and opens the app shell
// offline. It caches the shell and hashed assets only, never /api replies (docs/decisions/007).

export const serviceWorkerUrl = '/sw.js';

/**
 * Registers after the page has loaded, so the worker never competes with the first paint. Built apps only: the
 * Vite dev server's modules must never be cached. `MODE` rather than `PROD`, because PROD follows NODE_ENV, and a
 * build made under a test runner (NODE_ENV=test) is still the app people get.
 */
export function registerServiceWorker(): void {
  if (import.meta.env.MODE !== 'production' || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register(serviceWorkerUrl).catch((error: unknown) => {
      // The app works without it; only offline start and installation are lost.
      console.warn('The OpenPie service worker could not be registered.', error);
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
