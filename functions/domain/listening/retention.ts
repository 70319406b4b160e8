// How long listening is kept (DESIGN §5): plays and the day items built from them stay 13 months, then DynamoDB's TTL
// removes them. The reading calls' longest period is the same span, so the number lives once, in the contract.
import { maximumPeriodDays } from '../../contracts/listening-reads';
import { endOfUtcDay, epochSecondsOf, secondsPerDay } from '../calendar';

/** 13 months, in days. */
export const listeningRetentionDays = maximumPeriodDays;

/** When a play that ended at `endedAt` leaves the table (epoch seconds, for the TTL). */
export function playExpiryOf(endedAt: string): number {
  return epochSecondsOf(endedAt) + listeningRetentionDays * secondsPerDay;
}

/** When the items of the UTC day `date` leave the table: with the day's last possible play. */
export function dayExpiryOf(date: string): number {
  return playExpiryOf(endOfUtcDay(date));
}

/** Whether a play is still inside the retention window at `now` (older ones would be removed at once by TTL). */
export function isWithinRetention(endedAt: string, now: Date): boolean {
  return playExpiryOf(endedAt) > epochSecondsOf(now);
}
