// Staff's mail when the daily reconciliation finds money that does not add up (`reconciliation-failed`, decision
// 038): one mail per run, to the staff address the deployment is given (STAFF_ALERT_EMAIL), listing what each check
// found (check, subject, expected, found, message) up to a cap, how many more there are, and a link to the staff
// finances screen, whose reconciliation panel runs the checks again and links each finding to the ledger behind it.
// The `reconciliation-alerts` consumer queues it in the table outbox under an id made of the run's id, so however
// often EventBridge delivers the run's event, one mail is queued.
import type { DomainEventDetail } from '../../contracts/events';
import { putOutboxMailOnce } from '../../data/outbox';
import type { EmailMessage } from '../../domain/email';
import { escapeHtml } from '../../domain/email';
import type { Logger } from '../../runtime/logger';
import type { StaffMailDependencies } from '../staff-mail';
import { staffLink } from '../staff-mail';

type ReconciliationFailed = DomainEventDetail<'reconciliation.failed'>;

/** A mail lists at most this many problems; the rest are counted, and the panel shows them all. */
export const maxProblemsMailed = 25;

/** Where the mail sends staff: the finances screen, with the reconciliation panel. */
export function staffFinancesLink(siteOrigin: string): string {
  return staffLink(siteOrigin, 'finances');
}

/** The outbox id of a run's mail: the same for every delivery of the run's event. */
export function reconciliationMailId(runId: string): string {
  return `reconciliation-failed-${runId}`;
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

export function buildReconciliationFailedMail(input: {
  to: string;
  run: ReconciliationFailed;
  link: string;
}): EmailMessage {
  const { run } = input;
  const total = run.problems.length + run.moreProblems;
  const listed = run.problems.slice(0, maxProblemsMailed);
  const more = total - listed.length;
  const failing = run.checks.filter((check) => check.problemCount > 0);
  const clean = run.checks.filter((check) => check.problemCount === 0);
  const summary = [
    `The daily reconciliation found ${plural(total, 'problem')} (run ${run.runId}): ` +
      failing
        .map((check) => `${check.check} ${plural(check.problemCount, 'problem')} (${check.checked} checked)`)
        .join(', ') +
      '.',
    ...(clean.length > 0 ? [`Clean: ${clean.map((check) => check.check).join(', ')}.`] : []),
  ];
  const moreLine = more > 0 ? `…and ${more} more ${more === 1 ? 'problem' : 'problems'}.` : null;
  const closing = `Every finding, linked to the ledger behind it, is on the reconciliation panel of the finances screen: ${input.link}`;
  const text =
    ['Hello,', ...summary].join('\n\n') +
    '\n\n' +
    listed
      .map(
        (problem, index) =>
          `${index + 1}. ${problem.check}: ${problem.subject}\n   Expected ${problem.expected}, found ${problem.found}.\n   ${problem.message}`,
      )
      .join('\n') +
    (moreLine ? `\n${moreLine}` : '') +
    `\n\n${closing}\n`;
  const cell = 'style="padding:4px 8px;border-bottom:1px solid #ddd;text-align:left;vertical-align:top"';
  const rows = listed
    .map(
      (problem) =>
        '<tr>' +
        [problem.check, problem.subject, problem.expected, problem.found, problem.message]
          .map((value) => `<td ${cell}>${escapeHtml(value)}</td>`)
          .join('') +
        '</tr>',
    )
    .join('');
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Reconciliation found problems</title></head>' +
    '<body style="font-family:Arial,Helvetica,sans-serif;color:#1f1f1f"><div style="max-width:760px;margin:0 auto;padding:32px 24px">' +
    ['Hello,', ...summary]
      .map((line) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(line)}</p>`)
      .join('') +
    '<table style="border-collapse:collapse;font-size:14px;margin:0 0 16px"><thead><tr>' +
    ['Check', 'Subject', 'Expected', 'Found', 'Message'].map((head) => `<th ${cell}>${head}</th>`).join('') +
    `</tr></thead><tbody>${rows}</tbody></table>` +
    (moreLine ? `<p style="margin:0 0 16px">${escapeHtml(moreLine)}</p>` : '') +
    `<p><a href="${escapeHtml(input.link)}">Open the reconciliation panel</a></p></div></body></html>`;
  return {
    kind: 'reconciliation-failed',
    to: input.to,
    subject: `Reconciliation found ${plural(total, 'problem')} (${failing.map((check) => check.check).join(', ')})`,
    text,
    html,
    links: [input.link],
  };
}

export type StaffMailOutcome = 'queued' | 'already_queued' | 'no_staff_address';

/** What the job and the consumer log when the deployment has no staff address. */
export const noStaffAddressMessage =
  'No staff address is configured (STAFF_ALERT_EMAIL, the stack’s -c staffAlertEmail=…): staff are not mailed about reconciliation findings.';

/**
 * Queues the run's mail to staff, once per run: `already_queued` when a delivery before (or beside) this one queued
 * it; `no_staff_address` (logged, never thrown) when there is nobody to mail.
 */
export async function mailStaffOfReconciliation(
  deps: StaffMailDependencies,
  run: ReconciliationFailed,
  log: Logger,
): Promise<StaffMailOutcome> {
  if (!deps.staffAddress) {
    log.warn(noStaffAddressMessage, { runId: run.runId });
    return 'no_staff_address';
  }
  const message = buildReconciliationFailedMail({
    to: deps.staffAddress,
    run,
    link: staffFinancesLink(deps.siteOrigin),
  });
  const queued = await putOutboxMailOnce(deps.table, {
    id: reconciliationMailId(run.runId),
    message,
    createdAt: deps.clock.now(),
  });
  if (!queued) log.info('staff were already mailed about this run', { runId: run.runId });
  return queued ? 'queued' : 'already_queued';
}
