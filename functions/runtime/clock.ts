// The product's clock: every service, job and session check asks it for the time, never `new Date()` directly, so
// that the local runtime can move the whole product forward in time (`npm run time -- advance 30d`) and a month of
// pies passes in seconds. In AWS it is the system clock; only the local stage may carry an offset.
import { getEnv } from './env';

export interface Clock {
  now(): Date;
}

let localOffsetMs = 0;

const processClock: Clock = {
  now: () => new Date(Date.now() + localOffsetMs),
};

/** The clock of this process: system time plus, in local mode only, the offset the local runtime set. */
export function getClock(): Clock {
  return processClock;
}

/** A clock fixed at one instant, for tests and for jobs replayed at their due time. */
export function createFixedClock(at: Date): Clock {
  return { now: () => new Date(at.getTime()) };
}

/** Moves this process's product time to system time + `offsetMs`. Refused outside local mode. */
export function setLocalClockOffset(offsetMs: number): void {
  if (getEnv().STAGE !== 'local') throw new Error('The product clock can be moved only in local mode.');
  if (!Number.isSafeInteger(offsetMs) || offsetMs < 0) {
    throw new Error(`A clock offset is a whole, non-negative number of milliseconds, not ${offsetMs}.`);
  }
  localOffsetMs = offsetMs;
}

/** How far this process's product time is ahead of the system clock (0 outside local mode). */
export function getLocalClockOffset(): number {
  return localOffsetMs;
}
