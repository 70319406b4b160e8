// Rule 'reconciliation-alerts': a daily reconciliation run that found money that does not add up is logged at error
// level, which the stack's log-based alarm turns into a page, and mailed to staff through the table outbox, once per
// run however often the bus delivers it (functions/services/admin/reconciliation-mail.ts). A failure to queue the
// mail throws, so the bus delivers again.
import { getEnv } from '../../functions/runtime/env';
import { createLogger } from '../../functions/runtime/logger';
import type { StaffMailOutcome } from '../../functions/services/admin/reconciliation-mail';
import { mailStaffOfReconciliation } from '../../functions/services/admin/reconciliation-mail';
import { staffMailDependencies } from '../../functions/services/staff-mail';
import { busEnvelopeSchema, reconciliationFailedSchema } from '../schemas';

export async function handler(raw: unknown): Promise<{ alerted: number; mail: StaffMailOutcome }> {
  const env = getEnv();
  const log = createLogger(env.LOG_LEVEL, { consumer: 'reconciliation-alert' });
  const envelope = busEnvelopeSchema.parse(raw);
  const detail = reconciliationFailedSchema.parse(envelope.detail);
  const alerted = detail.problems.length + detail.moreProblems;
  log.error('reconciliation check failed', {
    alert: true,
    runId: detail.runId,
    failingChecks: detail.checks.filter((check) => check.problemCount > 0).map((check) => check.check),
    problemCount: alerted,
    problems: detail.problems,
  });
  const mail = await mailStaffOfReconciliation(staffMailDependencies(), detail, log);
  return { alerted, mail };
}
