// The scheduled listening sync's first half (docs/decisions/008-listening-sync.md): page through the fans whose
// Spotify connection can be synced (the sync index, shard by shard, no Scan) and send their syncs to the fan-work
// queue, several fans a message (docs/decisions/048), where the worker runs `syncFanListening` for each. Running the
// same slot twice only syncs again, which stores nothing twice.
import type { FanWorkMessage } from '../../contracts/fan-work';
import { listeningSyncFansPerMessage } from '../../contracts/fan-work';
import { pagesOfSyncableFans } from '../../data/spotify-sync';
import type { TableRef } from '../../data/table';
import { deploymentFanWorkQueue } from '../fan-work-queue';
import type { Logger } from '../../runtime/logger';
import { getTable } from '../../runtime/table';

/** Some fans' syncs, as the fan-work worker reads them. */
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

/** Fans gathered before they are sent: ten full messages, one SendMessageBatch. */
const fansPerSend = 10 * listeningSyncFansPerMessage;

/** The fans' syncs in messages of `listeningSyncFansPerMessage` fans at most. */
export function listeningSyncMessagesOf(fanIds: readonly string[], runId: string): ListeningSyncMessage[] {
  const messages: ListeningSyncMessage[] = [];
  for (let start = 0; start < fanIds.length; start += listeningSyncFansPerMessage) {
    messages.push({
      kind: 'listening-sync',
      fanIds: fanIds.slice(start, start + listeningSyncFansPerMessage),
      runId,
    });
  }
  return messages;
}

/** Sends every syncable fan's sync, ten fans a message across pages and shards; counts fans, index pages, messages. */
export async function fanOutListeningSync(
  { table, queue }: ListeningSyncFanOutDependencies,
  { runId, log, pageSize = 100 }: { runId: string; log: Logger; pageSize?: number },
): Promise<{ fans: number; pages: number; messages: number }> {
  let fans = 0;
  let pages = 0;
  let messages = 0;
  let pending: string[] = [];
  const send = async (fanIds: readonly string[]) => {
    if (fanIds.length === 0) return;
    const batch = listeningSyncMessagesOf(fanIds, runId);
    await queue.sendAll(batch);
    messages += batch.length;
  };
  for await (const page of pagesOfSyncableFans(table, pageSize)) {
    pages += 1;
    pending.push(...page);
    fans += page.length;
    while (pending.length >= fansPerSend) {
      await send(pending.slice(0, fansPerSend));
      pending = pending.slice(fansPerSend);
    }
  }
  await send(pending);
  log.info('listening sync fanned out', { fans, pages, messages });
  return { fans, pages, messages };
}
