// Scheduled job 'listening-sync' (events/definitions.ts): pages through the fans whose Spotify connection can be
// synced (the sync index, shard by shard, no Scan) and sends each one's sync to the fan-work queue, where the
// worker reads their recent plays. Running the same slot twice only syncs again, which stores nothing twice.
import { listSyncableFans, spotifySyncShardCount } from '../../functions/data/spotify-sync';
import { getEnv } from '../../functions/runtime/env';
import { getTable } from '../../functions/runtime/table';
import type { WorkQueue } from '../../functions/integrations/queue';
import { createWorkQueue } from '../../functions/integrations/queue';
import type { JobRun } from '../lib/define-job';
import { defineJob } from '../lib/define-job';
import type { FanWorkMessage } from '../schemas';

function loadWorkQueue(): WorkQueue {
  const env = getEnv();
  if (!env.FAN_WORK_QUEUE_URL) throw new Error('FAN_WORK_QUEUE_URL is not set: the job cannot fan out.');
  return createWorkQueue({
    region: env.AWS_REGION,
    queueUrl: env.FAN_WORK_QUEUE_URL,
    endpoint: env.QUEUE_ENDPOINT,
  });
}

/** The job's work, with its queue passed in so tests can see what it sends. */
export function fanOutListeningSync(queue: () => WorkQueue, pageSize = 100): JobRun {
  return async ({ event, log }) => {
    const table = getTable();
    const work = queue();
    let fans = 0;
    let pages = 0;
    for (let shard = 0; shard < spotifySyncShardCount; shard += 1) {
      let startKey: Record<string, unknown> | undefined;
      do {
        const page = await listSyncableFans(table, shard, { startKey, limit: pageSize });
        pages += 1;
        const messages: FanWorkMessage[] = page.fanIds.map((fanId) => ({
          kind: 'listening-sync',
          fanId,
          runId: event.runId,
        }));
        if (messages.length > 0) await work.sendAll(messages);
        fans += messages.length;
        startKey = page.next;
      } while (startKey);
    }
    log.info('listening sync fanned out', { fans, pages });
    return { status: 'completed', counts: { fans, pages } };
  };
}

export const handler = defineJob('listening-sync', fanOutListeningSync(loadWorkQueue));
