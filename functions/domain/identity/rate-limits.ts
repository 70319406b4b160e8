// Fixed-window rate limits for the calls an attacker would hammer: login (password guessing), register and
// forgot-password (mail bombing). Per e-mail the limit is tight; per client address it is looser, because offices
// and mobile carriers put many honest people behind one address.

export type RateLimitedAction = 'login' | 'register' | 'forgot-password';

export interface RateLimitRule {
  /** Attempts allowed in one window. */
  limit: number;
  windowSeconds: number;
}

const fifteenMinutes = 15 * 60;

export const rateLimitRules: Record<'email' | 'client', RateLimitRule> = {
  email: { limit: 10, windowSeconds: fifteenMinutes },
  client: { limit: 100, windowSeconds: fifteenMinutes },
};

export interface RateWindow {
  /** Epoch seconds the window opened. */
  startSeconds: number;
  /** Epoch seconds it closes. */
  endSeconds: number;
}

export function findRateWindow(rule: RateLimitRule, now: Date): RateWindow {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const startSeconds = nowSeconds - (nowSeconds % rule.windowSeconds);
  return { startSeconds, endSeconds: startSeconds + rule.windowSeconds };
}

/** Whole seconds until the window closes, at least 1 (the Retry-After value). */
export function computeRetryAfterSeconds(window: RateWindow, now: Date): number {
  return Math.max(1, Math.ceil(window.endSeconds - now.getTime() / 1000));
}

export const rateLimitedMessage = 'Too many attempts. Please wait a few minutes and try again.';
