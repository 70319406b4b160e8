// Scheduled job 'reconciliation' (events/definitions.ts): every reconciliation check over the table's money
// (functions/services/admin/reconciliation.ts, docs/decisions/038-reconciliation.md); each check that finds money
// that does not add up raises `reconciliation.failed` on the bus, which pages staff. It changes nothing; what each
// check found is kept on the job's run record for staff's health figure (decision 040).
import {
  dailyReconciliationDependencies,
  runDailyReconciliation,
} from '../../functions/services/admin/reconciliation';
import { findingsOf } from '../../functions/services/jobs/job-runs';
import { defineJob } from '../lib/define-job';

export const handler = defineJob('reconciliation', async ({ event, log }) => {
  const { results, alerts } = await runDailyReconciliation(dailyReconciliationDependencies(), event.runId);
  const counts: Record<string, number> = { alerts };
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
  return { status: 'completed', counts, findings: findingsOf(results) };
});
