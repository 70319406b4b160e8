// Calls that must reach the server once per page, even though React (StrictMode in development) may run an effect
// twice: a verification link or a Google code is single-use, and a second call would report it as already used.

const started = new Map<string, Promise<unknown>>();

/** The one promise for `key` in this page's life; later calls with the same key share it. */
export function runOnce<T>(key: string, call: () => Promise<T>): Promise<T> {
  let promise = started.get(key) as Promise<T> | undefined;
  if (!promise) {
    promise = call();
    started.set(key, promise);
  }
  return promise;
}
