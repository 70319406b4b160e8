// The status a fan sees for a pie (contracts/payments.ts `pieStatuses`), derived from what the table stores and the
// time, so a pie needs no write when its period ends: stored inactive or split stay as they are; otherwise it has
// ended once the clock reaches its end; before that it is cancelling when nothing will renew it (a promo pie, or a
// subscription set to cancel at period end), else active.
import type { PieStatus } from '../../contracts/payments';

export interface PieStatusFacts {
  /** What the table stores. */
  status: 'open' | 'inactive' | 'split';
  promo: boolean;
  /** ISO 8601 instant: the period is [periodStart, periodEnd). */
  periodEnd: string;
}

export function derivePieStatus(
  pie: PieStatusFacts,
  { now, cancelAtPeriodEnd }: { now: Date; cancelAtPeriodEnd: boolean },
): PieStatus {
  if (pie.status === 'inactive' || pie.status === 'split') return pie.status;
  if (now.getTime() >= Date.parse(pie.periodEnd)) return 'ended';
  if (pie.promo || cancelAtPeriodEnd) return 'cancelling';
  return 'active';
}
