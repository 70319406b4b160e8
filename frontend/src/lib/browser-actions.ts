// The few browser actions that leave or reload the page, in one object so tests can watch them: jsdom can neither
// navigate, reload nor hold Cache Storage.
export const browserActions = {
  /** A full page load of another address. */
  goTo(url: string): void {
    window.location.assign(url);
  },
  reload(): void {
    window.location.reload();
  },
  /** Deletes every Cache Storage cache of this origin, the service worker's included. */
  async clearCacheStorage(): Promise<void> {
    if (typeof caches === 'undefined') return;
    const keys = await caches.keys();
    await Promise.all(keys.map((key) => caches.delete(key)));
  },
};
