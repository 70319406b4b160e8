// The product's time as the browser should count with it. In AWS it is the system clock everywhere. Locally the time
// machine moves the product clock ahead of the system's (`npm run time -- advance 30d`), and the local server says
// where the product clock stands on every API reply (header below, local/handlers.ts); screens that count days (days
// left in a pie, a held lot's countdown) then count from the product's day, not the browser's.

export { productTimeHeader } from '@contracts/envelope';

let offsetMs = 0;

/** Remembers how far the product clock runs ahead of this browser's, from a reply's header (ignored if unreadable). */
export function recordProductTime(headerValue: string | null | undefined, receivedAt = Date.now()): void {
  if (!headerValue) return;
  const at = Date.parse(headerValue);
  if (Number.isNaN(at)) return;
  offsetMs = at - receivedAt;
}

/** The product's current instant in milliseconds: the browser's clock plus the last offset a reply gave. */
export function productNow(): number {
  return Date.now() + offsetMs;
}

/** Tests only: back to the browser's own clock. */
export function resetProductTime(): void {
  offsetMs = 0;
}
