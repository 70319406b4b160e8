// Refreshing the app after a chunk failed to load (SPEC §4): clear every Cache Storage cache, so neither the
// service worker nor anything else can hand back the old build, then load the page again.
import { browserActions } from './browser-actions';

/** The wait before an automatic refresh (SPEC §9). */
export const chunkRefreshDelayMs = 1000;

/** Clears all caches and reloads; a cache that cannot be cleared does not stop the reload. */
export async function refreshApp(): Promise<void> {
  try {
    await browserActions.clearCacheStorage();
  } catch (error) {
    console.warn('The app caches could not be cleared before the refresh.', error);
  }
  browserActions.reload();
}

// A chunk that is missing for good (a broken deploy, an offline phone) would otherwise reload the page every second.
const lastAutoRefreshKey = 'openpie_last_auto_refresh';
const autoRefreshCooldownMs = 30_000;

function readLastAutoRefresh(): number {
  try {
    return Number(window.sessionStorage.getItem(lastAutoRefreshKey) ?? 0);
  } catch {
    return 0;
  }
}

/** False when this tab refreshed automatically moments ago: then the visitor decides with the button. */
export function mayRefreshAutomatically(now = Date.now()): boolean {
  return now - readLastAutoRefresh() > autoRefreshCooldownMs;
}

export function recordAutomaticRefresh(now = Date.now()): void {
  try {
    window.sessionStorage.setItem(lastAutoRefreshKey, String(now));
  } catch {
    // Without session storage the cooldown cannot hold; the refresh itself still happens.
  }
}
