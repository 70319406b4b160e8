// Scheduled job 'pie-renewals' (events/definitions.ts). Its work is not built yet: it reports 'not_built'.
import { defineJob, notBuiltYet } from '../lib/define-job';

export const handler = defineJob('pie-renewals', notBuiltYet());
