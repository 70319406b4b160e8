// Rate limits for login, register and forgot-password (domain/identity/rate-limits.ts), counted in the table.
import { createHash } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { countRateLimitHit } from '../data/rate-limits';
import { AppError } from '../domain/errors';
import type { RateLimitedAction } from '../domain/identity/rate-limits';
import {
  computeRetryAfterSeconds,
  findRateWindow,
  rateLimitedMessage,
  rateLimitRules,
} from '../domain/identity/rate-limits';
import type { Env } from '../runtime/env';
import { getTable } from '../runtime/table';

/**
 * The caller's address. Behind CloudFront, API Gateway's source address is CloudFront's edge, shared by every
 * visitor there, so in AWS only CloudFront's own viewer-address header counts; without it the per-address limit
 * is skipped rather than throttling everyone behind one edge (docs/decisions/005-identity.md).
 */
export function findClientAddress(event: APIGatewayProxyEventV2, env: Env): string | null {
  const viewer = event.headers?.['cloudfront-viewer-address'];
  if (viewer) return viewer.replace(/:\d+$/, '');
  if (env.STAGE === 'local') return event.requestContext?.http?.sourceIp ?? null;
  return null;
}

// Counters are keyed by a hash, so the table never holds e-mails or addresses in rate-limit items.
const digest = (value: string) => createHash('sha256').update(value).digest('hex');

/** Counts one attempt per e-mail and per client address; throws `rate_limited` with Retry-After past a limit. */
export async function enforceRateLimits(
  action: RateLimitedAction,
  subject: { email: string; clientAddress: string | null },
  now: Date,
): Promise<void> {
  const checks = [
    { scope: 'email' as const, value: subject.email },
    ...(subject.clientAddress ? [{ scope: 'client' as const, value: subject.clientAddress }] : []),
  ];
  const outcomes = await Promise.all(
    checks.map(async ({ scope, value }) => {
      const rule = rateLimitRules[scope];
      const window = findRateWindow(rule, now);
      const outcome = await countRateLimitHit(getTable(), {
        counter: `${action}#${scope}#${digest(value)}`,
        windowStartSeconds: window.startSeconds,
        windowEndSeconds: window.endSeconds,
        limit: rule.limit,
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
