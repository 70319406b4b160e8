// Which job runs, when, while the local clock is moved forward (`npm run time -- advance 30d`): every scheduled job
// that falls due in the skipped interval, in time order, with a job's repeated runs inside one window of product time
// coalesced into the last of them (docs/decisions/012-movable-clock.md says why this is sound and fast enough). A job
// that can catch up on any gap coalesces over a day; the listening sync, which cannot, over four hours.
import type { Schedule } from './schedule-expression';
import { dueInstants, parseSchedule, rateAnchor } from './schedule-expression';

export interface ScheduledJob {
  readonly name: string;
  /** An EventBridge Scheduler expression (events/definitions.ts). */
  readonly schedule: string;
}

export interface PlannedRun {
  job: string;
  /** The due instant the run stands for: its scheduledAt, and the product time while it runs. */
  scheduledAt: Date;
}

/**
 * The coalescing window of a job that cannot catch up on a longer gap: windows are (k·W, (k+1)·W] from the Unix epoch,
 * i.e. 00:00-04:00, 04:00-08:00 … UTC. Four hours keeps a sandbox listener's plays within Spotify's 50 most recent
 * between two syncs (the busiest evening hours give about 33).
 */
export const advanceWindowMs = 4 * 3_600_000;

/**
 * The coalescing window of every other job: a UTC day. Such a job does whatever has fallen due by its `now`, however
 * long ago (the pie renewals split every pie whose period ended), so its last run of a day does the work of the day's
 * runs; a daily job runs at its own instant as before.
 */
export const catchUpWindowMs = 24 * 3_600_000;

/** The jobs that can catch up only so far, and the window each can stand (decision 012). */
const limitedCatchUp: Readonly<Record<string, number>> = {
  // Spotify's recently-played gives a fan's 50 most recent plays, and no more.
  'listening-sync': advanceWindowMs,
};

/** A job's coalescing window in an advance. */
export function advanceWindowOf(job: ScheduledJob): number {
  return limitedCatchUp[job.name] ?? catchUpWindowMs;
}

/**
 * The runs an advance from `from` to `to` makes: for each job and window (`windowOf` the job), its last due instant in
 * (from, to] within that window, `to` itself counting as a due instant of the jobs that run more often than once a
 * window; ordered by instant, then by the jobs' order (the order of events/definitions.ts at equal instants).
 */
export function planAdvance(
  jobs: readonly ScheduledJob[],
  from: Date,
  to: Date,
  windowOf: (job: ScheduledJob) => number = advanceWindowOf,
): PlannedRun[] {
  const runs: { job: string; order: number; at: Date }[] = [];
  jobs.forEach((job, order) => {
    const windowMs = windowOf(job);
    const schedule: Schedule = parseSchedule(job.schedule);
    const lastInWindow = new Map<number, Date>();
    for (const at of dueInstants(schedule, from, to, rateAnchor)) {
      lastInWindow.set(Math.ceil(at.getTime() / windowMs), at);
    }
    // A frequent job also runs at the target instant, as the last run of its window: what fell due after its last
    // due instant (a pie that ended at 10:21 when the clock lands at 10:22) is done when the advance returns.
    if (schedule.kind === 'rate' && schedule.everyMs < windowMs && to.getTime() > from.getTime()) {
      lastInWindow.set(Math.ceil(to.getTime() / windowMs), to);
    }
    for (const at of lastInWindow.values()) runs.push({ job: job.name, order, at });
  });
  runs.sort((a, b) => a.at.getTime() - b.at.getTime() || a.order - b.order);
  return runs.map((run) => ({ job: run.job, scheduledAt: run.at }));
}
