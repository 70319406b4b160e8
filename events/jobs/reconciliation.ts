// Scheduled job 'reconciliation' (events/definitions.ts): every reconciliation check over the table's money
// (functions/services/admin/reconciliation.ts, docs/decisions/038-reconciliation.md); a run whose checks find money
// that does not add up raises one `reconciliation.failed` on the bus, which pages staff and mails them (the
// `reconciliation-alerts` consumer). It changes no money; a clean run leaves a checkpoint so the next reads only what
// changed since (docs/decisions/051-reconciliation-checkpoint.md); what each check found is kept on the job's run record for
// staff's health figure (decision 040), and so is a deployment with no staff address to mail.
import { getEnv } from '../../functions/runtime/env';
import {
  dailyReconciliationDependencies,
  runDailyReconciliation,
} from '../../functions/services/admin/reconciliation';
import { noStaffAddressMessage } from '../../functions/services/admin/reconciliation-mail';
import { findingsOf } from '../../functions/services/jobs/job-runs';
import { defineJob } from '../lib/define-job';

export const handler = defineJob('reconciliation', async ({ event, log }) => {
  const { results, alerts, read } = await runDailyReconciliation(
    dailyReconciliationDependencies(),
    event.runId,
  );
  // Whether this run read only what changed since the last clean run's checkpoint (1) or everything (0).
  const counts: Record<string, number> = { alerts, readChanges: read === 'changes' ? 1 : 0 };
  for (const result of results) {
    counts[`${result.check}Checked`] = result.checked;
    counts[`${result.check}Problems`] = result.problems.length;
    if (result.problems.length > 0) {
      log.warn('reconciliation check found problems', {
        check: result.check,
        problems: result.problems.length,
      });
    }
  }
  if (!getEnv().STAFF_ALERT_EMAIL) {
    log.warn(noStaffAddressMessage, { alerts });
    counts['staffAddressMissing'] = 1;
  }
  return { status: 'completed', counts, findings: findingsOf(results) };
});
