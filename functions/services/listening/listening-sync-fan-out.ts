// The scheduled listening sync's first half (docs/decisions/008-listening-sync.md): page through the fans whose
// Spotify connection can be synced (the sync index, shard by shard, no Scan) and send each one's sync to the fan-work
// queue, where the worker runs `syncFanListening`. Running the same slot twice only syncs again, which stores
// nothing twice.
import type { FanWorkMessage } from '../../contracts/fan-work';
import { listSyncableFans, spotifySyncShardCount } from '../../data/spotify-sync';
import type { TableRef } from '../../data/table';
import { deploymentFanWorkQueue } from '../fan-work-queue';
import type { Logger } from '../../runtime/logger';
import { getTable } from '../../runtime/table';

/** One fan's sync, as the fan-work worker reads it. */
export type ListeningSyncMessage = Extract<FanWorkMessage, { kind: 'listening-sync' }>;

export interface ListeningSyncFanOutDependencies {
  table: TableRef;
  /** The fan-work queue (SQS in AWS, the local runtime's stand-in locally). */
  queue: { sendAll(messages: readonly ListeningSyncMessage[]): Promise<void> };
}

/** The deployment's table and fan-work queue; a job without the queue's URL cannot fan out, and says so. */
export function listeningSyncFanOutDependencies(): ListeningSyncFanOutDependencies {
  return { table: getTable(), queue: deploymentFanWorkQueue() };
}

/** Sends one sync message per syncable fan; counts the fans and the index pages read. */
export async function fanOutListeningSync(
  { table, queue }: ListeningSyncFanOutDependencies,
  { runId, log, pageSize = 100 }: { runId: string; log: Logger; pageSize?: number },
): Promise<{ fans: number; pages: number }> {
  let fans = 0;
  let pages = 0;
  for (let shard = 0; shard < spotifySyncShardCount; shard += 1) {
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await listSyncableFans(table, shard, { startKey, limit: pageSize });
      pages += 1;
      const messages = page.fanIds.map((fanId): ListeningSyncMessage => ({
        kind: 'listening-sync',
        fanId,
        runId,
      }));
      if (messages.length > 0) await queue.sendAll(messages);
      fans += messages.length;
      startKey = page.next;
    } while (startKey);
  }
  log.info('listening sync fanned out', { fans, pages });
  return { fans, pages };
}
