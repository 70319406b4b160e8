// Staff's mail when a scheduled job's run fails (`job-failed`): the first failure of a series, so a job that keeps
// failing every half hour mails once, and again only after a run that did not fail. It names the job, the run, when
// it was due and the failure's message, and links to staff's dashboard, whose health figure counts the failures in a
// row. Queued in the table outbox under an id made of the job and the run, so a retried invocation of the same run
// queues nothing more. Mailing never stops the job's own failure from being reported: a mail that cannot be queued
// is logged.
import { putOutboxMailOnce } from '../../data/outbox';
import type { EmailMessage } from '../../domain/email';
import { escapeHtml } from '../../domain/identity/emails';
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
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A scheduled job failed</title></head>' +
    '<body style="font-family:Arial,Helvetica,sans-serif;color:#1f1f1f"><div style="max-width:560px;margin:0 auto;padding:32px 24px">' +
    paragraphs.map((line) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(line)}</p>`).join('') +
    `<p><a href="${escapeHtml(input.link)}">Open the dashboard</a></p></div></body></html>`;
  return {
    kind: 'job-failed',
    to: input.to,
    subject: `The scheduled job ${run.job} failed`,
    text: `${paragraphs.join('\n\n')}\n\n${input.link}\n`,
    html,
    links: [input.link],
  };
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
