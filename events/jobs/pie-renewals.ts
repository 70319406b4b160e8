// Scheduled job 'pie-renewals' (events/definitions.ts): sends each pie whose period ended, and that is not split yet,
// to the fan-work queue, where the worker splits it (functions/services/pie/pie-split.ts). Renewals themselves arrive
// by Stripe's webhook (the paid invoice opens the next pie). Running the same slot twice sends a pie twice, and the
// split of a pie is idempotent, so it is split once.
import { fanOutPieSplits, pieSplitFanOutDependencies } from '../../functions/services/pie/pie-split';
import { defineJob } from '../lib/define-job';

export const handler = defineJob('pie-renewals', async ({ event, log, now }) => ({
  status: 'completed',
  counts: await fanOutPieSplits(pieSplitFanOutDependencies(), { runId: event.runId, log, now }),
}));
