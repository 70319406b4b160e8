// Scheduled job 'listening-sync' (events/definitions.ts): sends each fan whose Spotify connection can be synced to
// the fan-work queue, where the worker reads their recent plays (functions/services/listening/listening-sync-fan-out.ts).
import {
  fanOutListeningSync,
  listeningSyncFanOutDependencies,
} from '../../functions/services/listening/listening-sync-fan-out';
import { defineJob } from '../lib/define-job';

export const handler = defineJob('listening-sync', async ({ event, log }) => ({
  status: 'completed',
  counts: await fanOutListeningSync(listeningSyncFanOutDependencies(), { runId: event.runId, log }),
}));
