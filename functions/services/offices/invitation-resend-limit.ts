// Counts an office's resends of its invitation to one address against the limits of
// domain/offices/invitation-resends.ts, in the table's rate counters (data/rate-limits.ts), by the product clock.
// The counter names the office and a hash of the address, so the table never holds the address in a counter.
import { createHash } from 'node:crypto';
import { countRateLimitHit } from '../../data/rate-limits';
import type { TableRef } from '../../data/table';
import { AppError } from '../../domain/errors';
import { computeRetryAfterSeconds, findRateWindow } from '../../domain/identity/rate-limits';
import { describeResendLimit, invitationResendLimits } from '../../domain/offices/invitation-resends';
import type { Clock } from '../../runtime/clock';

/** One counter per window length: an hour and a day that start at the same second must not share an item. */
function counterOf(officeId: string, email: string, windowSeconds: number): string {
  return `invitation-resend#${windowSeconds}#${officeId}#${createHash('sha256').update(email).digest('hex')}`;
}

/**
 * Counts one resend of the office's invitation to `email` (already normalised); throws `rate_limited` (429, with
 * Retry-After and a sentence saying when) once the hour's or the day's resends are spent. The hour is counted
 * first, so a refusal within the hour does not spend the day.
 */
export async function countInvitationResend(
  deps: { table: TableRef; clock: Clock },
  officeId: string,
  email: string,
): Promise<void> {
  const now = deps.clock.now();
  for (const rule of [invitationResendLimits.perHour, invitationResendLimits.perDay]) {
    const window = findRateWindow(rule, now);
    const outcome = await countRateLimitHit(deps.table, {
      counter: counterOf(officeId, email, rule.windowSeconds),
      windowStartSeconds: window.startSeconds,
      windowEndSeconds: window.endSeconds,
      limit: rule.limit,
    });
    if (outcome === 'limited') {
      const retryAfterSeconds = computeRetryAfterSeconds(window, now);
      throw new AppError('rate_limited', describeResendLimit(retryAfterSeconds), { retryAfterSeconds });
    }
  }
}
