// How often an office may mail one address its invitation again (docs/decisions: invitation resends). Each resend
// mails the address, so an admin's button, or a script with an admin's session, must not turn an office into a mail
// cannon: per office and address, 3 resends in a clock hour and 10 in a UTC day. The first invitation is not a resend
// and does not count; another address, or the same address invited by another office, has counts of its own.
import type { RateLimitRule } from '../identity/rate-limits';

export const invitationResendLimits = {
  perHour: { scope: 'email', limit: 3, windowSeconds: 60 * 60 },
  perDay: { scope: 'email', limit: 10, windowSeconds: 24 * 60 * 60 },
} as const satisfies Record<string, RateLimitRule>;

/** The sentence a refused resend answers with, saying when the next one may go out. */
export function describeResendLimit(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  const when =
    minutes < 90 ? `${minutes} minute${minutes === 1 ? '' : 's'}` : `${Math.ceil(minutes / 60)} hours`;
  return (
    'This invitation has been sent again as often as OpenPie allows for now ' +
    `(${invitationResendLimits.perHour.limit} times an hour, ${invitationResendLimits.perDay.limit} times a day), ` +
    `so nobody's inbox fills with copies. You can send it again in ${when}.`
  );
}
