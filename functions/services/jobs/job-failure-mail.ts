// Staff's mail when a scheduled job's run fails (`job-failed`): the first failure of a series, so a job that keeps
// failing every half hour mails once, and again only after a run that did not fail. It names the job, the run, when
// it was due and the failure's message, and links to staff's dashboard, whose health figure counts the failures in a
// row. Queued in the table outbox under an id made of the job and the run, so a retried invocation of the same run
// queues nothing more. Mailing never stops the job's own failure from being reported: a mail that cannot be queued
// is logged.
import { putOutboxMailOnce } from '../../data/outbox';
import type { EmailMessage } from '../../domain/email';
import { composePlainMail } from '../../domain/email';
import type { Logger } from '../../runtime/logger';
import type { StaffMailDependencies } from '../staff-mail';
import { staffLink } from '../staff-mail';

export interface FailedJobRun {
  job: string;
  runId: string;
  scheduledAt: string;
  error: string;
  /** Failed runs in a row, this one included; null when the job's record could not be read. */
  consecutiveFailures: number | null;
}

export function buildJobFailedMail(input: { to: string; run: FailedJobRun; link: string }): EmailMessage {
  const { run } = input;
  const paragraphs = [
    'Hello,',
    `The scheduled job ${run.job} failed its run due ${run.scheduledAt} (run ${run.runId}): ${run.error}`,
    'Further failures in a row are not mailed: staff’s dashboard shows the job’s health, how many runs in a row failed and the last failure.',
  ];
  return composePlainMail({
    kind: 'job-failed',
    to: input.to,
    subject: `The scheduled job ${run.job} failed`,
    title: 'A scheduled job failed',
    paragraphs,
    link: input.link,
    linkLabel: 'Open the dashboard',
    layout: 'column',
  });
}

export type JobFailureMailOutcome =
  'queued' | 'already_queued' | 'not_first_failure' | 'no_staff_address' | 'not_queued';

/** Queues the mail of a failed run when it is the first of a series; never throws. */
export async function mailStaffOfJobFailure(
  deps: StaffMailDependencies,
  run: FailedJobRun,
  log: Logger,
): Promise<JobFailureMailOutcome> {
  if (run.consecutiveFailures !== null && run.consecutiveFailures > 1) return 'not_first_failure';
  if (!deps.staffAddress) {
    log.warn(
      'No staff address is configured (STAFF_ALERT_EMAIL): staff are not mailed about the failed run.',
    );
    return 'no_staff_address';
  }
  const message = buildJobFailedMail({
    to: deps.staffAddress,
    run,
    link: staffLink(deps.siteOrigin, 'dashboard'),
  });
  try {
    const queued = await putOutboxMailOnce(deps.table, {
      id: `job-failed-${run.job}-${run.runId}`,
      message,
      createdAt: deps.clock.now(),
    });
    return queued ? 'queued' : 'already_queued';
  } catch (error) {
    log.warn('the mail to staff about the failed run could not be queued', {
      error: error instanceof Error ? error.message : String(error),
    });
    return 'not_queued';
  }
}
