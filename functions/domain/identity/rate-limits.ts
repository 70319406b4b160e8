// Rate limits for the calls an attacker would hammer: login (password guessing), register and forgot-password (mail
// bombing), and the login's slow-down (docs/decisions/005-identity.md, "Limits that cannot lock the owner out").
// A limit holds over any sliding window of its length, estimated from two fixed windows' counts (decision 052).
//
// Guessing at one account from one address is refused after 10 attempts in 15 minutes; one address is refused after
// 100 attempts at any accounts. The e-mail alone never locks a login out, because then anyone could lock the real
// owner out by typing wrong passwords from elsewhere: failures for one e-mail from many addresses slow its logins
// down instead, up to a ceiling only a large network of addresses reaches. Register and forgot-password still count
// per e-mail (10), since each call mails the address; a refusal there costs the owner a reset link, not the account.

export type RateLimitedAction = 'login' | 'register' | 'forgot-password' | 'resend-verification';

/** What a counter counts: one e-mail, one client address, or one e-mail from one address. */
export type RateScope = 'email' | 'client' | 'email-client';

export interface RateLimitRule {
  scope: RateScope;
  /** Attempts allowed in one window. */
  limit: number;
  windowSeconds: number;
}

const fifteenMinutes = 15 * 60;

export const rateLimitRules = {
  /** One address guessing at one account. */
  emailFromClient: { scope: 'email-client', limit: 10, windowSeconds: fifteenMinutes },
  /** One address at any accounts: looser, as offices and carriers put many honest people behind one address. */
  client: { scope: 'client', limit: 100, windowSeconds: fifteenMinutes },
  /** One e-mail, for the calls that mail it (register, forgot-password), and for a login whose address is unknown. */
  email: { scope: 'email', limit: 10, windowSeconds: fifteenMinutes },
  /** One e-mail's logins from everywhere: a ceiling that takes 100 addresses at their own limit to reach. */
  emailLoginCeiling: { scope: 'email', limit: 1000, windowSeconds: fifteenMinutes },
} as const satisfies Record<string, RateLimitRule>;

/**
 * The limits one attempt counts against. Without a client address (in AWS, no CloudFront viewer header) the
 * e-mail's own limit stands in for the pair's, since the pair cannot be told apart.
 */
export function findRateLimitRules(action: RateLimitedAction, hasClientAddress: boolean): RateLimitRule[] {
  if (!hasClientAddress) return [rateLimitRules.email];
  if (action === 'login') {
    return [rateLimitRules.emailFromClient, rateLimitRules.client, rateLimitRules.emailLoginCeiling];
  }
  return [rateLimitRules.email, rateLimitRules.client];
}

/** The login slow-down by e-mail: free for the first failures, then doubling up to a cap. */
export const loginSlowdown = {
  /** Failures in the window before logins of the e-mail wait (the pair's own limit: one address never waits). */
  freeFailures: 10,
  firstDelayMs: 250,
  maxDelayMs: 8000,
  windowSeconds: fifteenMinutes,
} as const;

/** How long a login of an e-mail waits before its password is checked, after `failures` in the window. */
export function computeLoginDelayMs(failures: number): number {
  if (failures < loginSlowdown.freeFailures) return 0;
  const doublings = Math.min(failures - loginSlowdown.freeFailures, 16);
  return Math.min(loginSlowdown.maxDelayMs, loginSlowdown.firstDelayMs * 2 ** doublings);
}

export interface RateWindow {
  /** Epoch seconds the window opened. */
  startSeconds: number;
  /** Epoch seconds it closes. */
  endSeconds: number;
}

export function findRateWindow(rule: Pick<RateLimitRule, 'windowSeconds'>, now: Date): RateWindow {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const startSeconds = nowSeconds - (nowSeconds % rule.windowSeconds);
  return { startSeconds, endSeconds: startSeconds + rule.windowSeconds };
}

/**
 * How many attempts the current fixed window may still have counted before this one, for the limit to hold over the
 * sliding window that ends now: the previous window's count weighted by the share of it still inside the sliding
 * window, rounded down, is taken off the limit (Cloudflare's estimate). At the edge of a window the previous one
 * still counts whole, so a burst straddling the edge gets the limit once, not twice.
 */
export function computeSlidingLimit(
  rule: Pick<RateLimitRule, 'limit' | 'windowSeconds'>,
  window: RateWindow,
  previousCount: number,
  now: Date,
): number {
  const elapsedSeconds = now.getTime() / 1000 - window.startSeconds;
  const previousShare = Math.min(1, Math.max(0, 1 - elapsedSeconds / rule.windowSeconds));
  return rule.limit - Math.floor(previousCount * previousShare);
}

/**
 * Whole seconds until the window closes, at least 1 (the Retry-After value). By then the attempts of the window
 * refused in are the previous window's, whose weight falls from whole, so this is when a retry can be let in.
 */
export function computeRetryAfterSeconds(window: RateWindow, now: Date): number {
  return Math.max(1, Math.ceil(window.endSeconds - now.getTime() / 1000));
}

export const rateLimitedMessage = 'Too many attempts. Please wait a few minutes and try again.';

/**
 * Forgot-password answers no sooner than this after it began, whether or not the account exists, so its timing
 * tells nothing (it also does the same table work either way).
 */
export const forgotPasswordMinimumMs = 200;
