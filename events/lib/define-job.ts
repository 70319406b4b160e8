// The wrapper every scheduled job shares: validate the trigger, log start and end, keep the run on the job's record
// for staff's health figure (services/jobs/job-runs.ts, decision 040), mail staff when a run fails after one that
// did not (services/jobs/job-failure-mail.ts), report a result.
// Jobs are idempotent: running the same scheduledAt twice must change nothing the second time.
import { getClock } from '../../functions/runtime/clock';
import { getEnv } from '../../functions/runtime/env';
import type { Logger } from '../../functions/runtime/logger';
import { createLogger } from '../../functions/runtime/logger';
import { staffMailDependencies } from '../../functions/services/staff-mail';
import { mailStaffOfJobFailure } from '../../functions/services/jobs/job-failure-mail';
import type { JobRunFinding } from '../../functions/services/jobs/job-runs';
import {
  endJobRun,
  failureMessageOf,
  jobRunDependencies,
  startJobRun,
} from '../../functions/services/jobs/job-runs';
import type { JobEvent } from '../schemas';
import { jobEventSchema } from '../schemas';

export type JobStatus = 'completed' | 'not_built';

export interface JobResult {
  job: string;
  runId: string;
  status: JobStatus;
  /** Counts of what the run did, for logs and `npm run job`. */
  counts: Record<string, number>;
  /** What the run found, kept on its record for staff (reconciliation's checks). */
  findings?: JobRunFinding[];
}

export type JobRun = (input: {
  event: JobEvent;
  log: Logger;
  now: Date;
}) => Promise<Omit<JobResult, 'job' | 'runId'>>;

export function defineJob(name: string, run: JobRun): (event: unknown) => Promise<JobResult> {
  return async (raw) => {
    const env = getEnv();
    const event = jobEventSchema.parse(raw);
    if (event.job !== name) throw new Error(`Job ${name} received a trigger for ${event.job}`);
    const log = createLogger(env.LOG_LEVEL, {
      job: name,
      runId: event.runId,
      scheduledAt: event.scheduledAt,
    });
    log.info('job started');
    const records = jobRunDependencies();
    const started = await startJobRun(
      records,
      { job: name, runId: event.runId, scheduledAt: event.scheduledAt },
      log,
    );
    let outcome: Awaited<ReturnType<JobRun>>;
    try {
      outcome = await run({ event, log, now: getClock().now() });
    } catch (error) {
      const message = failureMessageOf(error);
      await endJobRun(records, started, { outcome: 'failed', error: message }, log);
      await mailStaffOfJobFailure(
        staffMailDependencies(),
        {
          job: name,
          runId: event.runId,
          scheduledAt: event.scheduledAt,
          error: message,
          consecutiveFailures: started ? started.consecutiveFailures + 1 : null,
        },
        log,
      );
      throw error;
    }
    await endJobRun(
      records,
      started,
      {
        outcome: outcome.status,
        counts: outcome.counts,
        ...(outcome.findings ? { findings: outcome.findings } : {}),
      },
      log,
    );
    const result: JobResult = { job: name, runId: event.runId, ...outcome };
    // Known, planned work rather than a fault: info, so the local console (warn) stays quiet while time is advanced.
    if (outcome.status === 'not_built') log.info('job is not built yet; nothing was done', { result });
    else log.info('job finished', { result });
    return result;
  };
}

/** A job whose work belongs to a later issue: it says so instead of pretending to have run. */
export function notBuiltYet(): JobRun {
  return async () => ({ status: 'not_built', counts: {} });
}
