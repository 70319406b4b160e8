// The local stand-in for EventBridge Scheduler: runs each job of events/definitions.ts on its expression, on product
// time (functions/runtime/clock.ts), with the same trigger payload the deployed schedule sends, never two runs of one
// job at once. The time machine pauses it while it moves the clock and replans it from the new time.
import { randomUUID } from 'node:crypto';
import type { JobDefinition } from '../events/definitions';
import { jobs } from '../events/definitions';
import type { JobResult } from '../events/lib/define-job';
import { getClock } from '../functions/runtime/clock';
import { importEntry } from './entry-modules';
import { nextRun, parseSchedule, rateAnchor } from './schedule-expression';

type JobHandler = (event: unknown) => Promise<JobResult>;

export function findJob(name: string): JobDefinition | undefined {
  return jobs.find((job: JobDefinition) => job.name === name);
}

export async function loadJobHandler(job: JobDefinition): Promise<JobHandler> {
  const module = await importEntry<{ handler: JobHandler }>(job.entry);
  return module.handler;
}

/** Runs one job now (product time), as the scheduler would. */
export async function runJob(job: JobDefinition, scheduledAt: Date = getClock().now()): Promise<JobResult> {
  const handler = await loadJobHandler(job);
  return handler({ job: job.name, scheduledAt: scheduledAt.toISOString(), runId: randomUUID() });
}

export interface LocalScheduler {
  stop(): void;
  /**
   * Disarms every timer, waits for runs under way, runs `work`, then plans again from `resumeFrom()`: instants
   * between it and the product's now fire at once.
   */
  pauseWhile<T>(work: () => Promise<T>, resumeFrom: () => Date): Promise<T>;
}

/** A timer may fire a little early by product time (the clock moved under it): wake up again then. */
const earlyToleranceMs = 5;

export function startScheduler(onError: (job: string, error: unknown) => void): LocalScheduler {
  const timers = new Map<string, NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  let stopped = false;
  let paused = false;

  const plan = (job: JobDefinition, after: Date) => {
    if (stopped || paused) return;
    const at = nextRun(parseSchedule(job.schedule), after, rateAnchor);
    const arm = () => {
      const wait = at.getTime() - getClock().now().getTime();
      const timer = setTimeout(
        () => {
          timers.delete(job.name);
          if (stopped || paused) return;
          if (at.getTime() - getClock().now().getTime() > earlyToleranceMs) return arm();
          const run = runJob(job, at)
            .then(
              () => undefined,
              (error: unknown) => onError(job.name, error),
            )
            .finally(() => {
              running.delete(run);
              plan(job, new Date(Math.max(getClock().now().getTime(), at.getTime())));
            });
          running.add(run);
        },
        // setTimeout fires at once for delays beyond 2^31-1 ms; a yearly cron re-arms instead.
        Math.min(Math.max(0, wait), 2 ** 31 - 1),
      );
      timer.unref();
      timers.set(job.name, timer);
    };
    arm();
  };

  const planAll = (after: Date) => {
    for (const job of jobs as readonly JobDefinition[]) plan(job, after);
  };
  const disarm = () => {
    for (const timer of timers.values()) clearTimeout(timer);
    timers.clear();
  };

  planAll(getClock().now());
  return {
    stop() {
      stopped = true;
      disarm();
    },
    async pauseWhile(work, resumeFrom) {
      paused = true;
      disarm();
      try {
        while (running.size > 0) await Promise.allSettled([...running]);
        return await work();
      } finally {
        paused = false;
        planAll(resumeFrom());
      }
    },
  };
}
