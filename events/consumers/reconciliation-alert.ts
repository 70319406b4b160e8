// Rule 'reconciliation-alerts': a failed reconciliation check is logged at error level, which the stack's
// log-based alarm turns into a page for staff.
import { getEnv } from '../../functions/runtime/env';
import { createLogger } from '../../functions/runtime/logger';
import { busEnvelopeSchema, reconciliationFailedSchema } from '../schemas';

export async function handler(raw: unknown): Promise<{ alerted: number }> {
  const env = getEnv();
  const log = createLogger(env.LOG_LEVEL, { consumer: 'reconciliation-alert' });
  const envelope = busEnvelopeSchema.parse(raw);
  const detail = reconciliationFailedSchema.parse(envelope.detail);
  log.error('reconciliation check failed', {
    alert: true,
    checkType: detail.checkType,
    runId: detail.runId,
    problems: detail.problems,
  });
  return { alerted: detail.problems.length };
}
