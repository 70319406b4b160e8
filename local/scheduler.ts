// The local stand-in for EventBridge Scheduler: runs each job of events/definitions.ts on its expression,
// with the same trigger payload the deployed schedule sends, never two runs of one job at once.
import { randomUUID } from 'node:crypto';
import type { JobDefinition } from '../events/definitions';
import { jobs } from '../events/definitions';
import type { JobResult } from '../events/lib/define-job';
import { nextRun, parseSchedule } from './schedule-expression';

type JobHandler = (event: unknown) => Promise<JobResult>;

export function findJob(name: string): JobDefinition | undefined {
  return jobs.find((job: JobDefinition) => job.name === name);
}

export async function loadJobHandler(job: JobDefinition): Promise<JobHandler> {
  const module = (await import(`../${job.entry}`)) as { handler: JobHandler };
  return module.handler;
}

/** Runs one job now, as the scheduler would. */
export async function runJob(job: JobDefinition, scheduledAt: Date = new Date()): Promise<JobResult> {
  const handler = await loadJobHandler(job);
  return handler({ job: job.name, scheduledAt: scheduledAt.toISOString(), runId: randomUUID() });
}

export interface LocalScheduler {
  stop(): void;
}

export function startScheduler(onError: (job: string, error: unknown) => void): LocalScheduler {
  const timers = new Set<NodeJS.Timeout>();
  let stopped = false;
  const started = new Date();
  for (const job of jobs as readonly JobDefinition[]) {
    const schedule = parseSchedule(job.schedule);
    const plan = (after: Date) => {
      if (stopped) return;
      const at = nextRun(schedule, after, started);
      const timer = setTimeout(
        () => {
          timers.delete(timer);
          runJob(job, at)
            .catch((error: unknown) => onError(job.name, error))
            .finally(() => plan(new Date(Math.max(Date.now(), at.getTime()))));
        },
        Math.max(0, at.getTime() - Date.now()),
      );
      timer.unref();
      timers.add(timer);
    };
    plan(started);
  }
  return {
    stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
