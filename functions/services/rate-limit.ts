// Rate limits for login, register and forgot-password (domain/identity/rate-limits.ts), counted in the table by the
// product clock's windows and held over a sliding window (the previous window's count, weighted, plus the current
// one's), and the login's slow-down by e-mail.
import { createHash } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { TableRef } from '../data/table';
import { countRateLimitHit, readRateCount } from '../data/rate-limits';
import { AppError } from '../domain/errors';
import type { RateLimitedAction, RateScope } from '../domain/identity/rate-limits';
import {
  computeLoginDelayMs,
  computeRetryAfterSeconds,
  computeSlidingLimit,
  findRateLimitRules,
  findRateWindow,
  loginSlowdown,
  rateLimitedMessage,
} from '../domain/identity/rate-limits';
import type { Clock } from '../runtime/clock';
import type { Env } from '../runtime/env';

export interface RateLimitDependencies {
  table: TableRef;
  clock: Clock;
}

/**
 * The caller's address. Behind CloudFront, API Gateway's source address is CloudFront's edge, shared by every
 * visitor there, so in AWS only CloudFront's own viewer-address header counts; without it the per-address limit
 * is skipped rather than throttling everyone behind one edge (docs/decisions/005-identity.md).
 */
export function findClientAddress(event: APIGatewayProxyEventV2, env: Pick<Env, 'STAGE'>): string | null {
  const viewer = event.headers?.['cloudfront-viewer-address'];
  if (viewer) return viewer.replace(/:\d+$/, '');
  if (env.STAGE === 'local') return event.requestContext?.http?.sourceIp ?? null;
  return null;
}

// Counters are keyed by a hash, so the table never holds e-mails or addresses in rate-limit items.
const digest = (value: string) => createHash('sha256').update(value).digest('hex');

function counterOf(
  action: string,
  scope: RateScope,
  subject: { email: string; clientAddress: string | null },
) {
  const value =
    scope === 'email'
      ? subject.email
      : scope === 'client'
        ? (subject.clientAddress ?? '')
        : `${subject.email}\n${subject.clientAddress ?? ''}`;
  return `${action}#${scope}#${digest(value)}`;
}

/** Counts one attempt against each of its limits; throws `rate_limited` with Retry-After past any of them. */
export async function enforceRateLimits(
  deps: RateLimitDependencies,
  action: RateLimitedAction,
  subject: { email: string; clientAddress: string | null },
): Promise<void> {
  const now = deps.clock.now();
  const outcomes = await Promise.all(
    findRateLimitRules(action, subject.clientAddress !== null).map(async (rule) => {
      const window = findRateWindow(rule, now);
      const counter = counterOf(action, rule.scope, subject);
      const previousCount = await readRateCount(
        deps.table,
        counter,
        window.startSeconds - rule.windowSeconds,
      );
      const outcome = await countRateLimitHit(deps.table, {
        counter,
        windowStartSeconds: window.startSeconds,
        windowEndSeconds: window.endSeconds,
        limit: computeSlidingLimit(rule, window, previousCount, now),
      });
      return { outcome, retryAfterSeconds: computeRetryAfterSeconds(window, now) };
    }),
  );
  const limited = outcomes.filter((entry) => entry.outcome === 'limited');
  if (limited.length > 0) {
    throw new AppError('rate_limited', rateLimitedMessage, {
      retryAfterSeconds: Math.max(...limited.map((entry) => entry.retryAfterSeconds)),
    });
  }
}

const failureCounter = (email: string) => counterOf('login-failure', 'email', { email, clientAddress: null });

/** How long a login of this e-mail waits before its password is checked (0 until it has had many failures). */
export async function findLoginDelayMs(deps: RateLimitDependencies, email: string): Promise<number> {
  const window = findRateWindow(loginSlowdown, deps.clock.now());
  return computeLoginDelayMs(await readRateCount(deps.table, failureCounter(email), window.startSeconds));
}

/** Counts a failed login of this e-mail (a wrong password, or no such account), from wherever it came. */
export async function countLoginFailure(deps: RateLimitDependencies, email: string): Promise<void> {
  const window = findRateWindow(loginSlowdown, deps.clock.now());
  await countRateLimitHit(deps.table, {
    counter: failureCounter(email),
    windowStartSeconds: window.startSeconds,
    windowEndSeconds: window.endSeconds,
    limit: Number.MAX_SAFE_INTEGER,
  });
}
