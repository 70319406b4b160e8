// Replies asked for before the screen that needs them has rendered. A page's first load waits on its JavaScript, then
// on the session guard, then on the screen's own calls, one after the other; for the screens people land on, the entry
// starts those calls beside the session question (app/first-screen-data.ts) and leaves each reply here under its URL,
// for the screen's fetcher to take once. A reply older than a few seconds is not taken, and a call that failed is
// asked again by the screen itself, so nothing here can show stale or failed data in place of a fresh answer.

interface PrefetchedReply {
  readonly reply: Promise<unknown>;
  readonly askedAt: number;
}

/** How long an early reply stays good for the screen: long enough for the first paint, short enough not to be stale. */
export const prefetchedReplyMaxAgeMs = 10_000;

const prefetched = new Map<string, PrefetchedReply>();

/** Keeps an early call's reply for the screen that will ask for `url`; a failed call is dropped at once. */
export function keepPrefetchedReply<T>(url: string, reply: Promise<T>, now = Date.now()): Promise<T> {
  prefetched.set(url, { reply, askedAt: now });
  reply.catch(() => {
    if (prefetched.get(url)?.reply === reply) prefetched.delete(url);
  });
  return reply;
}

/** The early reply for `url`, once, while it is fresh; undefined when there is none. */
export function takePrefetchedReply(url: string, now = Date.now()): Promise<unknown> | undefined {
  const entry = prefetched.get(url);
  if (!entry) return undefined;
  prefetched.delete(url);
  return now - entry.askedAt <= prefetchedReplyMaxAgeMs ? entry.reply : undefined;
}

/**
 * A screen's fetcher that first takes the early reply for `url`, if any: the call `ask` makes is the same one, so the
 * reply is the same; if the early call fails, `ask` asks again.
 */
export function withPrefetchedReply<T>(url: string, ask: () => Promise<T>): () => Promise<T> {
  return () => {
    const early = takePrefetchedReply(url) as Promise<T> | undefined;
    return early ? early.catch(() => ask()) : ask();
  };
}
