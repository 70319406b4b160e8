// Moves the local product's clock forward (DESIGN §3 "time"): runs every scheduled job that fell due in the skipped
// interval, in order, each at its due instant (its scheduledAt, and the product time while it and the work it fans
// out run), then lands on the target time and keeps the offset under DATA_DIR. docs/decisions/012-movable-clock.md.
import type { JobDefinition } from '../events/definitions';
import { jobs } from '../events/definitions';
import type { JobResult, JobStatus } from '../events/lib/define-job';
import { getClock, getLocalClockOffset, setLocalClockOffset } from '../functions/runtime/clock';
import { planAdvance } from './advance-plan';
import { settleDeliveries } from './aws-endpoints';
import { saveClockOffset } from './clock-offset';
import { settleQueues } from './queue';
import type { LocalScheduler } from './scheduler';
import type { StripeSandbox } from './stripe-sandbox';
import { findJob, runJob as runScheduledJob } from './scheduler';

export interface JobRunReport {
  job: string;
  scheduledAt: string;
  /** `failed`: the job threw (logged); the advance goes on, as the scheduler would. */
  status: JobStatus | 'failed';
}

export interface AdvanceReport {
  now: Date;
  offsetMs: number;
  jobsRun: JobRunReport[];
}

export interface TimeMachine {
  /** The product's time. */
  now(): Date;
  offsetMs(): number;
  /** Moves the clock `byMs` forward, running the jobs that fall due; one advance at a time. */
  advance(byMs: number): Promise<AdvanceReport>;
}

export interface TimeMachineOptions {
  dataDir: string;
  /** The running scheduler, paused while the clock moves; null when schedules are off. */
  scheduler: LocalScheduler | null;
  /** Runs one job at its due instant; the scheduler's runner by default. */
  runJob?: (job: JobDefinition, scheduledAt: Date) => Promise<JobResult>;
  onJobError?: (job: string, error: unknown) => void;
  /** Publishes the domain events waiting in the table's outbox now, rather than at the next poll. */
  publishPendingEvents?: () => Promise<void>;
  /** The local Stripe: what fell due on its side (renewals, retries, disputes) runs before the product's jobs. */
  stripeSandbox?: Pick<StripeSandbox, 'advance'>;
}

export function createTimeMachine(options: TimeMachineOptions): TimeMachine {
  const run = options.runJob ?? runScheduledJob;
  const onJobError = options.onJobError ?? ((job, error) => console.error(`Job ${job} failed`, error));
  let previous: Promise<unknown> = Promise.resolve();

  /** Waits until no queue message, outbox event or bus delivery is left. */
  // Repeated in this order because a worker may write events and a consumer may enqueue.
  async function settle(): Promise<void> {
    await settleQueues();
    await options.publishPendingEvents?.();
    await settleDeliveries();
    await settleQueues();
  }

  async function travel(from: Date, to: Date): Promise<AdvanceReport> {
    const startOffset = getLocalClockOffset();
    const byMs = to.getTime() - from.getTime();
    const jobsRun: JobRunReport[] = [];
    try {
      for (const planned of planAdvance(jobs, from, to)) {
        const job = findJob(planned.job);
        if (!job) continue;
        // Never behind where the clock stands, so time does not run backwards: two runs due at one instant (or a run
        // that took longer than the gap to the next) leave the next to start a little after its instant, as in AWS.
        setLocalClockOffset(Math.max(getLocalClockOffset(), planned.scheduledAt.getTime() - Date.now()));
        // Stripe first: a renewal or dispute due by now has reached the product's webhook before its jobs run.
        await advanceStripe();
        let status: JobRunReport['status'];
        try {
          status = (await run(job, planned.scheduledAt)).status;
        } catch (error) {
          onJobError(job.name, error);
          status = 'failed';
        }
        // The per-fan work and events a run sends belong to its instant, before the next run.
        await settle();
        jobsRun.push({ job: job.name, scheduledAt: planned.scheduledAt.toISOString(), status });
      }
    } finally {
      // The whole step at once, whatever the runs cost: the product is `byMs` ahead of where it would have been.
      setLocalClockOffset(startOffset + byMs);
      await saveClockOffset(options.dataDir);
    }
    await advanceStripe();
    await settle();
    return { now: getClock().now(), offsetMs: getLocalClockOffset(), jobsRun };
  }

  async function advanceStripe(): Promise<void> {
    try {
      await options.stripeSandbox?.advance();
    } catch (error) {
      onJobError('stripe-sandbox', error);
    }
  }

  return {
    now: () => getClock().now(),
    offsetMs: () => getLocalClockOffset(),
    advance(byMs) {
      if (!Number.isSafeInteger(byMs) || byMs <= 0) {
        return Promise.reject(
          new Error(`An advance is a positive whole number of milliseconds, not ${byMs}.`),
        );
      }
      // The scheduler carries on from the target instant: what falls due after it (while the advance ran) fires at once.
      let resumeFrom = getClock().now();
      const work = () => {
        const from = getClock().now();
        resumeFrom = new Date(from.getTime() + byMs);
        return travel(from, resumeFrom);
      };
      const next = previous.then(() =>
        options.scheduler ? options.scheduler.pauseWhile(work, () => resumeFrom) : work(),
      );
      previous = next.catch(() => undefined);
      return next;
    },
  };
}
