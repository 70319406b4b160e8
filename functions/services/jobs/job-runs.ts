// What the runner of every scheduled job keeps of its runs (decision 040): the run's start, then its end (completed,
// not built, or failed with its message), on the job's record in the table (data/job-runs.ts), for staff's health
// figure. Keeping the record never stops the job: a record that cannot be written is logged and the work goes on.
import type { JobRunEnd, JobRunFinding, StoredJobRun } from '../../data/job-runs';
import { maxProblemsKept, recordJobEnd, recordJobStart } from '../../data/job-runs';
import type { TableRef } from '../../data/table';
import type { CheckResult } from '../../domain/reconciliation/checks';
import type { Clock } from '../../runtime/clock';
import { getClock } from '../../runtime/clock';
import type { Logger } from '../../runtime/logger';
import { getTable } from '../../runtime/table';

export type { JobRunFinding } from '../../data/job-runs';

export interface JobRunDependencies {
  table: TableRef;
  clock: Clock;
}

export function jobRunDependencies(): JobRunDependencies {
  return { table: getTable(), clock: getClock() };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Records the run as under way; null (logged) when the record could not be written. */
export async function startJobRun(
  deps: JobRunDependencies,
  run: { job: string; runId: string; scheduledAt: string },
  log: Logger,
): Promise<StoredJobRun | null> {
  try {
    return await recordJobStart(deps.table, { ...run, at: deps.clock.now() });
  } catch (error) {
    log.warn('the job run record could not be written at its start', { error: messageOf(error) });
    return null;
  }
}

/** Records how the run ended; a failure to write is logged, never thrown. */
export async function endJobRun(
  deps: JobRunDependencies,
  started: StoredJobRun | null,
  end: JobRunEnd,
  log: Logger,
): Promise<void> {
  if (!started) return;
  try {
    const written = await recordJobEnd(deps.table, started, end, deps.clock.now());
    if (!written) log.info('a later run of the job holds its record; this run ended without changing it');
  } catch (error) {
    log.warn('the job run record could not be written at its end', { error: messageOf(error) });
  }
}

/** The failure's message as the record keeps it. */
export function failureMessageOf(error: unknown): string {
  return messageOf(error).slice(0, 1000);
}

/** What reconciliation's checks found, as its job's record keeps it: counts, and the first problems of each. */
export function findingsOf(results: readonly CheckResult[]): JobRunFinding[] {
  return results.map((result) => ({
    check: result.check,
    checked: result.checked,
    problemCount: result.problems.length,
    firstProblems: result.problems.slice(0, maxProblemsKept).map((problem) => ({
      subject: problem.subject,
      expected: problem.expected,
      found: problem.found,
      message: problem.message,
    })),
  }));
}
